public import Messages

/// What reconciliation does with a PaymentIntent still `requires_capture`, and why.
public struct ReconcileDecision: Sendable, Equatable {
    /// `captured`, `canceled`, or `left` (kept for a later run).
    public var action: ReconcileAction
    /// `order completed`, `paid otherwise`, `abandoned by the platform`, `abandoned` (grace
    /// over) or `within grace`.
    public var reason: String

    /// Capture when the platform completed the order and it was not paid by other means;
    /// cancel when it was paid otherwise or the platform abandoned it; otherwise (nobody
    /// spoke) cancel only once the grace is over (`graceOver`), else leave it. Pure; thread-safe.
    public static func decide(_ order: OrderFlags?, graceOver: Bool = true) -> ReconcileDecision {
        if let order {
            if order.paidOtherwise { return ReconcileDecision(action: .canceled, reason: "paid otherwise") }
            if order.completed { return ReconcileDecision(action: .captured, reason: "order completed") }
            if order.abandoned { return ReconcileDecision(action: .canceled, reason: "abandoned by the platform") }
        }
        return graceOver
            ? ReconcileDecision(action: .canceled, reason: "abandoned")
            : ReconcileDecision(action: .left, reason: "within grace")
    }
}
