public import Bus
import Foundation
public import Messages

/// Reads, replays and purges one `<queue>.dlq` over AMQP. Every operation takes at most
/// the messages present when it starts (the depth from a passive declare), so messages
/// that fail again and come back are not looped over.
///
/// Not `Sendable`: owns AMQP connections; use it on one thread.
public final class DeadLetterQueue {
    /// The dead-letter queue, e.g. `payments.create_product.dlq`.
    public let name: String
    private let environment: CLIEnvironment

    /// Headers the runtime adds when it parks a message; removed on replay.
    public static let errorHeaders = [
        MessageHeaders.Key.errorCode, MessageHeaders.Key.errorMessage, MessageHeaders.Key.originalQueue,
        MessageHeaders.Key.originalRoutingKey, MessageHeaders.Key.failedAt,
    ]

    /// A handle on `name` (which must end in `.dlq`).
    /// - Throws: ``CLIError`` (usage) when the name does not end in `.dlq`.
    public init(name: String, environment: CLIEnvironment) throws(CLIError) {
        guard name.hasSuffix(".dlq") else {
            throw CLIError.usage(
                "\(name) is not a dead-letter queue (their names end in .dlq; `connectbus dlq list` shows them)",
                verb: "dlq")
        }
        self.name = name
        self.environment = environment
    }

    /// The parked messages, read and put back (nack with requeue) so none is lost.
    /// - Throws: ``CLIError`` when the queue does not exist or the broker fails.
    public func peek(limit: Int) throws(CLIError) -> [Delivery] {
        let connection = try environment.connect("dlq-show")
        defer { connection.close() }
        let depth = try depthOf(on: connection)
        let count = min(depth, limit)
        guard count > 0 else { return [] }
        let deliveries = try take(count, from: connection)
        do {
            if let last = deliveries.last { try connection.nack(last.deliveryTag, multiple: true, requeue: true) }
        } catch {
            throw CLIError(
                "could not put the messages back on \(name): \(error)",
                hint: "the broker requeues unacknowledged messages when the connection closes; check with `connectbus dlq list`")
        }
        return deliveries
    }

    /// Moves up to `limit` parked messages back to their original queue (header
    /// `x-original-queue`, else the name without `.dlq`) through the default exchange:
    /// error headers removed, `x-attempt` reset, same `message_id`; each batch is
    /// confirmed by the broker before it is acked here. Calls `progress(done, total)`.
    /// - Returns: how many messages were moved.
    /// - Throws: ``CLIError`` on a broker failure (messages not yet acked stay parked).
    public func replay(limit: Int, progress: (Int, Int) -> Void) throws(CLIError) -> Int {
        let consumer = try environment.connect("dlq-replay")
        defer { consumer.close() }
        let publisher = try environment.connect("dlq-replay-publish")
        defer { publisher.close() }
        let total = min(try depthOf(on: consumer), limit)
        guard total > 0 else { return 0 }
        do {
            try publisher.enableConfirms()
            try consumer.startConsuming(queue: name, prefetch: UInt16(min(total, 200)))
            var moved = 0
            while moved < total {
                let batch = try next(min(100, total - moved), from: consumer)
                guard let last = batch.last else { break }
                for delivery in batch {
                    try publisher.publish(
                        Self.replayed(delivery.envelope), exchange: Exchanges.default,
                        routingKey: originalQueue(of: delivery.envelope), mandatory: true)
                }
                try publisher.waitForConfirms(timeout: .seconds(30))
                try consumer.ack(last.deliveryTag, multiple: true)
                moved += batch.count
                progress(moved, total)
            }
            return moved
        } catch {
            throw CLIError(
                "replay of \(name) stopped: \(error)",
                hint: "messages not yet confirmed stay in \(name); run the replay again")
        }
    }

    /// Acknowledges (drops) up to `limit` parked messages. Returns how many.
    /// - Throws: ``CLIError`` on a broker failure.
    public func purge(limit: Int) throws(CLIError) -> Int {
        let connection = try environment.connect("dlq-purge")
        defer { connection.close() }
        let count = min(try depthOf(on: connection), limit)
        guard count > 0 else { return 0 }
        let deliveries = try take(count, from: connection)
        do {
            if let last = deliveries.last { try connection.ack(last.deliveryTag, multiple: true) }
        } catch {
            throw CLIError("purge of \(name) failed: \(error)")
        }
        return deliveries.count
    }

