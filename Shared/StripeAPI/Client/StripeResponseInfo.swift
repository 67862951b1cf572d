/// What the last completed Stripe call reported besides its body.
public struct StripeResponseInfo: Sendable, Equatable {
    /// The final HTTP status.
    public var httpStatus: Int
    /// Stripe's `Request-Id` header.
    public var requestId: String?
    /// `true` when Stripe replayed an earlier response for the same idempotency key
    /// (`Idempotent-Replayed: true`).
    public var idempotentReplayed: Bool
    /// The `Stripe-Version` Stripe answered with, if sent.
    public var stripeVersion: String?
    /// How many HTTP attempts the call took (1 = no retry).
    public var attempts: Int

    /// Response information.
    public init(httpStatus: Int, requestId: String?, idempotentReplayed: Bool, stripeVersion: String?, attempts: Int) {
        self.httpStatus = httpStatus; self.requestId = requestId; self.idempotentReplayed = idempotentReplayed
        self.stripeVersion = stripeVersion; self.attempts = attempts
    }
}
