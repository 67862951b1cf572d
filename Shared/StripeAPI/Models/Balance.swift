/// An account's balance (`object: "balance"`): funds available for payouts and funds still
/// pending, per currency. See https://docs.stripe.com/api/balance/balance_object.
public struct Balance: Codable, Sendable, Equatable {
    /// Always `balance`.
    public var object: String?
    /// Funds that can be paid out, one entry per currency.
    public var available: [Amount]?
    /// Funds not yet available (e.g. charges still settling), one entry per currency.
    public var pending: [Amount]?
    /// Whether this is live-mode data.
    public var livemode: Bool?

    /// A value with the given fields (for tests and fakes).
    public init(object: String? = nil, available: [Amount]? = nil, pending: [Amount]? = nil, livemode: Bool? = nil) {
        self.object = object
        self.available = available
        self.pending = pending
        self.livemode = livemode
    }

    /// One currency's amount in the smallest currency unit (negative when the account owes).
    public struct Amount: Codable, Sendable, Equatable {
        /// Amount in the smallest currency unit.
        public var amount: Int
        /// Three-letter currency code, lowercase.
        public var currency: String

        /// A value with the given fields.
        public init(amount: Int, currency: String) {
            self.amount = amount
            self.currency = currency
        }
    }
}
