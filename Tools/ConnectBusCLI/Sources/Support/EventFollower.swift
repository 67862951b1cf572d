public import Bus
import Foundation
import Messages
public import Runtime

/// A monitoring consumer of `connectbus.events` that outlives broker restarts: the engine
/// of `connectbus tail`.
///
/// It declares only its own queue and that queue's bindings, never an exchange, so it
/// runs as the `monitor` broker user (configure/write on `monitor.*` and `amq.gen-*`, read
/// on `connectbus.events`). When the connection is lost (the broker restarts, an operator
/// closes it, a heartbeat times out) it says so through `notice`, dials again with
/// ``ReconnectPolicy`` backoff (one notice per failed attempt), declares its queue and
/// bindings again and carries on:
/// - with a durable queue (``queueName`` set) nothing is lost: events published while it
///   was away wait in the queue, and deliveries it had not acknowledged come again (an
///   event may then be emitted twice);
/// - with the default server-named exclusive queue the broker deletes the queue with the
///   connection, so events published until it is back are missed (the notice says so).
///
/// With ``history`` set it declares nothing: it reads the stream `connectbus.events.history`
/// from that offset (`x-stream-offset`, prefetch 200, manual acks), emits the events whose
/// routing key matches ``patterns``, and after a loss resumes just after the last offset it
/// received, so nothing is missed.
///
/// Not `Sendable`: use it on the thread that created it; ``follow(limit:duration:)``
/// blocks that thread (never call it on Swift's cooperative pool).
public final class EventFollower {
    /// How long a durable queue may stay without consumer before the broker deletes it
    /// (`x-expires`): 24 hours, so a monitor that is gone for good does not keep
    /// collecting every event.
    public static let durableQueueExpiry: Duration = .seconds(86_400)

    /// Topic patterns bound to `connectbus.events` (`*` one word, `#` any).
    public let patterns: [String]
    /// The durable queue consumed, or `nil` for a server-named exclusive queue.
    public let queueName: String?
    /// Backoff between failed dials after a connection loss.
    public let policy: ReconnectPolicy
    /// Where to start reading the history stream, or `nil` to follow live events only.
    public let history: HistoryOffset?

    private let url: AMQPURL
    private let connectionName: String
    private let onReady: (_ queue: String, _ reconnected: Bool) -> Void
    private let notice: (String) -> Void
    private let emit: (Delivery) -> Void

    /// Creates the follower; nothing is dialled until ``follow(limit:duration:)``.
    /// - Parameters:
    ///   - queueName: a durable quorum queue to consume (created if missing, with
    ///     ``durableQueueExpiry``); `nil` for an exclusive, server-named one.
    ///   - onReady: called with the queue's name each time it is bound and consumed:
    ///     once at start (`reconnected == false`) and after every reconnection.
    ///   - notice: one human-readable line per connection loss, failed attempt and
    ///     reconnection (the CLI writes them to stderr).
    ///   - emit: each event, before it is acknowledged.
    ///   - history: read the history stream from there instead (``queueName`` is then unused).
    public init(
        url: AMQPURL, patterns: [String], queueName: String? = nil, history: HistoryOffset? = nil,
        policy: ReconnectPolicy = ReconnectPolicy(), connectionName: String = "connectbus.tail",
        onReady: @escaping (_ queue: String, _ reconnected: Bool) -> Void = { _, _ in },
        notice: @escaping (String) -> Void = { _ in },
        emit: @escaping (Delivery) -> Void
    ) {
        self.url = url
        self.patterns = patterns
        self.queueName = queueName
        self.history = history
        self.policy = policy
        self.connectionName = connectionName
        self.onReady = onReady
        self.notice = notice
        self.emit = emit
    }

    /// When set, ``follow(limit:duration:)`` also stops once no message came for this long
    /// (`connectbus trace` reads the history stream until it is caught up).
    public var stopsWhenIdle: Duration?

    /// When set, ``follow(limit:duration:)`` also returns within a second of this signal
    /// being stopped (another thread's way to end a follower, e.g. the demo story's).
    public var stopSignal: StopSignal?

    /// The queue declared on each connection.
    public var queueSpec: QueueSpec {
        guard let queueName else { return QueueSpec(name: "", durable: false, exclusive: true, autoDelete: true) }
        let millis = Self.durableQueueExpiry.components.seconds * 1000
        return .quorum(queueName, arguments: ["x-expires": .int(Int(millis))])
    }

