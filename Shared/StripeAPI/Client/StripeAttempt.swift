/// One HTTP attempt of a Stripe call, reported to ``StripeClient/onAttempt`` for logs and
/// metrics. Holds no secret (no API key, no body, no query string).
public struct StripeAttempt: Sendable, Equatable {
    /// The method.
    public var method: HTTPMethod
    /// The path without the query string, e.g. `/v1/payment_intents/pi_1/capture`.
    public var path: String
    /// 1 for the first attempt, 2 for the first retry, …
    public var attempt: Int
    /// The HTTP status, or `nil` when no answer arrived.
    public var httpStatus: Int?
    /// Stripe's `Request-Id`, when answered.
    public var requestId: String?
    /// ``StripeError/stableCode`` of a failed attempt, `nil` on success.
    public var errorCode: String?
    /// The connected account (`Stripe-Account`), if any.
    public var stripeAccount: String?
    /// The idempotency key, if any.
    public var idempotencyKey: String?
    /// Wall time of the attempt.
    public var duration: Duration
    /// `true` when the client will retry after this attempt.
    public var willRetry: Bool
    /// The answer's `Retry-After`, when it had one (the client waits at least that long).
    public var retryAfter: Duration? = nil
}
