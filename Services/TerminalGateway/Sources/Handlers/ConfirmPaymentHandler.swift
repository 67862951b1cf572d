import Messages
import Runtime
import StripeAPI

/// `terminal.confirm_payment` (Stripe-bound): for a payment awaiting its card
/// (``AwaitingCard``), confirms the PaymentIntent with the card the reader collected (`POST /v1/terminal/readers/{reader}/confirm_payment_intent`, key
/// `<message_id>:confirm_payment`); the outcome arrives as events, as for
/// `terminal.process_payment`.
///
/// Stripe allows 30 seconds between the collection and the confirmation. Later, Stripe
/// answers `terminal_reader_timeout`: the gateway cancels the reader action
/// (`POST …/cancel_action`, key `<message_id>:cancel_reader_action`; a reader with no action
/// left is fine), records the payment back at `requires_payment_method` (collect again on the
/// same PaymentIntent) and replies `conflict.collection_expired`. Thread-safety: `Sendable`.
struct ConfirmPaymentHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: TerminalConfirmPayment, _ context: inout HandlerContext) throws -> Reply<TerminalConfirmPayment.Result> {
        let payment: TerminalPayment
        switch try AwaitingCard(payments: payments).payment(command.paymentIntent, for: "confirm", context: context) {
        case .success(let found): payment = found
        case .failure(let refusal): return .error(refusal)
        }
        let answer = try context.stripe { client throws(StripeError) in
            try client.confirmPaymentIntent(
                reader: command.reader, paymentIntent: payment.paymentIntent,
                options: .idempotent(context.idempotencyKey("confirm_payment"), stripeAccount: payment.account))
        }
        switch answer {
        case .success(let reader):
            return .ok(TerminalConfirmPayment.Result(reader, paymentIntent: payment.paymentIntent))
        case .failure(let error) where error.code == "terminal_reader_timeout":
            _ = try context.stripe { client throws(StripeError) in
                try client.cancelAction(
                    reader: command.reader,
                    options: .idempotent(context.idempotencyKey("cancel_reader_action"), stripeAccount: payment.account))
            }
            let writer = PaymentTransitionWriter(payments: payments)
            let now = context.now
            return try context.transaction { db in
                try writer.apply(.readerActionCanceled, paymentIntent: payment.paymentIntent, occurredAt: now, db: db, context: context)
                return .error(
                    ReplyError(
                        code: ReplyError.Code.collectionExpired,
                        message:
                            "the card collected on reader \(command.reader) for payment_intent \(payment.paymentIntent) was not confirmed within 30 seconds; the reader action was cancelled, collect it again"
                    ))
            }
        case .failure(let error):
            return .error(try TerminalErrorMapping.readerRefusal(error, reader: command.reader, paymentIntent: payment.paymentIntent))
        }
    }
}
