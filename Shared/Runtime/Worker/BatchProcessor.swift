import Bus
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Store

/// Processes a batch of deliveries of a batched route (DESIGN §10) in a constant number of
/// round trips: one transaction that records every inbox row with one statement, runs each
/// handler in its own savepoint (opened only if the handler touches the database), drops
/// the inbox rows of failed messages, writes every outbox row with one statement and
/// commits once; then publishes the batch's outbox rows from memory with one confirm wait,
/// republishes the failed messages (confirmed) and acks the whole batch with `multiple`.
/// The published rows are deleted by the next batch's inbox statement, inside its
/// transaction (``PublishedRows``), or locked against the relay first when the batch's
/// transaction ran, or its confirms take, half the relay's grace period
/// (``DeliveryProcessor/publishCommitted(messages:envelopes:ids:openedAt:db:bus:beforeLate:)``,
/// ``DeliveryProcessor/confirmAndRemember(_:db:bus:)``); the outbox rows (and the failed messages' inbox
/// deletion) are deferred to travel with the `COMMIT`: two round trips to Postgres per
/// batch, one transaction, plus those of handlers that use the database.
///
/// A message the broker redelivered `REDELIVERY_LIMIT` times (its `x-delivery-count`) and
/// the inbox has not seen is parked without running its handler
/// (``RedeliveryPolicy/redeliveryLimitExceeded(_:queue:)``).
/// A failing message is rolled back to its savepoint and goes to retry/DLQ alone, unless it
/// failed because the connection was lost: the batch's transaction went with it, so the
/// whole batch fails unacked and is redelivered to the reconnected worker. A message
/// id seen twice (before, or earlier in the same batch) is acked without work; a command
/// among them that carries a `reply_to` gets its stored reply again, or
/// `conflict.message_id_reused` for another body (``DuplicateCommand``): the batch's
/// fingerprints and replies go into their inbox rows with one deferred statement
/// (``Inbox/keepDeferred(_:on:)``, only for a batch with a `reply_to`), and the stored rows
/// of such duplicates are read with one more (only for a batch that has them). A
/// duplicate of a message another worker's batch is still handling waits on that inbox
/// row's lock, and so gets the reply it commits. If the
/// COMMIT itself fails for a reason other than a lost connection, the batch is redone one
/// message per transaction so the culprit is isolated.
/// Its parts are ``DeliveryProcessor``'s. Thread-safety: not `Sendable`; runs on its
/// worker's thread.
final class BatchProcessor: DeliveryProcessor {
    /// What happened to one delivery inside the transaction.
    enum Result {
        case committed(outbox: [OutboxMessage], envelopes: [Envelope], seconds: Double, reply: Envelope?)
        case duplicate(InboxEntry?)
        case failed(HandlingFailure)
    }

    /// The committed transaction's outcome: a result per delivery and the outbox rows written.
    private struct Committed {
        var results: [Result]
        var outboxIds: [Int64]
        var outboxMessages: [OutboxMessage]
        var outboxEnvelopes: [Envelope]
        /// Filled with the outbox rows' ids when the deferred insert ran (with the `COMMIT`).
        var written: WrittenIds? = nil
    }

    /// The ids the deferred outbox insert returned. Not `Sendable`: one worker thread.
    private final class WrittenIds {
        var ids: [Int64] = []
    }

