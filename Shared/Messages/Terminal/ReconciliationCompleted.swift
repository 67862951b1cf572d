/// `terminal.reconciliation.completed`: A reconciliation run finished, with how many PaymentIntents
/// it captured, canceled and left.
public struct ReconciliationCompleted: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.reconciliation.completed"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "A reconciliation run finished, with how many PaymentIntents it captured, canceled and left."

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

    /// Creates the event; optional fields default to absent.
    public init(captured: Int, canceled: Int, left: Int, trigger: String, occurredAt: Int) {
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
        "occurred_at": "When it happened (the Stripe event's `created`, or the service's clock).",
    ]
}
