import Messages
import Store

/// The transaction state of one message while its handler runs: the database connection,
/// whether the message's transaction (with its inbox row) is open, and the outbox rows it
/// wrote.
///
/// Batched routes run inside the batch transaction: the message's savepoint is opened on
/// the handler's first use of the database (a handler that only publishes costs no round
/// trip) and its outbox rows are kept in memory until the batch writes them all at once.
/// One-at-a-time routes open the message's transaction lazily and defer its own writes — the
/// inbox row, outbox rows, the message log — with `PGConnection.deferWrite`, so they travel
/// with the handler's next statement or with the `COMMIT` after the handler returns: a
/// handler that writes nothing itself costs one round trip for its whole transaction.
///
/// Thread-safety: not `Sendable`; lives on one worker thread for one message.
final class MessageScope {
    /// Thrown when opening a one-at-a-time message's transaction finds its `message_id`
    /// already in the inbox (a concurrent redelivery finished first): ack without work.
    struct Duplicate: Error {}

    let db: PGConnection
    let schema: String
    let appId: String
    let messageId: String
    let queue: String
    let mode: Route.Mode
    private let inbox: Inbox
    private let outbox: OutboxWriter
    /// Deletes the rows this worker published earlier, with the `COMMIT`.
    private let drain: OutboxDrain
    private(set) var isOpen: Bool
    /// One-at-a-time routes: the ids of the committed outbox rows of ``writtenOutbox``.
    private(set) var outboxIds: [Int64] = []
    /// One-at-a-time routes: what the deferred inbox and outbox writes answered.
    private let answers = DeferredAnswers()
    /// One-at-a-time routes: the rows of ``outboxIds`` and their envelopes, in the same order
    /// (published from memory after commit).
    private(set) var writtenOutbox: [OutboxMessage] = []
    private(set) var writtenEnvelopes: [Envelope] = []
    /// Batched routes: outbox rows to write with the batch, in order.
    private(set) var pendingOutbox: [OutboxMessage] = []
    /// Batched routes: the envelopes of ``pendingOutbox`` (published from memory after commit).
    private(set) var pendingEnvelopes: [Envelope] = []
    /// Batched routes: whether the message's savepoint is open, or failed to open.
    private(set) var savepointOpen = false
    private(set) var savepointError: StoreError?
    /// The reply the handler wrote (``HandlerContext/reply(_:)``), kept in the inbox row with
    /// the command's fingerprint so a retry of the same `message_id` gets it again.
    var reply: Envelope?
    /// Stripe-bound routes: when the message's transaction began (ns since the epoch; its span).
    private(set) var transactionStartNanos: UInt64?
    /// One-at-a-time routes: when the message's transaction was opened (its rows'
    /// `created_at` is no earlier), for the worker's hold on them (`OutboxPublisher.isLate`).
    private(set) var openedAt: ContinuousClock.Instant?
    private static let savepoint = "connectbus_message"

    init(db: PGConnection, schema: String, appId: String, messageId: String, queue: String, mode: Route.Mode) {
        self.db = db
        self.schema = schema
        self.appId = appId
        self.messageId = messageId
        self.queue = queue
        self.mode = mode
        inbox = Inbox(schema: schema)
        outbox = OutboxWriter(schema: schema)
        drain = OutboxDrain(schema: schema)
        isOpen = mode == .batched
    }

    /// The connection for the handler; in batched routes the first use opens the message's
    /// savepoint (a failure to open it is kept in ``savepointError`` and fails the message).
    var database: PGConnection {
        if mode == .batched, !savepointOpen, savepointError == nil {
            do {
                try db.execute("SAVEPOINT \(MessageScope.savepoint)")
                savepointOpen = true
            } catch {
                savepointError = error
            }
        }
        return db
    }

    /// Batched routes: keeps the handler's work (releases the savepoint, if opened).
    /// - Throws: `StoreError` if the savepoint could not be opened or released.
    func keep() throws {
        if let savepointError { throw savepointError }
        guard savepointOpen else { return }
        try db.execute("RELEASE SAVEPOINT \(MessageScope.savepoint)")
        savepointOpen = false
    }

