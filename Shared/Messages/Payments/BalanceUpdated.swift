/// `payments.balance.updated`, described in ``messageDescription`` (the catalogue's text).
public struct BalanceUpdated: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.balance.updated"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A connected account's Stripe balance changed (`balance.available` on the Connect endpoint): its available and pending funds per currency, as Stripe reported them. Published once per Stripe event; an event older than the last one applied for the account publishes nothing."

    /// The seller's connected account.
    public var account: String
    /// Funds that can be paid out, per currency (sorted by currency); negative when the account owes.
    public var available: [GetBalance.Amount]
    /// Funds not yet available (charges still settling), per currency (sorted by currency).
    public var pending: [GetBalance.Amount]
    /// When Stripe reported it (the Stripe event's `created`, Unix seconds).
    public var occurredAt: Int

    /// Creates the event.
    public init(account: String, available: [GetBalance.Amount], pending: [GetBalance.Amount], occurredAt: Int) {
        self.account = account
        self.available = available
        self.pending = pending
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "available": "Funds that can be paid out, per currency (sorted by currency); negative when the account owes.",
        "pending": "Funds not yet available (charges still settling), per currency (sorted by currency).",
        "occurred_at": "When Stripe reported it (the Stripe event's `created`, Unix seconds).",
    ]
}
