import Messages
import Runtime
import StripeAPI

extension HandlerContext {
    /// One Stripe Connect call through the runtime's ``HandlerContext/stripe(mapping:answeringAtOnce:_:)``
    /// (retryable failures retried through the delay queues until the last attempt), its
    /// failure as the runtime's reply error (``ReplyError/stripe(_:)``).
    /// - Throws: `HandlerError` (retry), or what the runtime's client factory throws.
    func stripe<T>(_ body: (StripeClient) throws(StripeError) -> T) throws -> Result<T, ReplyError> {
        try stripe(mapping: ReplyError.stripe, body)
    }
}
