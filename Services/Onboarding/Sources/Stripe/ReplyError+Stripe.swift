import Messages
import StripeAPI

extension ReplyError {
    /// The reply error for a failed Stripe call: code `stripe.<code>` (or `stripe.<kind>`
    /// when Stripe sent no code), Stripe's `type`/`code`/`decline_code`/`param`/`Request-Id`
    /// in `stripe`, `retryable` as the Stripe client decides (network, 409, 429, 5xx).
    /// The message is the client's, already free of secrets.
    static func stripe(_ error: StripeError) -> ReplyError {
        ReplyError(code: error.stableCode, message: error.message, retryable: error.isRetryable,
                   stripe: StripeErrorInfo(type: error.type, code: error.code, declineCode: error.declineCode,
                                           param: error.param, requestId: error.requestId))
    }
}
