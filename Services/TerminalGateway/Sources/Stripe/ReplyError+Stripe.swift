import Messages
import StripeAPI

extension ReplyError {
    /// The reply error for a failed Stripe call: code `stripe.<code>` (or `stripe.<kind>`
    /// when Stripe sent no code), Stripe's `type`/`code`/`decline_code`/`param`/`Request-Id`
    /// in `stripe`, `retryable` as the Stripe client decides (network, 409, 429, 5xx).
    static func stripe(_ error: StripeError) -> ReplyError {
        ReplyError(code: error.stableCode, message: error.message, retryable: error.isRetryable,
                   stripe: StripeErrorInfo(type: error.type, code: error.code, declineCode: error.declineCode,
                                           param: error.param, requestId: error.requestId))
    }

    /// Like ``stripe(_:)`` but with the gateway's own code (e.g. `not_found.reader`), keeping
    /// Stripe's details.
    static func stripe(_ error: StripeError, code: String, message: String) -> ReplyError {
        var reply = stripe(error)
        reply.code = code
        reply.message = message
        reply.retryable = false
        return reply
    }
}