    /// Handles `batch` (in delivery order) and acks it.
    /// - Throws: `BusError`/`StoreError` when a connection failed; nothing of the batch was
    ///   acked then (the broker redelivers, the inbox makes committed ones no-ops).
    @inline(never)  // Its frame stays off an idle worker's stack (Worker.WorkerTask).
    func process(_ batch: [Delivery], connections: WorkerConnections) throws {
        guard let last = batch.last else { return }
        let db = try connections.database()
        let committed: Committed
        let begun = Tracer.nowNanos()
        let openedAt = ContinuousClock.now
        resources.traceSlot.batch = []
        do {
            let deleting = published.ids
            var done = try db.transaction { db in try run(batch, deletingPublished: deleting, db: db) }
            done.outboxIds = done.written?.ids ?? []
            committed = done
            published.deleted(deleting.count)
            TransactionSpan.recordBatch(
                resources.traceSlot, schema: settings.schema, startNanos: begun,
                size: batch.count, failure: nil)
        } catch let error as StoreError where error.code != StoreError.Code.connectionFailed && batch.count > 1 {
            TransactionSpan.recordBatch(
                resources.traceSlot, schema: settings.schema, startNanos: begun,
                size: batch.count, failure: error.code)
            settings.log.warning(
                "batch commit failed; redoing one message per transaction",
                ["error": error.description, "batch": String(batch.count)])
            for delivery in batch { try process([delivery], connections: connections) }
            return
        } catch let error as StoreError where error.code != StoreError.Code.connectionFailed {
            TransactionSpan.recordBatch(
                resources.traceSlot, schema: settings.schema, startNanos: begun,
                size: batch.count, failure: error.code)
            committed = Committed(
                results: [.failed(FailureClassifier.classify(error))], outboxIds: [],
                outboxMessages: [], outboxEnvelopes: [])
        }
        try CrashSeam.afterCommit(settings.route.queue)
        try finish(batch, committed, openedAt: openedAt, last: last, connections: connections)
    }

    private func run(_ batch: [Delivery], deletingPublished: [Int64], db: PGConnection) throws -> Committed {
        var fresh = try inbox.record(
            messageIds: batch.map(\.envelope.messageId), queue: settings.route.queue,
            deletingPublished: deletingPublished, from: outbox.drain, on: db)
        let stored = try storedEntries(batch, fresh: fresh, db: db)
        var results: [Result] = []
        var failedIds: [String] = []
        var messages: [OutboxMessage] = []
        var envelopes: [Envelope] = []
        var kept: [String: KeptReply] = [:]
        for delivery in batch {
            let id = delivery.envelope.messageId
            guard fresh.remove(id) != nil else {
                // Stored before this batch, or handled earlier in it (its entry is in memory).
                let entry = stored[id] ?? kept[id]?.entry
                results.append(.duplicate(entry))
                continue
            }
            let result = try handle(delivery, db: db)
            switch result {
            case .committed(let outbox, let outboxEnvelopes, _, let reply):
                messages += outbox
                envelopes += outboxEnvelopes
                if let entry = DuplicateCommand.kept(delivery.envelope, reply: reply) { kept[id] = entry }
            case .failed: failedIds.append(id)
            case .duplicate: break
            }
            results.append(result)
        }
        try inbox.forgetDeferred(messageIds: failedIds, on: db)
        try inbox.keepDeferred(Array(kept.values), on: db)
        let written = WrittenIds()
        try outbox.writer.enqueueDeferred(batch: messages, on: db) { outcome in
            if case .success(let ids) = outcome { written.ids = ids }
        }
        return Committed(
            results: results, outboxIds: [], outboxMessages: messages, outboxEnvelopes: envelopes, written: written)
    }

    /// The inbox entries of the batch's duplicates that carry a `reply_to` and were recorded
    /// before this batch (one statement, none when there are none). A row another worker's
    /// transaction was writing made the inbox statement wait for its commit, so it is read here.
    private func storedEntries(_ batch: [Delivery], fresh: Set<String>, db: PGConnection) throws -> [String: InboxEntry] {
        let asking = batch.lazy.map(\.envelope).filter { envelope in
            !fresh.contains(envelope.messageId) && !(envelope.replyTo ?? "").isEmpty
        }.map(\.messageId)
        guard !asking.isEmpty else { return [:] }
        return try inbox.entries(messageIds: Array(Set(asking)), on: db)
    }

    /// Runs one delivery's handler in its savepoint.
    /// - Throws: `store.connection_failed` when the connection was lost under the handler:
    ///   the batch's transaction is gone with it, so the whole batch fails unacked (the
    ///   broker redelivers it to the reconnected worker) instead of this message alone.
    private func handle(_ delivery: Delivery, db: PGConnection) throws(StoreError) -> Result {
        let span = MessageSpan.begin(delivery, queue: settings.route.queue, appId: settings.appId)
        resources.traceSlot.enterBatched(span?.context)
        defer { resources.traceSlot.context = nil }
        let result: Result
        do {
            result = try handleUntraced(delivery, db: db)
        } catch {
            span?.end(failure: FailureClassifier.classify(error))
            throw error
        }
        if case .failed(let failure) = result { span?.end(failure: failure) } else { span?.end(failure: nil) }
        return result
    }

