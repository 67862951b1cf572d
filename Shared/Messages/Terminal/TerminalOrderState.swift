/// What the gateway knows about a point-of-sale order, for reconciliation.
public struct TerminalOrderState: Codable, Sendable, Equatable, FieldDocumented {
    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// The point-of-sale app marked the order completed.
    public var completed: Bool
    /// The order was paid by other means (cash, another card): its PaymentIntent must not be
    /// captured.
    public var paidOtherwise: Bool
    /// The order's PaymentIntent, if one exists.
    public var paymentIntent: String?

    /// Creates the value; optional fields default to absent.
    public init(orderReference: String, completed: Bool, paidOtherwise: Bool, paymentIntent: String? = nil) {
        self.orderReference = orderReference
        self.completed = completed
        self.paidOtherwise = paidOtherwise
        self.paymentIntent = paymentIntent
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "completed": "The point-of-sale app marked the order completed.",
        "paid_otherwise": "The order was paid by other means (cash, another card): its PaymentIntent must not be captured.",
        "payment_intent": "The order's PaymentIntent, if one exists.",
    ]
}
