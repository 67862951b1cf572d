/// `payments.get_statement`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct GetStatement: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.get_statement"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The seller's statement for a period, per currency (gross sales, application fees, Stripe fees, refunds, fee refunds, dispute withdrawals and reinstatements, the net, payouts), built from the connected account's balance transactions at Stripe (`GET /v1/balance_transactions` with `Stripe-Account`, `created` in `[from, to)`) and reconciled against the suite's own orders, refunds and disputes: every transaction that does not match them is reported in `discrepancies`, never hidden. Reads only; writes and publishes nothing (the daily statement, `payments.statement.ready`, is this command published by the service's scheduler)."

    /// The longest period a statement covers: 366 days, in seconds.
    public static let maximumRangeSeconds = 366 * 86_400

    /// The seller's connected account.
    public var account: String
    /// The period's start (Unix seconds, included).
    public var from: Int
    /// The period's end (Unix seconds, excluded); after `from`, at most 366 days later.
    public var to: Int

    /// Creates the command.
    public init(account: String, from: Int, to: Int) {
        self.account = account
        self.from = from
        self.to = to
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "from": "The period's start (Unix seconds, included).",
        "to":
            "The period's end (Unix seconds, excluded); after from and at most 366 days (31,622,400 seconds) later (validation.statement_range; JSON Schema cannot compare two fields, the service checks it).",
    ]

    /// The statement.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The period's start (Unix seconds, included).
        public var from: Int
        /// The period's end (Unix seconds, excluded).
        public var to: Int
        /// The totals per currency (sorted by currency).
        public var currencies: [StatementTotals]
        /// How many balance transactions Stripe listed for the period.
        public var transactions: Int
        /// The transactions that do not match the suite's records (empty when all do).
        public var discrepancies: [StatementDiscrepancy]

        /// Creates the result.
        public init(
            account: String, from: Int, to: Int, currencies: [StatementTotals], transactions: Int, discrepancies: [StatementDiscrepancy]
        ) {
            self.account = account
            self.from = from
            self.to = to
            self.currencies = currencies
            self.transactions = transactions
            self.discrepancies = discrepancies
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "from": "The period's start (Unix seconds, included).",
            "to": "The period's end (Unix seconds, excluded).",
            "currencies": "The totals per currency (sorted by currency).",
            "transactions": "How many balance transactions Stripe listed for the period.",
            "discrepancies": "The transactions that do not match the suite's records (empty when all do).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        guard from >= 0 else {
            throw ReplyError(code: ReplyError.Code.statementRange, message: "from must be a Unix time in seconds, 0 or more", field: "from")
        }
        guard to > from else {
            throw ReplyError(code: ReplyError.Code.statementRange, message: "to must be after from", field: "to")
        }
        guard to - from <= Self.maximumRangeSeconds else {
            throw ReplyError(
                code: ReplyError.Code.statementRange,
                message: "a statement covers at most 366 days; ask for a year at a time", field: "to")
        }
    }
}

extension GetStatement: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (the range's length is
    /// the service's: JSON Schema cannot compare two fields).
    public static var fieldRules: [String: SchemaRule] { ["account": .account, "from": .nonNegative, "to": SchemaRule(["minimum": .int(1)])] }
}
