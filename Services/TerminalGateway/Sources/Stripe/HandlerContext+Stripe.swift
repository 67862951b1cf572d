import Runtime
import StripeAPI

extension HandlerContext {
    /// One Stripe call through the runtime's ``HandlerContext/stripe(mapping:answeringAtOnce:_:)``
    /// (retryable failures retried through the delay queues until the last attempt, except
    /// ``answerAtOnce``), its failure returned as the `StripeError` for the handler to map to
    /// a reply error (``TerminalErrorMapping``).
    /// - Throws: `HandlerError` (retry), or what the runtime's client factory throws.
    func stripe<T>(_ body: (StripeClient) throws(StripeError) -> T) throws -> Result<T, StripeError> {
        try stripe(mapping: { $0 }, answeringAtOnce: Self.answerAtOnce, body)
    }

    /// Retryable Stripe errors the point-of-sale app must hear about at once instead of a
    /// delayed retry: a busy reader (HTTP 409) is the cashier's decision, not a transient fault.
    static let answerAtOnce: Set<String> = ["terminal_reader_busy", "terminal_reader_offline"]
}
