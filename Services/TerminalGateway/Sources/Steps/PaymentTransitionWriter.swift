import Runtime
import Store

/// Applies an input to a payment inside the message's transaction: locks the row, runs the
/// state machine, stores the result and publishes its events. Thread-safety: `Sendable`.
struct PaymentTransitionWriter: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Applies `input` to the payment of `paymentIntent` and returns the transition, or
    /// `nil` when the gateway does not know the PaymentIntent.
    /// - Throws: `StoreError`, `EncodingError`.
    @discardableResult
    func apply(
        _ input: TerminalPaymentInput, paymentIntent: String, occurredAt: Int, db: PGConnection,
        context: HandlerContext
    ) throws -> TerminalPaymentTransition? {
        guard let current = try payments.find(paymentIntent: paymentIntent, lock: true, on: db) else { return nil }
        let transition = TerminalPaymentMachine.apply(input, to: current)
        if transition.payment != current { try payments.update(transition.payment, on: db) }
        try PaymentEventPublisher.publish(transition, occurredAt: occurredAt, context: context)
        return transition
    }
}
