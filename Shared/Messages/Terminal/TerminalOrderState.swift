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
    /// The platform said the order was abandoned: reconciliation cancels its PaymentIntent
    /// without waiting for the grace.
    public var abandoned: Bool?

    /// Creates the value; optional fields default to absent.
    public init(orderReference: String, completed: Bool, paidOtherwise: Bool, paymentIntent: String? = nil, abandoned: Bool? = nil) {
        self.abandoned = abandoned
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
        "abandoned": "The platform said the order was abandoned: reconciliation cancels its PaymentIntent without waiting for the grace.",
    ]
}
