import Messages
import Runtime
import StripeAPI

extension ReplyError {
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
