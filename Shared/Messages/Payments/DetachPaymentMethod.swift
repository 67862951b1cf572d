/// `payments.detach_payment_method`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct DetachPaymentMethod: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "payments.detach_payment_method"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Removes a saved payment method of a buyer on a connected account (`POST /v1/payment_methods/{id}/detach`). The method must be the buyer's: a method of another customer or account is refused with `conflict.payment_method_not_saved` before anything is detached; an unknown buyer with `not_found.customer`. Detaching a method that is already detached answers `detached` again (idempotent)."

    /// The seller's connected account.
    public var account: String
    /// The platform's own id of the buyer.
    public var customerReference: String
    /// The saved PaymentMethod (`pm_…`).
    public var paymentMethod: String

    /// Creates the command.
    public init(account: String, customerReference: String, paymentMethod: String) {
        self.account = account
        self.customerReference = customerReference
        self.paymentMethod = paymentMethod
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The seller's connected account.",
        "customer_reference": "The platform's own id of the buyer.",
        "payment_method": "The saved PaymentMethod (`pm_…`).",
    ]

    /// The detached method.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The seller's connected account.
        public var account: String
        /// The platform's id of the buyer.
        public var customerReference: String
        /// The PaymentMethod (`pm_…`), no longer saved for the buyer.
        public var paymentMethod: String
        /// Always true.
        public var detached: Bool

        /// Creates the result.
        public init(account: String, customerReference: String, paymentMethod: String, detached: Bool = true) {
            self.account = account
            self.customerReference = customerReference
            self.paymentMethod = paymentMethod
            self.detached = detached
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The seller's connected account.",
            "customer_reference": "The platform's id of the buyer.",
            "payment_method": "The PaymentMethod (`pm_…`), no longer saved for the buyer.",
            "detached": "Always true.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.account(account)
        try Validation.nonEmpty(customerReference, field: "customer_reference")
        try Validation.id(paymentMethod, prefix: "pm_", field: "payment_method")
    }
}

extension DetachPaymentMethod: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["account": .account, "customer_reference": .nonEmpty, "payment_method": .stripeId("pm_")]
    }
}
