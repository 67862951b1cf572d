/// `payments.balance.negative`, described in ``messageDescription`` (the catalogue's text).
public struct BalanceNegative: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.balance.negative"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The available balance of a connected account whose losses the platform carries (`controller.losses.payments` `application`) is negative in at least one currency: the platform answers for the debt (a dispute or refund larger than the funds) and should act (e.g. collect it from the seller, pause payouts). Published with the `payments.balance.updated` of every Stripe balance that shows it."

    /// The seller's connected account.
    public var account: String
    /// The currencies whose available amount is negative, with that amount (sorted by currency).
    public var negative: [GetBalance.Amount]
    /// When Stripe reported it (the Stripe event's `created`, Unix seconds).
    public var occurredAt: Int

    /// Creates the event.
    public init(account: String, negative: [GetBalance.Amount], occurredAt: Int) {
        self.account = account
        self.negative = negative
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "negative": "The currencies whose available amount is negative, with that amount (sorted by currency).",
        "occurred_at": "When Stripe reported it (the Stripe event's `created`, Unix seconds).",
    ]
}
