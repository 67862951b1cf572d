import Messages

/// A set of exchanges, queues and bindings to declare together (DESIGN §3).
///
/// Declaring a topology twice is harmless (AMQP declarations are idempotent while the
/// arguments are equal). Build them with ``commandQueue(_:retryDelays:)``,
/// ``eventQueue(_:patterns:retryDelays:)`` and ``merged(with:)``. Thread-safe (a value type).
public struct Topology: Sendable, Equatable {
    /// Exchanges, declared first.
    public var exchanges: [ExchangeSpec]
    /// Queues, declared second.
    public var queues: [QueueSpec]
    /// Bindings, declared last.
    public var bindings: [BindingSpec]

    /// Creates a topology from its parts.
    public init(exchanges: [ExchangeSpec] = [], queues: [QueueSpec] = [], bindings: [BindingSpec] = []) {
        self.exchanges = exchanges
        self.queues = queues
        self.bindings = bindings
    }

    /// Delays of the retry queues `<queue>.retry.1…N`: 1 s, 10 s, 60 s.
    public static let defaultRetryDelays: [Duration] = [.seconds(1), .seconds(10), .seconds(60)]

    /// `connectbus.commands` and `connectbus.events`: durable topic exchanges.
    public static let exchanges = Topology(exchanges: [
        ExchangeSpec(name: Exchanges.commands),
        ExchangeSpec(name: Exchanges.events),
    ])

    /// A command queue: the quorum queue `name` bound to `connectbus.commands` with routing
    /// key `name`, its delay queues `name.retry.1…N` (one per delay) and `name.dlq`, plus
    /// both exchanges.
    public static func commandQueue(_ name: String, retryDelays: [Duration] = defaultRetryDelays) -> Topology {
        withRetries(
            name, retryDelays: retryDelays,
            bindings: [BindingSpec(queue: name, exchange: Exchanges.commands, pattern: name)])
    }

    /// An event queue: the quorum queue `name` bound to `connectbus.events` once per
    /// pattern, its delay queues and DLQ, plus both exchanges.
    public static func eventQueue(
        _ name: String, patterns: [String],
        retryDelays: [Duration] = defaultRetryDelays
    ) -> Topology {
        withRetries(
            name, retryDelays: retryDelays,
            bindings: patterns.map {
                BindingSpec(queue: name, exchange: Exchanges.events, pattern: $0)
            })
    }

    /// Name of the delay queue for retry `attempt` (1-based): `<queue>.retry.<attempt>`.
    public static func retryQueueName(_ queue: String, attempt: Int) -> String { "\(queue).retry.\(attempt)" }

    /// Name of the dead-letter queue of `queue`: `<queue>.dlq`.
    public static func deadLetterQueueName(_ queue: String) -> String { "\(queue).dlq" }

    /// This topology plus `other`, keeping the first spec of each exchange or queue name and
    /// each distinct binding once.
    public func merged(with other: Topology) -> Topology {
        var result = self
        for e in other.exchanges where !result.exchanges.contains(where: { $0.name == e.name }) {
            result.exchanges.append(e)
        }
        for q in other.queues where q.name.isEmpty || !result.queues.contains(where: { $0.name == q.name }) {
            result.queues.append(q)
        }
        for b in other.bindings where !result.bindings.contains(b) { result.bindings.append(b) }
        return result
    }

    private static func withRetries(_ name: String, retryDelays: [Duration], bindings: [BindingSpec]) -> Topology {
        var queues = [QueueSpec.quorum(name)]
        for (index, delay) in retryDelays.enumerated() {
            let millis = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
            queues.append(
                .quorum(
                    retryQueueName(name, attempt: index + 1),
                    arguments: [
                        "x-message-ttl": .int(Int(max(millis, 0))),
                        "x-dead-letter-exchange": .string(Exchanges.default),
                        "x-dead-letter-routing-key": .string(name),
                    ]))
        }
        queues.append(.quorum(deadLetterQueueName(name)))
        return Topology(exchanges: exchanges.exchanges, queues: queues, bindings: bindings)
    }
}
