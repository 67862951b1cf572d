/// `terminal.reconciliation.completed`, described in ``messageDescription`` (the catalogue's text).
public struct ReconciliationCompleted: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.reconciliation.completed"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A reconciliation run finished, with how many PaymentIntents it captured, canceled and left, and each decision (the report): `payments` lists every PaymentIntent with `captured`, `canceled` or `left` and why."

    /// How many were captured.
    public var captured: Int
    /// How many were canceled.
    public var canceled: Int
    /// How many were left.
    public var left: Int
    /// `command` or `schedule`.
    public var trigger: String
    /// When it happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int
    /// Each decision: the PaymentIntent, its order, `captured`/`canceled`/`left` and why.
    public var payments: [ReconciledPayment]?
    /// The time zone of a scheduled daily run (its locations' zone).
    public var timeZone: String?
    /// The local date (`YYYY-MM-DD`) a scheduled daily run closes.
    public var localDate: String?

    /// Creates the event; optional fields default to absent.
    public init(
        captured: Int, canceled: Int, left: Int, trigger: String, occurredAt: Int,
        payments: [ReconciledPayment]? = nil, timeZone: String? = nil, localDate: String? = nil
    ) {
        self.payments = payments
        self.timeZone = timeZone
        self.localDate = localDate
        self.captured = captured
        self.canceled = canceled
        self.left = left
        self.trigger = trigger
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "captured": "How many were captured.",
        "canceled": "How many were canceled.",
        "left": "How many were left.",
        "trigger": "`command` or `schedule`.",
        "payments": "Each decision: the PaymentIntent, its order, `captured`/`canceled`/`left` and why.",
        "time_zone": "The time zone of a scheduled daily run (its locations' zone).",
        "local_date": "The local date (`YYYY-MM-DD`) a scheduled daily run closes.",
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
    ]
}
