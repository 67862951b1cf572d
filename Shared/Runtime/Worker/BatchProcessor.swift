import Bus
import Foundation
import Messages
import Store

/// Processes a batch of deliveries of a batched route (DESIGN §10): one transaction, a
/// savepoint per message with its inbox row and the handler's work; commit once; publish
/// the batch's outbox rows with one confirm wait; republish failures (confirmed); ack the
/// whole batch with `multiple`.
///
/// A failing message is rolled back to its savepoint and goes to retry/DLQ alone. If the
/// COMMIT itself fails for a reason other than a lost connection, the batch is redone one
/// message per transaction so the culprit is isolated.
/// Thread-safety: not `Sendable`; runs on its worker's thread.
struct BatchProcessor {
    let settings: WorkerSettings
    let resources: WorkerResources
    let failures: FailurePublisher
    let outbox: OutboxPublisher

    /// What happened to one delivery inside the transaction.
    enum Result {
        case committed(outboxIds: [Int64], seconds: Double)
        case duplicate
        case failed(HandlingFailure)
    }

    /// Rolls a message back to its savepoint with the outcome the handler asked for.
    private struct RollBack: Error { let failure: HandlingFailure }

    /// Handles `batch` (in delivery order) and acks it.
    /// - Throws: `BusError`/`StoreError` when a connection failed; nothing of the batch was
    ///   acked then (the broker redelivers, the inbox makes committed ones no-ops).
    func process(_ batch: [Delivery], connections: WorkerConnections) throws {
        guard let last = batch.last else { return }
        let db = try connections.database()
        let results: [Result]
        do {
            results = try db.transaction { db in batch.map { handle($0, db: db) } }
        } catch let error as StoreError where error.code != StoreError.Code.connectionFailed && batch.count > 1 {
            settings.log.warning("batch commit failed; redoing one message per transaction",
                                 ["error": error.description, "batch": String(batch.count)])
            for delivery in batch { try process([delivery], connections: connections) }
            return
        } catch let error as StoreError where error.code != StoreError.Code.connectionFailed {
            results = [.failed(FailureClassifier.classify(error))]
        }
        try finish(batch, results, last: last, connections: connections)
    }

    private func handle(_ delivery: Delivery, db: PGConnection) -> Result {
        let envelope = delivery.envelope
        let start = ContinuousClock.now
        let scope = MessageScope(db: db, schema: settings.schema, appId: settings.appId,
                                 messageId: envelope.messageId, queue: settings.route.queue, mode: .batched)
        do {
            let isNew = try db.savepoint("message") { db in
                guard try Inbox(schema: settings.schema).record(messageId: envelope.messageId,
                                                                 queue: settings.route.queue, on: db)
                else { return false }
                guard let handler = settings.route.handler(forType: envelope.type) else {
                    throw RollBack(failure: FailureClassifier.unknownType(envelope.type, queue: settings.route.queue))
                }
                var context = HandlerContext(envelope: envelope, queue: settings.route.queue,
                                             redelivered: delivery.redelivered, log: settings.log(for: envelope),
                                             worker: resources, scope: scope)
                let outcome = try handler(envelope, &context)
                guard outcome == .done else { throw RollBack(failure: FailureClassifier.classify(outcome)) }
                return true
            }
            guard isNew else { return .duplicate }
            return .committed(outboxIds: scope.outboxIds, seconds: (ContinuousClock.now - start).seconds)
        } catch let rollBack as RollBack {
            return .failed(rollBack.failure)
        } catch {
            return .failed(FailureClassifier.classify(error))
        }
    }

    /// After commit: publish the batch's outbox rows, republish failures, ack everything.
    private func finish(_ batch: [Delivery], _ results: [Result], last: Delivery,
                        connections: WorkerConnections) throws {
        let queue = settings.route.queue
        var outboxIds: [Int64] = []
        var failed: [FailedDelivery] = []
        for (delivery, result) in zip(batch, results) {
            switch result {
            case .committed(let ids, let seconds):
                outboxIds += ids
                settings.metrics.processed.increment(queue)
                settings.metrics.handlerSeconds.observe(seconds, queue)
            case .duplicate:
                settings.metrics.duplicates.increment(queue)
                settings.log(for: delivery.envelope).info("duplicate message acknowledged without work")
            case .failed(let failure):
                let decision = settings.policy.decide(failure, attempt: delivery.envelope.headers.attempt, queue: queue)
                failed.append(FailedDelivery(delivery: delivery, failure: failure, decision: decision))
            }
        }
        let bus = try connections.publisher()
        do {
            try outbox.publish(ids: outboxIds, db: try connections.database(), bus: bus)
        } catch {
            settings.log.warning("publishing the batch's outbox rows failed; the relay will publish them",
                                 ["error": String(describing: error)])
            if !failed.isEmpty { throw error }
        }
        try failures.publish(failed, bus: bus)
        try connections.consumer().ack(last.deliveryTag, multiple: true)
    }
}
