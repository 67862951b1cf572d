import Messages
import Runtime
import StripeAPI

/// Hands a recorded payment to a server-driven reader, the part `terminal.process_payment`
/// and `terminal.collect_payment_method` share once each has checked the payment's state.
///
/// Calls the reader endpoint on the payment's connected account with the command's
/// Idempotency-Key; a refusal is answered through ``TerminalErrorMapping/readerRefusal(_:reader:paymentIntent:)``
/// (a timeout is retried on the same PaymentIntent). When Stripe accepts, one transaction
/// records the payment `processing` on that reader (``TerminalPaymentInput/processStarted(reader:key:)``,
/// its events) and the reply. Thread-safety: `Sendable`, stateless.
struct ReaderActionStart: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Starts the action `call` makes on `reader` for `payment`, with Idempotency-Key `key`.
    /// - Parameter call: the reader endpoint, given the worker's client and the request options.
    /// - Returns: the reader's action as Stripe answered it, or the reply error.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func start(
        _ payment: TerminalPayment, reader: String, key: String, context: HandlerContext,
        _ call: (StripeClient, RequestOptions) throws(StripeError) -> TerminalReader
    ) throws -> Reply<ReaderActionResult> {
        let options = RequestOptions.idempotent(key, stripeAccount: payment.account)
        let answer: TerminalReader
        switch try context.stripe({ client throws(StripeError) in try call(client, options) }) {
        case .success(let value): answer = value
        case .failure(let error):
            return .error(try TerminalErrorMapping.readerRefusal(error, reader: reader, paymentIntent: payment.paymentIntent))
        }
        let writer = PaymentTransitionWriter(payments: payments)
        let now = context.now
        return try context.transaction { db in
            try writer.apply(
                .processStarted(reader: reader, key: key), paymentIntent: payment.paymentIntent,
                occurredAt: now, db: db, context: context)
            return .ok(ReaderActionResult(answer, paymentIntent: payment.paymentIntent))
        }
    }
}
