/// `payments.submit_dispute_evidence`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct SubmitDisputeEvidence: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.submit_dispute_evidence"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Stages or submits evidence for a dispute on an order's payment (`POST /v1/disputes/{id}` on the connected account). With `submit` false (the default, as Stripe's) the evidence is a draft that may be changed; with `submit` true it goes to the bank and cannot be changed again. Without evidence, `submit` must be true (it submits the staged draft). Refused with `conflict.dispute_not_open` once the dispute is under review or closed, `not_found.dispute` for a dispute the service has not recorded on the account."

    /// The seller's connected account; the disputed charge is a direct charge on it.
    public var account: String
    /// The dispute (`dp_…`), as `payments.dispute.opened` names it.
    public var dispute: String
    /// Evidence to stage (replacing the fields given); absent only when `submit` is true.
    public var evidence: DisputeEvidence?
    /// True submits the evidence to the bank; false or absent stages a draft.
    public var submit: Bool?

    /// Creates the command; optional fields default to absent.
    public init(account: String, dispute: String, evidence: DisputeEvidence? = nil, submit: Bool? = nil) {
        self.account = account
        self.dispute = dispute
        self.evidence = evidence
        self.submit = submit
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the disputed charge is a direct charge on it.",
        "dispute": "The dispute (`dp_…`), as `payments.dispute.opened` names it.",
        "evidence": "Evidence to stage (replacing the fields given); absent only when `submit` is true.",
        "submit": "True submits the evidence to the bank; false or absent stages a draft.",
    ]

    /// The dispute after the update.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The dispute (`dp_…`).
        public var dispute: String
        /// The platform's order id of the disputed payment.
        public var orderReference: String
        /// The dispute's status now (`under_review` once submitted).
        public var status: DisputeStatus
        /// True when this command submitted the evidence.
        public var submitted: Bool
        /// Whether any evidence is staged.
        public var hasEvidence: Bool
        /// How many times evidence was submitted.
        public var submissionCount: Int
        /// The evidence deadline (Unix seconds), when Stripe gives one.
        public var evidenceDueBy: Int?

        /// Creates the result.
        public init(
            account: String, dispute: String, orderReference: String, status: DisputeStatus, submitted: Bool, hasEvidence: Bool,
            submissionCount: Int, evidenceDueBy: Int? = nil
        ) {
            self.account = account
            self.dispute = dispute
            self.orderReference = orderReference
            self.status = status
            self.submitted = submitted
            self.hasEvidence = hasEvidence
            self.submissionCount = submissionCount
            self.evidenceDueBy = evidenceDueBy
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "dispute": "The dispute (`dp_…`).",
            "order_reference": "The platform's order id of the disputed payment.",
            "status": "The dispute's status now (`under_review` once submitted).",
            "submitted": "True when this command submitted the evidence.",
            "has_evidence": "Whether any evidence is staged.",
            "submission_count": "How many times evidence was submitted.",
            "evidence_due_by": "The evidence deadline (Unix seconds), when Stripe gives one.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.id(dispute, prefix: "dp_", field: "dispute")
        guard let evidence else {
            guard submit == true else { throw .missingField("evidence") }
            return
        }
        guard !evidence.given.isEmpty else { throw .invalid("evidence", "must give at least one field") }
        try evidence.validate()
    }
}

extension SubmitDisputeEvidence: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "dispute": .stripeId("dp_"), "evidence": SchemaRule(["minProperties": .int(1)])]
    }

    /// Without `submit: true`, `evidence` is required.
    public static var objectRules: [SchemaRule] {
        [
            .when(
                ["not": ["required": ["submit"], "properties": ["submit": ["const": true]]]],
                then: SchemaRule.shape(required: ["evidence"]))
        ]
    }
}
