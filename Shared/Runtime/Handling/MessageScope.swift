import Messages
import Store

/// The transaction state of one message while its handler runs: the database connection,
/// whether the message's transaction (with its inbox row) is open, and the outbox rows it
/// wrote. Batched routes start with the transaction open (the batch's savepoint); Stripe-bound
/// routes open it lazily and commit it after the handler returns.
///
/// Thread-safety: not `Sendable`; lives on one worker thread for one message.
final class MessageScope {
    /// Thrown when opening a Stripe-bound message's transaction finds its `message_id`
    /// already in the inbox (a concurrent redelivery finished first): ack without work.
    struct Duplicate: Error {}

    let db: PGConnection
    let schema: String
    let appId: String
    let messageId: String
    let queue: String
    let mode: Route.Mode
    private let inbox: Inbox
    private let outbox: Outbox
    private(set) var isOpen: Bool
    private(set) var outboxIds: [Int64] = []

    init(db: PGConnection, schema: String, appId: String, messageId: String, queue: String, mode: Route.Mode) {
        self.db = db
        self.schema = schema
        self.appId = appId
        self.messageId = messageId
        self.queue = queue
        self.mode = mode
        inbox = Inbox(schema: schema)
        outbox = Outbox(schema: schema)
        isOpen = mode == .batched
    }

    /// Opens the Stripe-bound message's transaction with its inbox row (no-op when open).
    /// - Throws: `Duplicate`, `StoreError`.
    func openTransaction() throws {
        guard !isOpen else { return }
        try db.execute("BEGIN")
        isOpen = true
        guard try inbox.record(messageId: messageId, queue: queue, on: db) else { throw Duplicate() }
    }

    /// Writes an outbox row and remembers its id for publishing after commit.
    func enqueue(_ envelope: Envelope, exchange: String, routingKey: String, mandatory: Bool) throws {
        let message = OutboxMessage(envelope, exchange: exchange, routingKey: routingKey, mandatory: mandatory)
        outboxIds.append(try outbox.enqueue(message, on: db))
    }

    /// Commits the Stripe-bound message's transaction, opening it first so the inbox row
    /// is written even when the handler wrote nothing.
    /// - Throws: `Duplicate`, `StoreError` (a COMMIT that rolled back is `store.query_failed`).
    func commit() throws {
        try openTransaction()
        let tag = try db.execute("COMMIT").commandTag
        isOpen = false
        if tag == "ROLLBACK" {
            outboxIds = []
            throw StoreError(code: StoreError.Code.queryFailed, sqlState: "25P02",
                             message: "transaction was rolled back at COMMIT")
        }
    }

    /// Rolls back the Stripe-bound message's transaction if open (errors are ignored: a
    /// broken connection shows on the next use).
    func rollback() {
        outboxIds = []
        guard mode == .stripeBound, isOpen else { return }
        _ = try? db.execute("ROLLBACK")
        isOpen = false
    }
}
