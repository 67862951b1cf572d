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

/// Processes one delivery of a `.oneAtATime` route: skip it if the inbox has seen it; park it
/// without running its handler if the broker redelivered it `REDELIVERY_LIMIT` times
/// (``RedeliveryPolicy/redeliveryLimitExceeded(_:queue:)``); take
/// a Stripe rate-limit token when the route is rate-limited; run the handler outside any
/// transaction (it calls Stripe or SMTP, with idempotency keys, then opens the message's transaction with
/// ``HandlerContext/transaction(_:)``); commit state, inbox row, events and reply together;
/// publish the outbox rows from memory at once. The confirms and the ack wait in
/// ``PendingAcks`` while the worker handles the next delivery it already holds, and are
/// settled together (``settle(_:connections:)``): one confirm wait and one `basic.ack` per
/// take, each delivery still acked only after its commit and its rows' confirms. The published rows are deleted
/// by the next message's inbox check, before its handler runs (``PublishedRows``); rows whose
/// transaction ran, or whose confirms take, half the relay's grace period are locked against
/// it first (``DeliveryProcessor/publishCommitted(messages:envelopes:ids:openedAt:db:bus:beforeLate:)``,
/// ``DeliveryProcessor/confirmAndRemember(_:db:bus:)``). The runtime's own writes
/// (`BEGIN`, the inbox row, outbox rows, the message log, that deletion) are deferred and
/// travel with the handler's next statement or the `COMMIT`: two round trips to Postgres per
/// message (the inbox check, a prepared primary-key lookup; `BEGIN` … `COMMIT`) and one
/// transaction, plus one round trip per statement the handler runs itself.
/// A concurrent redelivery that committed first makes the deferred inbox row fail, which
/// aborts the transaction before its `COMMIT`: the delivery is acked without work.
/// A command with a `reply_to` keeps its body's fingerprint and its reply in its inbox row
/// (a deferred `UPDATE` in the same pipeline as the `COMMIT`); a duplicate of it — found by
/// the inbox check, or by the failed inbox row of a concurrent delivery, once that one
/// committed — gets the stored reply again or `conflict.message_id_reused`
/// (``DuplicateCommand``).
///
/// Its parts are ``DeliveryProcessor``'s. Thread-safety: not `Sendable`; runs on its
/// worker's thread.
final class OneAtATimeProcessor: DeliveryProcessor {
    /// Handles `delivery` and leaves its ack (and its outbox rows' confirms) to `pending`,
    /// settled by ``settle(_:connections:)`` once the take is done or ``PendingAcks/settleAfter``
    /// has passed.
    /// - Throws: `BusError`/`StoreError` when a connection failed (the delivery is not acked).
    @inline(never)  // Its frame stays off an idle worker's stack (Worker.WorkerTask).
    func process(_ delivery: Delivery, connections: WorkerConnections, pending: PendingAcks) throws {
        let envelope = delivery.envelope
        let queue = settings.route.queue
        let db = try connections.database()
        let log = settings.log(for: envelope)
        // The lookup also deletes the rows published after earlier commits, before the
        // handler: a slow one must not keep them until the relay's grace period ends.
        let deleted = published.ids
        let entry = try inbox.entry(
            messageId: envelope.messageId, deletingPublished: deleted, from: outbox.drain, on: db)
        published.deleted(deleted.count)
        if let entry {
            return try answerDuplicate(delivery, entry: entry, log: log, pending: pending, connections: connections)
        }
        let scope = MessageScope(
            db: db, schema: settings.schema, appId: settings.appId,
            messageId: envelope.messageId, queue: queue, mode: settings.route.mode)
        let start = ContinuousClock.now
        let span = MessageSpan.begin(delivery, queue: queue, appId: settings.appId)
        resources.traceSlot.context = span?.context
        _ = resources.traceSlot.takeCalls()
        defer { resources.traceSlot.context = nil }
        var failure: HandlingFailure?
        do {
            if let exceeded = settings.policy.redeliveryLimitExceeded(envelope, queue: queue) {
                throw HandlerError(outcome: .deadLetter(exceeded.replyError))
            }
            guard let handler = settings.route.handler(forType: envelope.type) else {
                throw HandlerError(outcome: .deadLetter(FailureClassifier.unknownType(envelope.type, queue: queue).replyError))
            }
            if settings.route.mode.isRateLimited { resources.prepayStripeToken() }
            var context = HandlerContext(
                envelope: envelope, queue: queue, redelivered: delivery.redelivered,
                log: log, worker: resources, scope: scope)
            let outcome = try handler(envelope, &context)
            if outcome == .done {
                try MessageLog.writeCommitted(scope, calls: resources.traceSlot.takeCalls(), envelope: envelope)
                if let kept = DuplicateCommand.kept(envelope, reply: scope.reply) {
                    try scope.openTransaction()
                    try inbox.keepDeferred([kept], on: db)
                }
                let deleting = published.ids
                do { try scope.commit(deletingPublished: deleting) } catch {
                    TransactionSpan.record(scope, parent: span?.context, failure: error)
                    throw error
                }
                published.deleted(deleting.count)
                TransactionSpan.record(scope, parent: span?.context, failure: nil)
            } else {
                scope.rollback()
                failure = FailureClassifier.classify(outcome)
            }
        } catch let error as StoreError where error.code == StoreError.Code.connectionFailed {
            scope.rollback()
            throw error
        } catch {
            scope.rollback()
            failure = FailureClassifier.classify(error)
        }
        if scope.isDuplicate {
            // The inbox row met a concurrent redelivery's (the commit threw `Duplicate`, or
            // the handler saw a failed transaction after it), now rolled back: that one
            // committed, so its row (and reply) can be read.
            let entry = try inbox.entry(messageId: envelope.messageId, on: db)
            return try answerDuplicate(delivery, entry: entry, log: log, pending: pending, connections: connections)
        }
        span?.end(failure: failure)
        let decision = failure.map { settings.policy.decide($0, attempt: envelope.headers.attempt, queue: queue) }
        if let failure, let decision {
            MessageLog.writeFailed(
                scope, calls: resources.traceSlot.takeCalls(), envelope: envelope, failure: failure, decision: decision)
        } else {
            try CrashSeam.afterCommit(queue)
        }
        let bus = try connections.publisher()
        if let failure, let decision {
            // The failure's republish waits for confirms: settle what is outstanding first,
            // so an earlier message's outbox rows are confirmed (and logged) as such.
            confirmPublished(pending, db: db, bus: bus)
            try failures.publish([FailedDelivery(delivery: delivery, failure: failure, decision: decision)], bus: bus)
        } else {
            settings.metrics.processed.increment(queue)
            settings.metrics.handlerSeconds.observe((ContinuousClock.now - start).seconds, queue)
            do {
                // Late rows are locked before they are published, earlier messages' rows settled first.
                if let published = try publishCommitted(
                    messages: scope.writtenOutbox, envelopes: scope.writtenEnvelopes, ids: scope.outboxIds,
                    openedAt: scope.openedAt, db: db, bus: bus, beforeLate: { confirmPublished(pending, db: db, bus: bus) })
                {
                    pending.add(published)
                }
            } catch {
                log.warning(
                    "publishing outbox rows failed; the relay will publish them",
                    ["error": String(describing: error)])
            }
        }
        pending.finished(delivery.deliveryTag)
    }

