import Messages
import Runtime
import StripeAPI

extension ReplyError {
    /// The reply error for a failed Stripe call made by this service: the runtime's
    /// ``ReplyError/stripe(_:)``, except a missing Price (`resource_missing` on a `price`
    /// parameter), which is `not_found.price`.
    static func paymentsStripe(_ error: StripeError) -> ReplyError {
        var reply = ReplyError.stripe(error)
        if error.code == "resource_missing", let param = error.param, param.contains("price") {
            reply.code = Code.priceNotFound
            reply.retryable = false
        }
        return reply
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
