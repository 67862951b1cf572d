import Bus
import Messages
import Store

/// Publishes outbox rows with publisher confirms and deletes them, in one transaction
/// that holds the rows' locks (`FOR UPDATE SKIP LOCKED`), so at most one publisher handles
/// a row at a time and a row is deleted only after the broker confirmed it.
///
/// A `mandatory` message the broker returns as unroutable is logged as an error and its
/// row deleted (no queue can ever take it; the broker confirmed every other publish of the
/// batch first). A nack, timeout or lost connection rolls back: the rows stay for the relay.
/// Thread-safety: not `Sendable`; used on its owner's thread with its owner's connections.
struct OutboxPublisher {
    /// Takes the rows the relay publishes.
    let drain: OutboxDrain
    /// Writes the rows a worker's commit carries (the processors' deferred inserts).
    let writer: OutboxWriter
    let log: Logger
    let confirmTimeout: Duration
    /// How long after its transaction began a worker's rows are left unlocked while it
    /// publishes them: half the relay's grace period (``isLate(_:at:)``,
    /// ``confirm(_:holding:db:bus:simulatedStall:)``).
    let holdAfter: Duration

    /// - Parameter relayGrace: the grace period after which the outbox relay takes the rows
    ///   a worker wrote (`OUTBOX_RELAY_GRACE_MS`); a worker holds its rows from half of it.
    init(schema: String, log: Logger, confirmTimeout: Duration = .seconds(30), relayGrace: Duration = .seconds(2)) {
        drain = OutboxDrain(schema: schema)
        writer = OutboxWriter(schema: schema)
        self.log = log
        self.confirmTimeout = confirmTimeout
        holdAfter = relayGrace / 2
    }

    /// Publishes a committed transaction's rows from memory without waiting for their
    /// confirms (``confirm(_:bus:)`` awaits them, with those of other messages) and returns
    /// when the publishes started (ns since the Unix epoch, for their spans).
    ///
    /// Several rows are written with the socket corked (``AMQPConnection/corked(_:)``).
    /// Replies (rows for the default exchange, addressed to a `reply_to` queue) go first,
    /// then the other rows in order: the platform waiting for the answer gets it before the
    /// broker routes the message's events to their subscribers (consumers never rely on
    /// the order of messages on different queues, docs/DESIGN.md §4 "No order across queues").
    /// - Throws: `BusError` when the connection failed (the rows stay for the relay).
    func publishUnconfirmed(messages: [OutboxMessage], envelopes: [Envelope], bus: AMQPConnection) throws -> UInt64 {
        let start = Tracer.nowNanos()
        func publishAll() throws {
            for replies in [true, false] {
                for (message, envelope) in zip(messages, envelopes) where (message.exchange == Exchanges.default) == replies {
                    try bus.publish(
                        envelope, exchange: message.exchange, routingKey: message.routingKey,
                        mandatory: message.mandatory)
                }
            }
        }
        // Corked, several rows leave in full segments once the last is written: one read
        // for the broker's connection process instead of one per row (AMQPConnection.corked).
        if messages.count > 1 { try bus.corked(publishAll) } else { try publishAll() }
        return start
    }

    /// Waits once for the confirms of every publish outstanding on `bus` — the rows of
    /// `published`, sent by ``publishUnconfirmed(messages:envelopes:bus:)`` — logs an
    /// unroutable mandatory message, and records each publish's span (`relayed`: published
    /// by the relay).
    /// `timeout` replaces the publisher's confirm timeout (30 s).
    /// - Throws: `BusError` for a nack, timeout or lost connection (the rows stay for the relay).
    func confirm(
        _ published: [PendingAcks.Published], relayed: Bool = false, within timeout: Duration? = nil,
        bus: AMQPConnection
    ) throws {
        guard !published.isEmpty else { return }
        if let unroutable = try waitForConfirms(bus, timeout: timeout ?? confirmTimeout) {
            log.error(
                "unroutable message dropped from the outbox: no queue is bound for it",
                ["error": unroutable.message, "dropped_message_id": unroutable.messageId ?? ""])
        }
        for rows in published {
            for (message, envelope) in zip(rows.messages, rows.envelopes) {
                PublishSpan.record(
                    envelope, exchange: message.exchange, routingKey: message.routingKey,
                    startNanos: rows.startNanos, relayed: relayed)
            }
        }
    }

