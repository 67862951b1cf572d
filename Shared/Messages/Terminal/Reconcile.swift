/// `terminal.reconcile`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct Reconcile: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.reconcile"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "For every PaymentIntent still `requires_capture`: capture it if the platform marked its order completed and not paid by other means; cancel it when paid otherwise or abandoned by the platform's word (`terminal.abandon_order`), or when nothing was said and the grace (`RECONCILE_GRACE`, default end of the location's day, at least an hour) has passed; otherwise leave it. Before deciding, lists the selling accounts' PaymentIntents at Stripe and records the uncaptured in-person ones the gateway never heard of, so they are reconciled too (one not yet authorized is reported `left`). Captures carry the fee policy's fee. Report what was done. Also runs on a schedule; safe with several replicas."

    /// Only PaymentIntents authorized at least this many seconds ago; absent means all.
    public var olderThanSeconds: Int?
    /// Report what would be done without doing it.
    public var dryRun: Bool?
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// PaymentIntents (`pi_…`, up to 100, distinct) the point-of-sale app created that the gateway
    /// may never have seen: each is retrieved on `account`, must be card-present, and is recorded
    /// before the run (so it is reconciled like the others).
    public var paymentIntents: [String]?
    /// Only payments taken at locations in this IANA time zone (locations without one count
    /// as `RECONCILE_TIME_ZONE`); the daily schedule sends one run per zone.
    public var timeZone: String?

    /// Creates the command; optional fields default to absent.
    public init(
        olderThanSeconds: Int? = nil, dryRun: Bool? = nil, account: String? = nil, paymentIntents: [String]? = nil,
        timeZone: String? = nil
    ) {
        self.timeZone = timeZone
        self.olderThanSeconds = olderThanSeconds
        self.dryRun = dryRun
        self.account = account
        self.paymentIntents = paymentIntents
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "older_than_seconds": "Only PaymentIntents authorized at least this many seconds ago; absent means all.",
        "dry_run": "Report what would be done without doing it.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "time_zone":
            "Only payments taken at locations in this IANA time zone (locations without one count as `RECONCILE_TIME_ZONE`); the daily schedule sends one run per zone.",
        "payment_intents":
            "PaymentIntents (`pi_…`, up to 100, distinct) the point-of-sale app created that the gateway may never have seen: each is retrieved on `account`, must be card-present, and is recorded before the run (so it is reconciled like the others).",
    ]

    /// The counts and the per-payment report.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// How many were captured.
        public var captured: Int
        /// How many were canceled.
        public var canceled: Int
        /// How many were left (undecided or failed).
        public var left: Int
        /// What was done with each.
        public var payments: [ReconciledPayment]

        /// Creates the result; optional fields default to absent.
        public init(captured: Int, canceled: Int, left: Int, payments: [ReconciledPayment]) {
            self.captured = captured
            self.canceled = canceled
            self.left = left
            self.payments = payments
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "captured": "How many were captured.",
            "canceled": "How many were canceled.",
            "left": "How many were left (undecided or failed).",
            "payments": "What was done with each.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        if let olderThanSeconds, olderThanSeconds < 0 { throw .invalid("older_than_seconds", "must not be negative") }
        try Validation.id(account, prefix: "acct_", field: "account")
        if let paymentIntents {
            try Validation.nonEmpty(paymentIntents, field: "payment_intents")
            guard paymentIntents.count <= 100 else { throw .invalid("payment_intents", "at most 100") }
            guard Set(paymentIntents).count == paymentIntents.count else { throw .invalid("payment_intents", "must be distinct") }
            for id in paymentIntents { try Validation.id(id, prefix: "pi_", field: "payment_intents") }
        }
        try TimeZoneRule.validate(timeZone)
    }
}

extension Reconcile: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "older_than_seconds": .nonNegative,
            "account": .account,
            "payment_intents": .stripeIds("pi_", maximum: 100),
            "time_zone": TimeZoneRule.schema,
        ]
    }
}
