import Messages
import Runtime

/// `terminal.abandon_order` (batched, database only): the platform says the order was
/// abandoned, so the next reconciliation cancels its PaymentIntent without waiting for the
/// grace. A completed order is not abandoned (`conflict.invalid_state`). Idempotent.
/// Thread-safety: `Sendable`, stateless.
struct AbandonOrderHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `StoreError`.
    func handle(_ command: AbandonOrder, _ context: inout HandlerContext) throws -> Reply<AbandonOrder.Result> {
        if let known = try orders.flags([command.orderReference], on: context.db)[command.orderReference], known.completed {
            return .error(.conflict("invalid_state", "order \(command.orderReference) was completed; it cannot be abandoned"))
        }
        let flags = try orders.markAbandoned(command.orderReference, on: context.db)
        let payment = try payments.find(orderReference: command.orderReference, on: context.db)
        return .ok(
            TerminalOrderState(
                orderReference: flags.orderReference, completed: flags.completed,
                paidOtherwise: flags.paidOtherwise, paymentIntent: payment?.paymentIntent,
                abandoned: flags.abandoned))
    }
}
