import Messages
import Runtime

/// The payment a card step (`terminal.collect_payment_method`, `terminal.confirm_payment`)
/// works on: recorded (`not_found.payment_intent` otherwise) and still waiting for its card,
/// `requires_payment_method` or `processing` (`conflict.invalid_state` otherwise: an authorized,
/// captured or canceled payment is never collected or confirmed again).
/// Thread-safety: `Sendable`, stateless.
struct AwaitingCard: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// The payment of `paymentIntent`, or the reply refusing the step named `step` ("collect",
    /// "confirm").
    /// - Throws: `StoreError`.
    func payment(_ paymentIntent: String, for step: String, context: HandlerContext) throws -> Result<TerminalPayment, ReplyError> {
        guard let payment = try payments.find(paymentIntent: paymentIntent, on: context.db) else {
            return .failure(.notFound("payment_intent", id: paymentIntent))
        }
        guard payment.state == .requiresPaymentMethod || payment.state == .processing else {
            return .failure(.conflict("invalid_state", "payment_intent \(payment.paymentIntent) is \(payment.state.rawValue); nothing to \(step)"))
        }
        return .success(payment)
    }
}
