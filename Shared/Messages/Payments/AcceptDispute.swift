/// `payments.accept_dispute`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct AcceptDispute: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.accept_dispute"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Accepts a dispute on an order's payment as lost, with no evidence (`POST /v1/disputes/{id}/close` on the connected account): the buyer keeps the money. Refused with `conflict.dispute_not_open` once the dispute is under review or closed, `not_found.dispute` for a dispute the service has not recorded on the account."

    /// The seller's connected account; the disputed charge is a direct charge on it.
    public var account: String
    /// The dispute (`dp_…`), as `payments.dispute.opened` names it.
    public var dispute: String

    /// Creates the command.
    public init(account: String, dispute: String) {
        self.account = account
        self.dispute = dispute
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account; the disputed charge is a direct charge on it.",
        "dispute": "The dispute (`dp_…`), as `payments.dispute.opened` names it.",
    ]

    /// The closed dispute.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The dispute (`dp_…`).
        public var dispute: String
        /// The platform's order id of the disputed payment.
        public var orderReference: String
        /// The dispute's status now: `lost` (`warning_closed` for an inquiry).
        public var status: DisputeStatus

        /// Creates the result.
        public init(account: String, dispute: String, orderReference: String, status: DisputeStatus) {
            self.account = account
            self.dispute = dispute
            self.orderReference = orderReference
            self.status = status
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "dispute": "The dispute (`dp_…`).",
            "order_reference": "The platform's order id of the disputed payment.",
            "status": "The dispute's status now: `lost` (`warning_closed` for an inquiry).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.id(dispute, prefix: "dp_", field: "dispute")
    }
}

extension AcceptDispute: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["account": .account, "dispute": .stripeId("dp_")] }
}
