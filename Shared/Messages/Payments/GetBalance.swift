/// `payments.get_balance`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct GetBalance: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.get_balance"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The connected account's balance at Stripe (`GET /v1/balance` with `Stripe-Account`): available and pending per currency, in the smallest currency unit (an amount may be negative: the account owes, e.g. after a dispute). Reads only; writes and publishes nothing."

    /// The seller's connected account.
    public var account: String

    /// Creates the command.
    public init(account: String) {
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = ["account": "The seller's connected account."]

    /// One currency's amount.
    public struct Amount: Codable, Sendable, Equatable, FieldDocumented {
        /// Three-letter currency code, lowercase.
        public var currency: String
        /// Amount in the smallest currency unit; negative when the account owes.
        public var amount: Int

        /// Creates the value.
        public init(currency: String, amount: Int) {
            self.currency = currency
            self.amount = amount
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "currency": "Three-letter currency code, lowercase.",
            "amount": "Amount in the smallest currency unit; negative when the account owes.",
        ]
    }

    /// The balance.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// Funds that can be paid out, per currency (sorted by currency).
        public var available: [Amount]
        /// Funds not yet available (charges still settling), per currency (sorted by currency).
        public var pending: [Amount]

        /// Creates the result.
        public init(account: String, available: [Amount], pending: [Amount]) {
            self.account = account
            self.available = available
            self.pending = pending
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "available": "Funds that can be paid out, per currency (sorted by currency).",
            "pending": "Funds not yet available (charges still settling), per currency (sorted by currency).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
    }
}

extension GetBalance: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["account": .account] }
}