    /// Consumes and emits events (acknowledging each after `emit`) until `limit` events
    /// or `duration` have passed, reconnecting as often as needed in between.
    /// - Returns: how many events were emitted.
    /// - Throws: ``CLIError`` when the first connection or the queue set-up fails (the
    ///   broker is down, the user may not declare that queue or bind to the exchange);
    ///   later losses are never thrown, they are retried.
    @discardableResult
    public func follow(limit: Int?, duration: Duration?) throws(CLIError) -> Int {
        let deadline = duration.map { ContinuousClock.now + $0 }
        let expired = { deadline.map { ContinuousClock.now >= $0 } ?? false }
        let state = SetUpState()
        let bus = makeConnection(state: state, expired: expired)
        do {
            _ = try bus.connection()
        } catch {
            throw Self.startError(error, url: url, queueName: queueName)
        }
        onReady(state.queue, false)
        var seen = 0
        var setUpsSeen = state.setUps
        while limit.map({ seen < $0 }) ?? true, !expired(), !(stopSignal?.isStopped ?? false) {
            let connection: AMQPConnection
            do {
                connection = try bus.connection()
            } catch {
                break  // only when the deadline passed while dialling (no attempt limit)
            }
            if state.setUps != setUpsSeen {
                setUpsSeen = state.setUps
                notice("tail: reconnected; listening on \(Exchanges.events) again (queue \(state.queue))")
                onReady(state.queue, true)
            }
            do throws(BusError) {
                var wait = stopsWhenIdle ?? Duration.seconds(1)
                if let deadline { wait = max(min(wait, deadline - .now), .milliseconds(1)) }
                guard let delivery = try connection.nextDelivery(timeout: wait) else {
                    if stopsWhenIdle != nil { break }
                    continue
                }
                if history != nil {
                    if let offset = delivery.envelope.headers.extra["x-stream-offset"].flatMap(Int.init) {
                        state.lastOffset = offset
                    }
                    guard patterns.contains(where: { TopicPattern.matches($0, delivery.routingKey) }) else {
                        try connection.ack(delivery.deliveryTag, multiple: false)
                        continue
                    }
                }
                emit(delivery)
                try connection.ack(delivery.deliveryTag, multiple: false)
                seen += 1
            } catch  where error.requiresReconnect {
                bus.drop()
                notice("tail: connection lost (\(error)); reconnecting with backoff. \(lossConsequence(state.queue))")
            } catch {
                bus.drop()
                notice("tail: \(error); reconnecting")
            }
        }
        bus.drop()
        return seen
    }

    /// What a loss means for the events published until the follower is back.
    private func lossConsequence(_ queue: String) -> String {
        if history != nil { return "The history stream keeps the events: reading resumes after the last offset received." }
        if queueName != nil {
            return "Queue \(queue) is durable: events published meanwhile wait in it."
        }
        return "Queue \(queue) was exclusive and is gone: events published until tail is back are missed (use --queue monitor.NAME to keep them)."
    }

    /// The reconnecting connection: set-up declares the queue and bindings and starts the
    /// consumer. Before the first set-up succeeded, a failure is final (`shouldStop`).
    private func makeConnection(state: SetUpState, expired: @escaping () -> Bool) -> ReconnectingConnection {
        let spec = queueSpec
        let patterns = patterns
        let notice = notice
        let history = history
        return ReconnectingConnection(
            url: url, connectionName: connectionName, policy: policy,
            setUp: { connection throws(BusError) in
                if let history {
                    let start = state.lastOffset.map { HeaderValue.int($0 + 1) } ?? history.argument(now: Date())
                    try connection.startConsuming(
                        queue: Topology.eventHistoryQueue, prefetch: 200,
                        arguments: ["x-stream-offset": start])
                    state.queue = Topology.eventHistoryQueue
                    state.setUps += 1
                    return
                }
                let queue = try connection.declareQueue(spec)
                try connection.declare(
                    Topology(
                        bindings: patterns.map {
                            BindingSpec(queue: queue, exchange: Exchanges.events, pattern: $0)
                        }))
                try connection.startConsuming(queue: queue, prefetch: 200)
                state.queue = queue
                state.setUps += 1
            },
            shouldStop: { state.setUps == 0 || expired() },
            onDialFailure: { error, failures, delay in
                notice("tail: reconnect attempt \(failures) failed (\(error)); next attempt in \(String(format: "%.1f", delay.seconds)) s")
            })
    }

    /// The error of a failed start, with what to do about it.
    static func startError(_ error: BusError, url: AMQPURL, queueName: String?) -> CLIError {
        if error.code == BusError.Code.connectionFailed {
            return CLIError(
                "cannot connect to RabbitMQ at \(url): \(error)",
                hint: "start it with `make up` (scripts/infra-up.sh) or set AMQP_URL")
        }
        let queue = queueName.map { "queue \($0)" } ?? "a server-named queue"
        return CLIError(
            "cannot set up the monitor queue (\(queue) bound to \(Exchanges.events)): \(error)",
            hint:
                "the monitor user may declare only server-named queues and queues named monitor.*, and bind them to \(Exchanges.events) (which must exist: `connectbus topology`)"
        )
    }

    /// What the last successful set-up declared; shared by the set-up closure and the loop
    /// on the follower's one thread.
    private final class SetUpState {
        var queue = ""
        var setUps = 0
        /// The last history offset received (history mode).
        var lastOffset: Int?
    }
}
