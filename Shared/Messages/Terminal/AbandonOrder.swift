/// `terminal.abandon_order`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct AbandonOrder: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.abandon_order"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "The platform says the order was abandoned (the customer left, the sale was voided), so reconciliation cancels its PaymentIntent at its next run without waiting for the grace. An order already completed is not abandoned (`conflict.invalid_state`)."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String

    /// Creates the command.
    public init(orderReference: String) {
        self.orderReference = orderReference
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order."
    ]

    /// The order's state after the change.
    public typealias Result = TerminalOrderState

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.nonEmpty(orderReference, field: "order_reference")
    }
}

extension AbandonOrder: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "order_reference": .nonEmpty
        ]
    }
}
