public import Messages
public import StripeAPI

extension ReplyError {
    /// The reply error for a failed Stripe call, the one mapping every service uses:
    /// code `stripe.<code>` (or `stripe.<kind>` when Stripe sent no code, see
    /// `StripeError.stableCode`), Stripe's `type`/`code`/`decline_code`/`param`/`Request-Id`
    /// in ``ReplyError/stripe``, and `retryable` as the Stripe client decides (network
    /// errors, 409, 429, 5xx). The message is the client's, already free of secrets.
    public static func stripe(_ error: StripeError) -> ReplyError {
        ReplyError(
            code: error.stableCode, message: error.message, retryable: error.isRetryable,
            stripe: StripeErrorInfo(
                type: error.type, code: error.code, declineCode: error.declineCode,
                param: error.param, requestId: error.requestId))
    }
}
