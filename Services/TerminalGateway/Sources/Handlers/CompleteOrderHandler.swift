import Messages
import Runtime

/// `terminal.complete_order` (batched, database only): the point-of-sale app handed the
/// goods over, so reconciliation captures the order's payment unless it was paid otherwise.
/// Idempotent (setting a flag twice changes nothing). Thread-safety: `Sendable`, stateless.
struct CompleteOrderHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `StoreError`.
    func handle(_ command: CompleteOrder, _ context: inout HandlerContext) throws -> Reply<CompleteOrder.Result> {
        let flags = try orders.complete(command.orderReference, on: context.db)
        let payment = try payments.find(orderReference: command.orderReference, on: context.db)
        if let given = command.paymentIntent, let payment, payment.paymentIntent != given {
            return .error(
                .conflict(
                    "invalid_state",
                    "order \(command.orderReference) has payment_intent \(payment.paymentIntent), not \(given)"))
        }
        return .ok(
            TerminalOrderState(
                orderReference: flags.orderReference, completed: flags.completed,
                paidOtherwise: flags.paidOtherwise, paymentIntent: payment?.paymentIntent,
                abandoned: flags.abandoned))
    }
}
