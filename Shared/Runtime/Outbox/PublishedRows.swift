import Store

/// The ids of outbox rows a worker has published with confirms but not deleted yet
/// (docs/DESIGN.md §5 "Published rows are deleted by the next statement").
///
/// After a commit the worker publishes the transaction's rows from memory, waits once for
/// confirms, acks, and remembers the ids here. The next statement it sends anyway deletes
/// them — the next batch's inbox insert, inside that batch's transaction, or the next
/// one-at-a-time message's inbox check, before its handler calls Stripe or SMTP — and only when no delivery is
/// waiting does the worker delete them alone (``flush(_:on:)``), so a published row is gone
/// long before the relay's grace period makes it the relay's. The list survives a lost connection (the
/// deletion is idempotent and runs on the next connection); a crash loses it, and the relay
/// then publishes those rows a second time, which consumers' inboxes absorb.
/// Thread-safety: not `Sendable`; owned by one worker thread.
final class PublishedRows {
    /// Ids published and not yet deleted, oldest first.
    private(set) var ids: [Int64] = []

    var isEmpty: Bool { ids.isEmpty }

    /// Remembers rows whose publishes the broker confirmed.
    func add(_ published: [Int64]) { ids += published }

    /// Forgets the first `count` ids, which a committed statement deleted.
    func deleted(_ count: Int) { ids.removeFirst(min(count, ids.count)) }

    /// Deletes every remembered row in its own (asynchronously committed) transaction.
    /// - Throws: `StoreError`; the ids stay for the next attempt.
    func flush(_ outbox: OutboxDrain, on db: PGConnection) throws(StoreError) {
        guard !ids.isEmpty else { return }
        let taken = ids.count
        try outbox.deletePublished(ids, on: db)
        deleted(taken)
    }
}
