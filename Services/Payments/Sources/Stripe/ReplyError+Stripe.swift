import Messages
import StripeAPI

extension ReplyError {
    /// The reply error for a failed Stripe call: code `stripe.<code>` (or `stripe.<kind>`),
    /// except a missing Price (`resource_missing` on a `price` parameter), which is
    /// `not_found.price`. Stripe's `type`/`code`/`decline_code`/`param`/`Request-Id` go in
    /// `stripe`; `retryable` as the Stripe client decides. The message is the client's,
    /// already free of secrets.
    static func stripe(_ error: StripeError) -> ReplyError {
        let info = StripeErrorInfo(type: error.type, code: error.code, declineCode: error.declineCode,
                                   param: error.param, requestId: error.requestId)
        if error.code == "resource_missing", let param = error.param, param.contains("price") {
            return ReplyError(code: Code.priceNotFound, message: error.message, retryable: false, stripe: info)
        }
        return ReplyError(code: error.stableCode, message: error.message, retryable: error.isRetryable, stripe: info)
    }

    /// `conflict.account_not_ready`: the connected account cannot take charges (yet).
    static func accountNotReady(_ account: String, reason: String) -> ReplyError {
        ReplyError(code: Code.accountNotReady, message: "account \(account) cannot take charges: \(reason)")
    }

    /// `conflict.invalid_state`: the order cannot do what was asked in its state.
    static func orderState(_ message: String) -> ReplyError {
        ReplyError(code: Code.invalidState, message: message)
    }
}