    private func handleUntraced(_ delivery: Delivery, db: PGConnection) throws(StoreError) -> Result {
        let envelope = delivery.envelope
        let start = ContinuousClock.now
        let scope = MessageScope(
            db: db, schema: settings.schema, appId: settings.appId,
            messageId: envelope.messageId, queue: settings.route.queue, mode: .batched)
        do {
            if let exceeded = settings.policy.redeliveryLimitExceeded(envelope, queue: settings.route.queue) {
                return .failed(exceeded)
            }
            guard let handler = settings.route.handler(forType: envelope.type) else {
                return .failed(FailureClassifier.unknownType(envelope.type, queue: settings.route.queue))
            }
            var context = HandlerContext(
                envelope: envelope, queue: settings.route.queue,
                redelivered: delivery.redelivered, log: settings.log(for: envelope),
                worker: resources, scope: scope)
            let outcome = try handler(envelope, &context)
            guard outcome == .done else {
                scope.discard()
                return .failed(FailureClassifier.classify(outcome))
            }
            try scope.keep()
            return .committed(
                outbox: scope.pendingOutbox, envelopes: scope.pendingEnvelopes,
                seconds: (ContinuousClock.now - start).seconds, reply: scope.reply)
        } catch let error as StoreError where error.code == StoreError.Code.connectionFailed {
            scope.discard()
            throw error
        } catch {
            scope.discard()
            return .failed(FailureClassifier.classify(error))
        }
    }

    /// After commit: publish the batch's outbox rows, republish failures, ack everything.
    private func finish(
        _ batch: [Delivery], _ committed: Committed, openedAt: ContinuousClock.Instant, last: Delivery,
        connections: WorkerConnections
    ) throws {
        let queue = settings.route.queue
        var failed: [FailedDelivery] = []
        var replays: [(Envelope, String)] = []
        for (delivery, result) in zip(batch, committed.results) {
            switch result {
            case .committed(_, _, let seconds, _):
                settings.metrics.processed.increment(queue)
                settings.metrics.handlerSeconds.observe(seconds, queue)
            case .duplicate(let entry):
                switch DuplicateCommand.answer(delivery, entry: entry, appId: settings.appId) {
                case .none:
                    settings.metrics.duplicates.increment(queue)
                    settings.log(for: delivery.envelope).info("duplicate message acknowledged without work")
                case .replay(let reply, let replyTo):
                    settings.metrics.duplicates.increment(queue)
                    settings.log(for: delivery.envelope).info("duplicate command answered with its stored reply")
                    replays.append((reply, replyTo))
                case .conflict(let failure):
                    let decision = settings.policy.decide(failure, attempt: delivery.envelope.headers.attempt, queue: queue)
                    failed.append(FailedDelivery(delivery: delivery, failure: failure, decision: decision))
                }
            case .failed(let failure):
                let decision = settings.policy.decide(failure, attempt: delivery.envelope.headers.attempt, queue: queue)
                failed.append(FailedDelivery(delivery: delivery, failure: failure, decision: decision))
            }
        }
        let bus = try connections.publisher()
        do {
            let db = try connections.database()
            if let published = try publishCommitted(
                messages: committed.outboxMessages, envelopes: committed.outboxEnvelopes, ids: committed.outboxIds,
                openedAt: openedAt, db: db, bus: bus)
            {
                try confirmAndRemember([published], db: db, bus: bus)
            }
        } catch {
            settings.log.warning(
                "publishing the batch's outbox rows failed; the relay will publish them",
                ["error": String(describing: error)])
            if !failed.isEmpty || !replays.isEmpty { throw error }
        }
        try DuplicateCommand.publish(replays, bus: bus)
        try failures.publish(failed, bus: bus)
        try connections.consumer().ack(last.deliveryTag, multiple: true)
    }
}
