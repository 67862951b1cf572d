/// `payments.statement.ready`, described in ``messageDescription`` (the catalogue's text).
public struct StatementReady: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.statement.ready"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A seller's daily statement: the lines of `payments.get_statement` for one local day (`STATEMENT_TIME_ZONE`), published once per connected account and day after the day ends (`STATEMENT_LOCAL_TIME` the next morning)."

    /// The seller's connected account.
    public var account: String
    /// The local date it covers, `YYYY-MM-DD`.
    public var date: String
    /// The IANA time zone of the date.
    public var timeZone: String
    /// The day's start (Unix seconds, included).
    public var from: Int
    /// The day's end (Unix seconds, excluded).
    public var to: Int
    /// The totals per currency (sorted by currency).
    public var currencies: [StatementTotals]
    /// How many balance transactions Stripe listed for the day.
    public var transactions: Int
    /// The transactions that do not match the suite's records (empty when all do).
    public var discrepancies: [StatementDiscrepancy]

    /// Creates the event.
    public init(
        account: String, date: String, timeZone: String, from: Int, to: Int, currencies: [StatementTotals], transactions: Int,
        discrepancies: [StatementDiscrepancy]
    ) {
        self.account = account
        self.date = date
        self.timeZone = timeZone
        self.from = from
        self.to = to
        self.currencies = currencies
        self.transactions = transactions
        self.discrepancies = discrepancies
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "date": "The local date it covers, YYYY-MM-DD.",
        "time_zone": "The IANA time zone of the date.",
        "from": "The day's start (Unix seconds, included).",
        "to": "The day's end (Unix seconds, excluded).",
        "currencies": "The totals per currency (sorted by currency).",
        "transactions": "How many balance transactions Stripe listed for the day.",
        "discrepancies": "The transactions that do not match the suite's records (empty when all do).",
    ]
}