    /// Waits once for the confirms of every row `pending` published, remembers the confirmed
    /// rows for deletion (``PublishedRows``) and acks every finished delivery with one
    /// `basic.ack` (`multiple`). A failed confirm wait is logged: those rows stay for the
    /// relay, and the deliveries are still acked (their work is committed).
    /// - Throws: `BusError` when the ack could not be sent (the broker redelivers; the inbox
    ///   makes the committed ones no-ops).
    @inline(never)  // Its frame stays off an idle worker's stack (Worker.WorkerTask).
    func settle(_ pending: PendingAcks, connections: WorkerConnections) throws {
        guard !pending.isEmpty else { return }
        confirmPublished(pending, db: try connections.database(), bus: try connections.publisher())
        if let tag = pending.lastTag { try connections.consumer().ack(tag, multiple: true) }
        pending.reset()
    }

    /// Answers a delivery whose `message_id` the inbox holds as `entry`: its stored reply
    /// sent again (confirmed before the ack), a dead-lettered `conflict.message_id_reused`,
    /// or nothing (``DuplicateCommand/answer(_:entry:appId:)``); acked with the take.
    /// - Throws: `BusError` when a publish failed (the delivery is not acked).
    private func answerDuplicate(
        _ delivery: Delivery, entry: InboxEntry?, log: Logger, pending: PendingAcks, connections: WorkerConnections
    ) throws {
        switch DuplicateCommand.answer(delivery, entry: entry, appId: settings.appId) {
        case .none:
            skipDuplicate(delivery, log: log, pending: pending)
        case .replay(let reply, let replyTo):
            let bus = try connections.publisher()
            confirmPublished(pending, db: try connections.database(), bus: bus)
            try DuplicateCommand.publish([(reply, replyTo)], bus: bus)
            settings.metrics.duplicates.increment(settings.route.queue)
            log.info("duplicate command answered with its stored reply")
            pending.finished(delivery.deliveryTag)
        case .conflict(let failure):
            let bus = try connections.publisher()
            confirmPublished(pending, db: try connections.database(), bus: bus)
            let decision = settings.policy.decide(
                failure, attempt: delivery.envelope.headers.attempt, queue: settings.route.queue)
            try failures.publish([FailedDelivery(delivery: delivery, failure: failure, decision: decision)], bus: bus)
            pending.finished(delivery.deliveryTag)
        }
    }

    /// Counts `delivery` as a duplicate, handled before: acked (with the take) without work.
    private func skipDuplicate(_ delivery: Delivery, log: Logger, pending: PendingAcks) {
        settings.metrics.duplicates.increment(settings.route.queue)
        log.info("duplicate message acknowledged without work")
        pending.finished(delivery.deliveryTag)
    }

    /// Awaits the confirms of `pending`'s published rows and hands the confirmed ids to
    /// ``PublishedRows`` (or, still unconfirmed at half the relay's grace period, holds and
    /// deletes them: ``DeliveryProcessor/confirmAndRemember(_:db:bus:)``); a failure is
    /// logged (the rows stay for the relay).
    private func confirmPublished(_ pending: PendingAcks, db: PGConnection, bus: AMQPConnection) {
        let rows = pending.takePublished()
        guard !rows.isEmpty else { return }
        do {
            try confirmAndRemember(rows, db: db, bus: bus)
        } catch {
            settings.log.warning(
                "outbox rows were not confirmed; the relay will publish them",
                ["error": String(describing: error), "messages": String(rows.count)])
        }
    }
}