    /// Batched routes: undoes the handler's work (rolls back to the savepoint, if opened) and
    /// drops its pending outbox rows. Errors are ignored: a broken connection fails the batch.
    func discard() {
        reply = nil
        pendingOutbox = []
        pendingEnvelopes = []
        guard savepointOpen else { return }
        _ = try? db.execute("ROLLBACK TO SAVEPOINT \(MessageScope.savepoint)")
        _ = try? db.execute("RELEASE SAVEPOINT \(MessageScope.savepoint)")
        savepointOpen = false
    }

    /// Opens the one-at-a-time message's transaction with its inbox row, both deferred: they
    /// reach the server with the next statement (no-op when open).
    /// - Throws: `StoreError`.
    func openTransaction() throws {
        guard !isOpen else { return }
        transactionStartNanos = Tracer.nowNanos()
        openedAt = .now
        try db.beginDeferred()
        isOpen = true
        let answers = self.answers
        try inbox.recordDeferred(messageId: messageId, queue: queue, on: db) { outcome in
            if case .success(false) = outcome { answers.duplicate = true }
        }
    }

    /// Whether the deferred inbox row found the message already recorded (a concurrent
    /// redelivery committed first): the transaction failed and is to be rolled back, and the
    /// delivery acked without work.
    var isDuplicate: Bool { answers.duplicate }

    /// Writes an outbox row (batched: kept for the batch's statement; one-at-a-time:
    /// deferred, its id known after commit) to publish after commit.
    func enqueue(_ envelope: Envelope, exchange: String, routingKey: String, mandatory: Bool) throws {
        let message = OutboxMessage(envelope, exchange: exchange, routingKey: routingKey, mandatory: mandatory)
        if mode == .batched {
            pendingOutbox.append(message)
            pendingEnvelopes.append(envelope)
        } else {
            let index = writtenOutbox.count
            writtenOutbox.append(message)
            writtenEnvelopes.append(envelope)
            answers.outboxIds.append(nil)
            let answers = self.answers
            try outbox.enqueueDeferred(message, on: db) { outcome in
                if case .success(let id) = outcome { answers.outboxIds[index] = id }
            }
        }
    }

    /// Commits the one-at-a-time message's transaction, opening it first so the inbox row
    /// is written even when the handler wrote nothing; the deferred writes travel with the
    /// `COMMIT`, with the deletion of `published` (rows this worker published earlier).
    /// Outbox rows a rolled-back savepoint dropped unsent are not published.
    /// - Throws: `Duplicate` when the inbox row already existed, `StoreError` (a COMMIT that
    ///   rolled back is `store.query_failed`); the transaction is then still to be rolled back.
    func commit(deletingPublished published: [Int64] = []) throws {
        try openTransaction()
        try drain.deletePublishedDeferred(published, on: db)
        let tag: String
        do {
            tag = try db.execute("COMMIT").commandTag
        } catch {
            if isDuplicate { throw Duplicate() }
            throw error
        }
        isOpen = false
        if tag == "ROLLBACK" {
            outboxIds = []
            writtenOutbox = []
            writtenEnvelopes = []
            if isDuplicate { throw Duplicate() }
            throw StoreError(
                code: StoreError.Code.queryFailed, sqlState: "25P02",
                message: "transaction was rolled back at COMMIT")
        }
        let kept = answers.outboxIds.indices.filter { answers.outboxIds[$0] != nil }
        if kept.count != writtenOutbox.count {
            writtenOutbox = kept.map { writtenOutbox[$0] }
            writtenEnvelopes = kept.map { writtenEnvelopes[$0] }
        }
        outboxIds = answers.outboxIds.compactMap { $0 }
    }

    /// Rolls back the one-at-a-time message's transaction if open, sending nothing when none
    /// of it reached the server (errors are ignored: a broken connection shows on the next use).
    func rollback() {
        reply = nil
        outboxIds = []
        writtenOutbox = []
        writtenEnvelopes = []
        answers.outboxIds = []
        guard mode != .batched, isOpen else { return }
        db.rollback()
        isOpen = false
    }
}

/// What a one-at-a-time message's deferred writes answered once their pipeline was read: a
/// box the completions fill, so they hold no reference to the ``MessageScope``.
/// Thread-safety: not `Sendable`; used on one worker thread.
final class DeferredAnswers {
    /// The inbox row's insert found the message recorded.
    var duplicate = false
    /// Each outbox row's id, in write order (`nil` until written, or when dropped).
    var outboxIds: [Int64?] = []
}
