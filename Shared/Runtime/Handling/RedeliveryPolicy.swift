public import Messages
/// Where a failed message goes next (DESIGN §3): pure functions of the failure and the
/// message's attempt count.
///
/// A message's attempt count is its `x-attempt` header (0 on first delivery). A transient
/// failure at attempt `a < delays.count` goes to `<queue>.retry.<a+1>` with
/// `x-attempt = a+1`; at `a ≥ delays.count` (or for a permanent failure) it goes to
/// `<queue>.dlq` keeping `x-attempt = a`. Thread-safe value type.
public struct RedeliveryPolicy: Sendable, Equatable {
    /// TTLs of the delay queues `<queue>.retry.1` … `<queue>.retry.<n>`.
    public var delays: [Duration]
    /// How many failed deliveries a message may have had — the broker's count of deliveries
    /// that ended without an ack (the worker died or lost its connection first), which quorum
    /// queues send as `x-delivery-count` — before the worker parks it in `<queue>.dlq`
    /// without running its handler (``redeliveryLimitExceeded(_:queue:)``): a message that
    /// kills the worker each time it is handled (a crash, the memory limit) is parked instead
    /// of crash-looping the service for ever (RabbitMQ 3.x) or being dropped by the broker's
    /// own limit (RabbitMQ ≥ 4.0 drops, unless the queue has a dead-letter exchange, a message
    /// returned more than its `delivery-limit` times, 20 by default). Keep it below that.
    public var redeliveryLimit: Int

    /// `REDELIVERY_LIMIT`'s default: below RabbitMQ 4's default `delivery-limit` of 20, above
    /// the redeliveries a message sees when the workers holding it die in a rolling restart or
    /// a few broker restarts.
    public static let defaultRedeliveryLimit = 15

    /// RabbitMQ 4's default quorum-queue `delivery-limit` (rabbitmq-server PR #11937).
    public static let brokerDefaultDeliveryLimit = 20

    /// The start-up warning for a `REDELIVERY_LIMIT` that is not below RabbitMQ 4's default
    /// `delivery-limit` (such a broker could drop a message before a worker parks it), or `nil`.
    public static func brokerLimitWarning(_ limit: Int) -> String? {
        guard limit >= brokerDefaultDeliveryLimit else { return nil }
        return "REDELIVERY_LIMIT \(limit) is not below RabbitMQ 4's default quorum-queue delivery-limit "
            + "(\(brokerDefaultDeliveryLimit)): on RabbitMQ 4.0 or later a message that kills its worker may be dropped "
            + "by the broker before a worker parks it, unless a policy sets delivery-limit above REDELIVERY_LIMIT"
    }

    /// Creates a policy with the given delay-queue TTLs and redelivery limit (at least 1).
    public init(delays: [Duration], redeliveryLimit: Int = RedeliveryPolicy.defaultRedeliveryLimit) {
        self.delays = delays
        self.redeliveryLimit = max(1, redeliveryLimit)
    }

    /// The failure to park `envelope` with, without running its handler, when the broker
    /// redelivered it ``redeliveryLimit`` times or more (its `x-delivery-count`); `nil`
    /// otherwise. Checked after the inbox (a message already handled is acked as a duplicate).
    public func redeliveryLimitExceeded(_ envelope: Envelope, queue: String) -> HandlingFailure? {
        let count = envelope.headers.deliveryCount
        guard count >= redeliveryLimit else { return nil }
        return FailureClassifier.redeliveryLimit(count: count, limit: redeliveryLimit, queue: queue)
    }

    /// The number of delayed retries before a message is parked.
    public var maxAttempts: Int { delays.count }

    /// Whether a message at attempt `attempt` (its `x-attempt`) has no delayed retry left:
    /// a transient failure now is dead-lettered, not retried. The one place that decides it,
    /// for the worker (``decide(_:attempt:queue:)``) and for handlers
    /// (`HandlerContext.isLastAttempt`).
    public func isLastAttempt(_ attempt: Int) -> Bool {
        max(0, attempt) >= delays.count
    }

    /// Decides where the message goes after `failure` at attempt `attempt`.
    public func decide(_ failure: HandlingFailure, attempt: Int, queue: String) -> RetryDecision {
        let current = max(0, attempt)
        if failure.disposition == .retry, !isLastAttempt(current) {
            let next = current + 1
            return .retry(queue: RedeliveryPolicy.retryQueue(queue, attempt: next), attempt: next)
        }
        return .deadLetter(queue: RedeliveryPolicy.deadLetterQueue(queue), attempt: current)
    }

    /// `<queue>.retry.<attempt>` (attempt counts from 1).
    public static func retryQueue(_ queue: String, attempt: Int) -> String { "\(queue).retry.\(attempt)" }

    /// `<queue>.dlq`.
    public static func deadLetterQueue(_ queue: String) -> String { "\(queue).dlq" }
}

/// The outcome of ``RedeliveryPolicy/decide(_:attempt:queue:)``: the queue to republish to
/// (through the default exchange) and the `x-attempt` header value to set.
public enum RetryDecision: Sendable, Equatable {
    /// Republish to a delay queue.
    case retry(queue: String, attempt: Int)
    /// Park in the dead-letter queue.
    case deadLetter(queue: String, attempt: Int)

    /// The destination queue.
    public var queue: String {
        switch self {
        case .retry(let queue, _), .deadLetter(let queue, _): queue
        }
    }

    /// The `x-attempt` to set on the republished copy.
    public var attempt: Int {
        switch self {
        case .retry(_, let attempt), .deadLetter(_, let attempt): attempt
        }
    }
}
