import Messages
import Runtime

/// `terminal.mark_paid_otherwise` (batched, database only): the order was paid by other means,
/// so reconciliation cancels its PaymentIntent instead of capturing it. Idempotent.
/// Thread-safety: `Sendable`, stateless.
struct MarkPaidOtherwiseHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `StoreError`.
    func handle(_ command: MarkPaidOtherwise, _ context: inout HandlerContext) throws -> Reply<MarkPaidOtherwise.Result> {
        let flags = try orders.markPaidOtherwise(command.orderReference, method: command.method, on: context.db)
        let payment = try payments.find(orderReference: command.orderReference, on: context.db)
        return .ok(
            TerminalOrderState(
                orderReference: flags.orderReference, completed: flags.completed,
                paidOtherwise: flags.paidOtherwise, paymentIntent: payment?.paymentIntent,
                abandoned: flags.abandoned))
    }
}
