import Bus
import Messages
import Store

/// What both ways of processing deliveries hold (``BatchProcessor`` for `.batched` routes,
/// ``OneAtATimeProcessor`` for `.oneAtATime` ones): the worker's settings and resources and
/// the writers of the failure copies, the outbox, the inbox and the published rows' list.
/// Each worker builds one of each over the same parts (`Worker`).
///
/// A class, so that the worker's loop holds a reference rather than copies of its settings
/// on the stack (Shared/Runtime/README.md, "Memory").
/// Thread-safety: not `Sendable`; runs on its worker's thread.
class DeliveryProcessor {
    /// The route, schema, batch size and logging of the worker.
    let settings: WorkerSettings
    /// The rate limiter, metrics and Stripe client of the worker.
    let resources: WorkerResources
    /// Publishes retry and dead-letter copies of failed deliveries.
    let failures: FailurePublisher
    /// Writes and publishes the outbox rows of a commit.
    let outbox: OutboxPublisher
    /// The inbox's SQL (seen message ids, stored replies).
    let inbox: Inbox
    /// The outbox rows published and not yet deleted, shared by the worker's processors.
    let published: PublishedRows

    /// A processor over the worker's parts.
    init(
        settings: WorkerSettings, resources: WorkerResources, failures: FailurePublisher,
        outbox: OutboxPublisher, inbox: Inbox, published: PublishedRows
    ) {
        self.settings = settings
        self.resources = resources
        self.failures = failures
        self.outbox = outbox
        self.inbox = inbox
        self.published = published
    }

    /// Awaits the confirms of rows the worker published from memory and remembers the rows
    /// for deletion by its next statement (``PublishedRows``) — unless they were still
    /// unconfirmed at half the relay's grace period, in which case the worker held them
    /// and has deleted them already (`OutboxPublisher.confirm(_:holding:bus:simulatedStall:)`).
    /// - Throws: `BusError` for a nack, timeout or lost connection (the rows stay for the relay).
    func confirmAndRemember(_ rows: [PendingAcks.Published], db: PGConnection, bus: AMQPConnection) throws {
        guard !rows.isEmpty else { return }
        let deleted = try outbox.confirm(
            rows, holding: db, bus: bus, simulatedStall: CrashSeam.confirmStall(settings.route.queue))
        if deleted {
            settings.metrics.outboxHeld.increment(settings.route.queue, by: Double(rows.reduce(0) { $0 + $1.ids.count }))
        } else {
            for row in rows { published.add(row.ids) }
        }
    }

    /// Publishes a commit's rows — `messages[i]` as `envelopes[i]`, row id `ids[i]`, written by
    /// a transaction opened at `openedAt` — from memory without waiting for their confirms,
    /// and returns them for ``confirmAndRemember(_:db:bus:)`` (now or with the take's other
    /// rows). Rows that are late (`OutboxPublisher.isLate`) are published as the relay would
    /// instead, locked and deleted first, with their confirm wait (`OutboxPublisher.publishClaimed`:
    /// a row the relay took meanwhile is its alone), after `beforeLate` (which settles what
    /// the worker published earlier); `nil` then, as for no rows.
    /// - Throws: `BusError` (the rows stay for the relay), `StoreError`.
    func publishCommitted(
        messages: [OutboxMessage], envelopes: [Envelope], ids: [Int64], openedAt: ContinuousClock.Instant?,
        db: PGConnection, bus: AMQPConnection, beforeLate: () -> Void = {}
    ) throws -> PendingAcks.Published? {
        guard !messages.isEmpty else { return nil }
        guard let openedAt, outbox.isLate(openedAt) else {
            let started = try outbox.publishUnconfirmed(messages: messages, envelopes: envelopes, bus: bus)
            return PendingAcks.Published(
                messages: messages, envelopes: envelopes, ids: ids, startNanos: started, openedAt: openedAt)
        }
        beforeLate()
        let taken = try outbox.publishClaimed(messages: messages, envelopes: envelopes, ids: ids, db: db, bus: bus)
        settings.metrics.outboxHeld.increment(settings.route.queue, by: Double(ids.count))
        settings.log.info(
            "outbox rows published late, after half the relay's grace period: locked first",
            ["rows": String(ids.count), "taken_by_relay": String(taken)])
        return nil
    }
}
