import Messages
import Runtime
import StripeAPI

/// `terminal.cancel_reader_action` (Stripe-bound): `POST /v1/terminal/readers/{id}/cancel_action`
/// with key `<message_id>:cancel_reader_action`; a payment the gateway had `processing` on
/// that reader goes back to `requires_payment_method` (its PaymentIntent stays usable).
/// Unknown reader → `not_found.reader`; nothing to cancel → `conflict.invalid_state`.
/// Thread-safety: `Sendable`, stateless.
struct CancelReaderActionHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CancelReaderAction, _ context: inout HandlerContext) throws -> Reply<CancelReaderAction.Result> {
        let key = context.idempotencyKey("cancel_reader_action")
        let reader: TerminalReader
        switch try context.stripe({ client throws(StripeError) in
            try client.cancelAction(reader: command.reader, options: .idempotent(key, stripeAccount: command.account))
        }) {
        case .success(let answer): reader = answer
        case .failure(let error) where error.code == "terminal_reader_no_action":
            return .error(.stripe(error, code: ReplyError.Code.invalidState, message: "reader \(command.reader) has no action to cancel"))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, reader: command.reader))
        }
        let payments = self.payments
        let now = context.now
        return try context.transaction { db in
            let writer = PaymentTransitionWriter(payments: payments)
            for payment in try payments.processing(reader: command.reader, on: db) {
                try writer.apply(.readerActionCanceled, paymentIntent: payment.paymentIntent, occurredAt: now, db: db, context: context)
            }
            return .ok(
                CancelReaderAction.Result(
                    reader: reader.id, status: reader.status.map { ReaderStatus(rawValue: $0.rawValue) },
                    actionStatus: reader.action?.status.map { ReaderActionStatus(rawValue: $0.rawValue) }))
        }
    }
}
