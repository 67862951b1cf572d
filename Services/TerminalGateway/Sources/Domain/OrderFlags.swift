/// What the point-of-sale app said about an order (`terminal.complete_order`,
/// `terminal.mark_paid_otherwise`). Thread-safety: a plain `Sendable` value.
public struct OrderFlags: Sendable, Equatable {
    /// The point-of-sale order id.
    public var orderReference: String
    /// The goods were handed over: capture its payment.
    public var completed: Bool
    /// Paid by other means (cash, another card): never capture its payment.
    public var paidOtherwise: Bool
    /// The platform said the order was abandoned: cancel its payment without waiting.
    public var abandoned: Bool

    /// Flags for an order.
    public init(orderReference: String, completed: Bool = false, paidOtherwise: Bool = false, abandoned: Bool = false) {
        self.abandoned = abandoned
        self.orderReference = orderReference
        self.completed = completed
        self.paidOtherwise = paidOtherwise
    }
}