    /// Replays (as ``replay(limit:progress:)`` does) or drops up to `limit` of the parked
    /// messages that `matching` selects — a failure group, one message — and puts every
    /// other one back (nack with requeue), all among the messages present when it starts.
    /// Replayed messages are confirmed by the broker before they are acked here.
    /// - Returns: how many messages were replayed or dropped.
    /// - Throws: ``CLIError`` on a broker failure (what was not acked stays parked).
    public func act(replay: Bool, limit: Int, matching: (Envelope) -> Bool) throws(CLIError) -> Int {
        let consumer = try environment.connect(replay ? "dlq-replay" : "dlq-purge")
        defer { consumer.close() }
        let publisher = replay ? try environment.connect("dlq-replay-publish") : nil
        defer { publisher?.close() }
        let total = try depthOf(on: consumer)
        guard total > 0 else { return 0 }
        let deliveries = try take(total, from: consumer)
        let chosen = Array(deliveries.filter { matching($0.envelope) }.prefix(limit))
        do {
            if let publisher {
                try publisher.enableConfirms()
                for start in stride(from: 0, to: chosen.count, by: 100) {
                    let batch = chosen[start..<min(start + 100, chosen.count)]
                    for delivery in batch {
                        try publisher.publish(
                            Self.replayed(delivery.envelope), exchange: Exchanges.default,
                            routingKey: originalQueue(of: delivery.envelope), mandatory: true)
                    }
                    try publisher.waitForConfirms(timeout: .seconds(30))
                    for delivery in batch { try consumer.ack(delivery.deliveryTag, multiple: false) }
                }
            } else {
                for delivery in chosen { try consumer.ack(delivery.deliveryTag, multiple: false) }
            }
            if chosen.count < deliveries.count, let last = deliveries.last {
                try consumer.nack(last.deliveryTag, multiple: true, requeue: true)
            }
        } catch {
            throw CLIError(
                "\(replay ? "replay" : "purge") in \(name) stopped: \(error)",
                hint: "messages not yet acknowledged stay in \(name); run it again")
        }
        return chosen.count
    }

    /// The queue a parked message came from.
    public func originalQueue(of envelope: Envelope) -> String {
        envelope.headers.extra[MessageHeaders.Key.originalQueue] ?? String(name.dropLast(".dlq".count))
    }

    /// The envelope to put back: error headers removed, attempt 0, same id and body.
    public static func replayed(_ envelope: Envelope) -> Envelope {
        var copy = envelope
        for key in errorHeaders { copy.headers.extra.removeValue(forKey: key) }
        copy.headers.attempt = 0
        return copy
    }

    private func depthOf(on connection: AMQPConnection) throws(CLIError) -> Int {
        do {
            return try connection.queueStatus(name).messages
        } catch {
            throw CLIError(
                "\(name) does not exist or cannot be read: \(error)",
                hint: "`connectbus dlq list` shows the dead-letter queues")
        }
    }

    private func take(_ count: Int, from connection: AMQPConnection) throws(CLIError) -> [Delivery] {
        do {
            try connection.startConsuming(queue: name, prefetch: UInt16(min(count, Int(UInt16.max))))
            return try next(count, from: connection)
        } catch {
            throw CLIError("cannot read \(name): \(error)")
        }
    }

    /// Up to `count` deliveries, stopping when none arrives for 2 s.
    private func next(_ count: Int, from connection: AMQPConnection) throws(BusError) -> [Delivery] {
        var deliveries: [Delivery] = []
        while deliveries.count < count, let delivery = try connection.nextDelivery(timeout: .seconds(2)) {
            deliveries.append(delivery)
        }
        return deliveries
    }
}

extension DeadLetterQueue {
    /// `queues` with each dead-letter queue's count narrowed to the messages parked for
    /// `account` (its `x-stripe-account` header or the body's `account`): earlier runs on the
    /// same broker may have parked others. Other queues are returned as they are.
    /// - Throws: ``CLIError`` when a dead-letter queue cannot be read.
    public static func counting(
        _ queues: [ManagementAPI.QueueInfo], of account: String, environment: CLIEnvironment
    ) throws(CLIError) -> [ManagementAPI.QueueInfo] {
        var queues = queues
        for index in queues.indices where queues[index].name.hasSuffix(".dlq") && queues[index].messages > 0 {
            let dlq = try DeadLetterQueue(name: queues[index].name, environment: environment)
            queues[index].messages = try dlq.peek(limit: Int(UInt16.max)).filter { delivery in
                let body = JSONDisplay.parse(delivery.envelope.body) as? [String: Any]
                return delivery.envelope.headers.stripeAccount == account || body?["account"] as? String == account
            }.count
        }
        return queues
    }

    /// The messages parked now in every dead-letter queue (exact: passive declares), or
    /// with `account` only those of that connected account, as `connectbus dlq list --exact
    /// [--account]` counts them.
    /// - Throws: ``CLIError`` when the broker cannot be reached.
    public static func parkedCount(account: String?, environment: CLIEnvironment) throws(CLIError) -> Int {
        var queues = try QueueDepths.overAMQP(environment)
        if let account { queues = try counting(queues, of: account, environment: environment) }
        return queues.filter { $0.name.hasSuffix(".dlq") }.reduce(0) { $0 + $1.messages }
    }
}
