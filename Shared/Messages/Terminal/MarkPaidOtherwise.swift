/// `terminal.mark_paid_otherwise`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct MarkPaidOtherwise: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.mark_paid_otherwise"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The point-of-sale app says the order was paid by other means (cash, another card), so reconciliation cancels its PaymentIntent instead of capturing it."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// How it was paid, e.g. cash.
    public var method: String?

    /// Creates the command; optional fields default to absent.
    public init(orderReference: String, method: String? = nil) {
        self.orderReference = orderReference
        self.method = method
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "method": "How it was paid, e.g. cash.",
    ]

    /// The order's state after the change.
    public typealias Result = TerminalOrderState

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.nonEmpty(orderReference, field: "order_reference")
    }
}

extension MarkPaidOtherwise: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "order_reference": .nonEmpty
        ]
    }
}