    /// Publishes up to `limit` rows older than `grace`. Returns the number published.
    /// - Throws: `BusError` (rows stay), `StoreError`.
    @discardableResult
    func publishStale(olderThan grace: Duration, limit: Int, db: PGConnection, bus: AMQPConnection) throws -> Int {
        try publishStale(olderThan: grace, limit: limit, after: nil, db: db, bus: bus).rows
    }

    /// What one relay batch did: rows published, the cursor after the last one, and how
    /// long its statement (the take) and the whole transaction (take, publish, confirm
    /// wait, commit) took, in seconds.
    struct StaleBatch {
        var rows: Int
        var cursor: OutboxCursor?
        var statementSeconds: Double
        var seconds: Double
    }

    /// Which rows a relay batch takes.
    enum Selection {
        /// Rows older than the grace period, whoever wrote them (`OutboxDrain.takeStale`).
        case olderThan(Duration)
        /// Rows written for the relay, of any age (`OutboxDrain.takeForRelay`).
        case writtenForRelay
    }

    /// Publishes up to `limit` rows older than `grace` whose key comes after `cursor`
    /// (keyset scan, see `OutboxDrain.takeStale(olderThan:limit:after:on:)`), in one transaction
    /// with one confirm wait.
    /// - Throws: `BusError` (the transaction rolls back: rows stay), `StoreError`.
    func publishStale(
        olderThan grace: Duration, limit: Int, after cursor: OutboxCursor?, db: PGConnection,
        bus: AMQPConnection
    ) throws -> StaleBatch {
        try publish(.olderThan(grace), limit: limit, after: cursor, db: db, bus: bus)
    }

    /// Publishes up to `limit` rows of `selection` whose key comes after `cursor` (keyset
    /// scan), in one transaction with one confirm wait.
    /// - Throws: `BusError` (the transaction rolls back: rows stay), `StoreError`.
    func publish(
        _ selection: Selection, limit: Int, after cursor: OutboxCursor?, db: PGConnection, bus: AMQPConnection
    ) throws -> StaleBatch {
        let start = ContinuousClock.now
        var statement = Duration.zero
        let take = try db.transaction { db in
            let take =
                switch selection {
                case .olderThan(let grace): try drain.takeStale(olderThan: grace, limit: limit, after: cursor, on: db)
                case .writtenForRelay: try drain.takeForRelay(limit: limit, after: cursor, on: db)
                }
            statement = ContinuousClock.now - start
            try publishAndConfirm(take.rows, bus: bus)
            return take
        }
        return StaleBatch(
            rows: take.rows.count, cursor: take.cursor, statementSeconds: statement.seconds,
            seconds: (ContinuousClock.now - start).seconds)
    }

    /// Publishes `rows` in order and waits once for every confirm; an unroutable mandatory
    /// message is logged (its row goes with the others).
    /// - Throws: `BusError` for a nack, timeout or lost connection.
    private func publishAndConfirm(_ rows: [OutboxRow], bus: AMQPConnection) throws {
        // Each row's envelope (its headers decoded from JSON) is built once: the publish
        // and, when tracing is on, its span read the same one.
        try sendAndConfirm(rows.map(\.message), rows.map(\.message.envelope), relayed: true, bus: bus)
    }

    /// Publishes `messages[i]` as `envelopes[i]` in order, waits once for every confirm (an
    /// unroutable mandatory message is logged, not thrown) and records each publish's span
    /// (`relayed`: by the relay rather than right after the commit).
    /// - Throws: `BusError` for a nack, timeout or lost connection.
    func sendAndConfirm(
        _ messages: [OutboxMessage], _ envelopes: [Envelope], relayed: Bool, bus: AMQPConnection
    ) throws {
        guard !messages.isEmpty else { return }
        let start = try publishUnconfirmed(messages: messages, envelopes: envelopes, bus: bus)
        try confirm(
            [PendingAcks.Published(messages: messages, envelopes: envelopes, ids: [], startNanos: start)],
            relayed: relayed, bus: bus)
    }

    /// Waits for every confirm; returns the `bus.unroutable` error instead of throwing it.
    private func waitForConfirms(_ bus: AMQPConnection, timeout: Duration) throws(BusError) -> BusError? {
        do {
            try bus.waitForConfirms(timeout: timeout)
            return nil
        } catch {
            guard error.code == BusError.Code.unroutable else { throw error }
            return error
        }
    }
}
