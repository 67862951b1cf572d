import Runtime
import Messages
import Runtime
import StripeAPI

/// Maps Stripe's Terminal and PaymentIntent errors to the gateway's stable reply codes
/// (https://docs.stripe.com/error-codes): unknown reader or PaymentIntent → `not_found.*`,
/// `terminal_reader_busy` → `conflict.reader_busy`, `terminal_reader_offline` →
/// `conflict.reader_offline`, `terminal_reader_timeout` → `timeout` (retryable on the same
/// PaymentIntent), `payment_intent_unexpected_state` → `conflict.invalid_state`,
/// `amount_too_large` → `conflict.capture_exceeds_authorized`; anything else
/// `stripe.<code>`. Pure; thread-safe.
enum TerminalErrorMapping {
    /// The reply error for `error` from a call on `reader` (path id) and/or `paymentIntent`.
    static func reply(
        _ error: StripeError, reader: String? = nil, paymentIntent: String? = nil,
        location: String? = nil
    ) -> ReplyError {
        switch error.code {
        case "resource_missing":
            if error.param == "payment_intent" || (reader == nil && paymentIntent != nil) {
                return .stripe(
                    error, code: ReplyError.Code.paymentIntentNotFound,
                    message: "payment_intent \(paymentIntent ?? "") not found")
            }
            if error.param == "location", let location {
                return .stripe(error, code: "not_found.location", message: "location \(location) not found")
            }
            if let reader {
                return .stripe(error, code: ReplyError.Code.readerNotFound, message: "reader \(reader) not found")
            }
            return .stripe(error)
        case "terminal_reader_busy":
            return .stripe(error, code: ReplyError.Code.readerBusy, message: "reader \(reader ?? "") is busy with another action")
        case "terminal_reader_offline":
            return .stripe(error, code: ReplyError.Code.readerOffline, message: "reader \(reader ?? "") is offline")
        case "terminal_reader_timeout":
            var reply = ReplyError.stripe(
                error, code: ReplyError.Code.timeout,
                message: "reader \(reader ?? "") did not answer; retry on the same PaymentIntent")
            reply.retryable = true
            return reply
        case "payment_intent_unexpected_state":
            return .stripe(error, code: ReplyError.Code.invalidState, message: error.message)
        case "amount_too_large":
            return .stripe(error, code: ReplyError.Code.captureExceedsAuthorized, message: error.message)
        default:
            return .stripe(error)
        }
    }

    /// The reply error for a refused reader action (`process_payment_intent`,
    /// `collect_payment_method`, `confirm_payment_intent`): ``reply(_:reader:paymentIntent:location:)``,
    /// except that a retryable one (a reader timeout) is thrown, so the command is retried
    /// on the same PaymentIntent through the delay queues.
    /// - Throws: `HandlerError.retry` with the reply's code and message when it is retryable.
    static func readerRefusal(_ error: StripeError, reader: String, paymentIntent: String) throws -> ReplyError {
        let reply = Self.reply(error, reader: reader, paymentIntent: paymentIntent)
        if reply.retryable { throw HandlerError.retry(code: reply.code, message: reply.message) }
        return reply
    }
}
