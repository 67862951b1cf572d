/// Misbehaviour of webhook delivery to one endpoint (or to every endpoint), set at run time
/// through `POST /sim/webhooks/chaos`: what a receiver must survive in production.
public struct WebhookChaos: Sendable, Equatable {
    /// Share (0...1) of events delivered twice (the copy right after the original).
    public var duplicateRate: Double = 0
    /// Simulated seconds added before an event's first attempt (follows the clock).
    public var delaySeconds: Double = 0
    /// How many of the next events are held back and delivered only after a later event
    /// to the same endpoint was attempted (out of order), or on `POST /sim/webhooks/release`.
    public var holdNext: Int = 0
    /// Deliveries fail without reaching the endpoint (recorded with status 0) and are
    /// retried on the retry schedule; the events keep `pending_webhooks` > 0.
    public var down: Bool = false

    /// No chaos.
    public init(duplicateRate: Double = 0, delaySeconds: Double = 0, holdNext: Int = 0, down: Bool = false) {
        self.duplicateRate = duplicateRate
        self.delaySeconds = delaySeconds
        self.holdNext = holdNext
        self.down = down
    }

    /// Whether any setting differs from the default.
    public var isActive: Bool { self != WebhookChaos() }

    /// `{duplicate_rate, delay_seconds, hold_next, down}`.
    public var json: JSONValue {
        [
            "duplicate_rate": .double(duplicateRate), "delay_seconds": .double(delaySeconds),
            "hold_next": .int(holdNext), "down": .bool(down),
        ]
    }
}

/// The waits between webhook delivery attempts.
public enum WebhookRetrySchedule {
    /// Short waits for tests and local runs: 0.5, 1, 2, 5, 10, 30 s (7 attempts).
    public static let fast: [Double] = [0.5, 1, 2, 5, 10, 30]
    /// Stripe's live-mode shape: exponential back-off for up to 3 days — 1 min, 5 min,
    /// 30 min, 1 h, 3 h, 6 h, then every 12 h (12 attempts over about 2.9 days). With the
    /// clock a test can advance through it instead of waiting.
    /// See https://docs.stripe.com/webhooks#retries.
    public static let stripe: [Double] = [60, 300, 1800, 3600, 10_800, 21_600, 43_200, 43_200, 43_200, 43_200, 43_200]
}
