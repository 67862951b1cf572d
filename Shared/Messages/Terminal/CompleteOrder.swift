/// `terminal.complete_order`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CompleteOrder: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.complete_order"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The point-of-sale app says the order is completed (goods handed over), so reconciliation captures its PaymentIntent unless it was paid by other means."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// The order's PaymentIntent, when the app knows it.
    public var paymentIntent: String?

    /// Creates the command; optional fields default to absent.
    public init(orderReference: String, paymentIntent: String? = nil) {
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "payment_intent": "The order's PaymentIntent, when the app knows it.",
    ]

    /// The order's state after the change.
    public typealias Result = TerminalOrderState

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.nonEmpty(orderReference, field: "order_reference")
        try Validation.id(paymentIntent, prefix: "pi_", field: "payment_intent")
    }
}

extension CompleteOrder: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "order_reference": .nonEmpty,
            "payment_intent": .stripeId("pi_"),
        ]
    }
}
