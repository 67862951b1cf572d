public import Messages

/// What reconciliation does with a PaymentIntent still `requires_capture`, and why.
public struct ReconcileDecision: Sendable, Equatable {
    /// `captured` or `canceled` (reconciliation never decides `left`; failures do).
    public var action: ReconcileAction
    /// `order completed`, `paid otherwise` or `abandoned`.
    public var reason: String

    /// Capture when the point-of-sale app completed the order and it was not paid by other
    /// means; cancel otherwise (paid otherwise, or abandoned). Pure; thread-safe.
    public static func decide(_ order: OrderFlags?) -> ReconcileDecision {
        guard let order else { return ReconcileDecision(action: .canceled, reason: "abandoned") }
        if order.paidOtherwise { return ReconcileDecision(action: .canceled, reason: "paid otherwise") }
        if order.completed { return ReconcileDecision(action: .captured, reason: "order completed") }
        return ReconcileDecision(action: .canceled, reason: "abandoned")
    }
}
