/// A dispute on a charge (`object: "dispute"`): the cardholder questioned the payment with
/// their bank. See https://docs.stripe.com/api/disputes/object.
public struct Dispute: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The dispute id, `dp_…`.
    public var id: String
    /// Always `dispute`.
    public var object: String?
    /// Disputed amount in the smallest currency unit (usually the charge's amount).
    public var amount: Int?
    /// Three-letter currency code, lowercase.
    public var currency: String?
    /// The disputed charge.
    public var charge: Expandable<Charge>?
    /// The disputed PaymentIntent, when the charge had one.
    public var paymentIntent: Expandable<PaymentIntent>?
    /// Stripe's category: `fraudulent`, `product_not_received`, `general`, … (kept as given).
    public var reason: String?
    /// Where the dispute stands.
    public var status: Status?
    /// Evidence deadline and submissions.
    public var evidenceDetails: EvidenceDetails?
    /// The evidence given so far, by Stripe's field name (text, or a File id for file fields).
    public var evidence: [String: StripeJSONValue]?
    /// Zero, one or two balance transactions: the funds withdrawn and, when won, reinstated.
    public var balanceTransactions: [BalanceTransaction]?
    /// Whether the disputed payment can still be refunded.
    public var isChargeRefundable: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, amount: Int? = nil, currency: String? = nil, charge: Expandable<Charge>? = nil,
        paymentIntent: Expandable<PaymentIntent>? = nil, reason: String? = nil, status: Status? = nil,
        evidenceDetails: EvidenceDetails? = nil, evidence: [String: StripeJSONValue]? = nil,
        balanceTransactions: [BalanceTransaction]? = nil, isChargeRefundable: Bool? = nil,
        metadata: [String: String]? = nil, created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.amount = amount
        self.currency = currency
        self.charge = charge
        self.paymentIntent = paymentIntent
        self.reason = reason
        self.status = status
        self.evidenceDetails = evidenceDetails
        self.evidence = evidence
        self.balanceTransactions = balanceTransactions
        self.isChargeRefundable = isChargeRefundable
        self.metadata = metadata
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case amount
        case currency
        case charge
        case paymentIntent = "payment_intent"
        case reason
        case status
        case evidenceDetails = "evidence_details"
        case evidence
        case balanceTransactions = "balance_transactions"
        case isChargeRefundable = "is_charge_refundable"
        case metadata
        case created
    }

    /// `evidence_details`: when evidence is due and what was submitted.
    public struct EvidenceDetails: Codable, Sendable, Equatable {
        /// The deadline for evidence, Unix seconds (absent once it no longer applies).
        public var dueBy: Int?
        /// Whether evidence has been staged.
        public var hasEvidence: Bool?
        /// Whether the deadline has passed.
        public var pastDue: Bool?
        /// How many times evidence was submitted.
        public var submissionCount: Int?

        /// A value with the given fields (for tests and fakes).
        public init(dueBy: Int? = nil, hasEvidence: Bool? = nil, pastDue: Bool? = nil, submissionCount: Int? = nil) {
            self.dueBy = dueBy
            self.hasEvidence = hasEvidence
            self.pastDue = pastDue
            self.submissionCount = submissionCount
        }

        enum CodingKeys: String, CodingKey {
            case dueBy = "due_by"
            case hasEvidence = "has_evidence"
            case pastDue = "past_due"
            case submissionCount = "submission_count"
        }
    }

    /// One of the dispute's `balance_transactions` (the parts this suite reads).
    public struct BalanceTransaction: Codable, Sendable, Equatable {
        /// `txn_…`.
        public var id: String
        /// Gross amount, smallest currency unit (negative for the withdrawal).
        public var amount: Int?
        /// Stripe's fee on it (the dispute fee), smallest currency unit.
        public var fee: Int?
        /// `amount` less `fee`.
        public var net: Int?
        /// `adjustment` for disputes.
        public var type: String?
        /// `dispute` (withdrawal) or `dispute_reversal` (reinstatement).
        public var reportingCategory: String?

        /// A value with the given fields (for tests and fakes).
        public init(id: String, amount: Int? = nil, fee: Int? = nil, net: Int? = nil, type: String? = nil, reportingCategory: String? = nil) {
            self.id = id
            self.amount = amount
            self.fee = fee
            self.net = net
            self.type = type
            self.reportingCategory = reportingCategory
        }

        enum CodingKeys: String, CodingKey {
            case id
            case amount
            case fee
            case net
            case type
            case reportingCategory = "reporting_category"
        }
    }
}
