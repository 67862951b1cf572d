import Bus
import Messages
import Store

/// A worker's hold on the rows it publishes itself (docs/DESIGN.md §5 "One publisher per
/// row"): the relay takes a worker's row once it is older than the grace period, judged by
/// the row's `created_at` (when its transaction began), so a worker that is still publishing
/// that late — a transaction that ran long, a broker slow to confirm — would share the row
/// with the relay and the message would be published twice. From half the grace period on,
/// the worker locks and deletes its rows (uncommitted) before it publishes them, or while it
/// waits for their confirms, and commits the deletion once the broker confirmed them: the
/// relay skips locked rows (`FOR UPDATE SKIP LOCKED`), and a row the relay took first is not
/// published by the worker. On time, nothing of this runs: the rows are published from
/// memory and deleted by the worker's next statement (``PublishedRows``).
extension OutboxPublisher {
    /// Whether rows of a transaction that began at `openedAt` are published late: half the
    /// relay's grace period or more after it.
    func isLate(_ openedAt: ContinuousClock.Instant, at now: ContinuousClock.Instant = .now) -> Bool {
        now - openedAt >= holdAfter
    }

    /// Publishes a committed transaction's rows — `messages[i]` with envelope `envelopes[i]`,
    /// row id `ids[i]` — that are late (``isLate(_:at:)``) as the relay does: in one
    /// transaction that locks and deletes them first (`OutboxDrain.claimAndDelete`), only the
    /// rows it got, with one confirm wait, then commits the deletion. Returns how many rows
    /// another publisher (the relay) had taken, which the worker does not publish.
    /// - Throws: `BusError` for a nack, timeout or lost connection (rolled back: the rows stay
    ///   for the relay); `StoreError` (nothing published).
    func publishClaimed(
        messages: [OutboxMessage], envelopes: [Envelope], ids: [Int64], db: PGConnection, bus: AMQPConnection
    ) throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try db.transaction { db in
            let claimed = try drain.claimAndDelete(ids: ids, on: db)
            let mine = ids.indices.filter { claimed.contains(ids[$0]) }
            try sendAndConfirm(mine.map { messages[$0] }, mine.map { envelopes[$0] }, relayed: false, bus: bus)
            return ids.count - mine.count
        }
    }

    /// Waits for the confirms of `published` (see ``confirm(_:relayed:within:bus:)``); if
    /// they have not all come in half the relay's grace period after the earliest
    /// `openedAt` of `published`, locks and deletes the rows (uncommitted, on `db`, which
    /// must be outside a transaction), waits for the rest and commits the deletion. Returns
    /// whether the rows are deleted (else the caller remembers them for its next statement).
    /// A failure to lock them is logged and the wait goes on without (as before the hold).
    /// `simulatedStall` (tests): the broker is taken not to have confirmed by the hold, and
    /// the closure runs on this thread while the rows are held.
    /// - Throws: `BusError` for a nack, timeout or lost connection (the rows stay for the relay).
    func confirm(
        _ published: [PendingAcks.Published], holding db: PGConnection, bus: AMQPConnection,
        simulatedStall: (@Sendable () -> Void)? = nil
    ) throws -> Bool {
        let ids = published.flatMap(\.ids)
        guard let openedAt = published.compactMap(\.openedAt).min(), !ids.isEmpty, !db.isInTransaction else {
            try confirm(published, bus: bus)
            return false
        }
        let holdAt = openedAt + holdAfter
        if let simulatedStall {
            DedicatedThread.sleep(holdAt - .now)
            return try hold(published, ids: ids, db: db, bus: bus, whileHeld: simulatedStall)
        }
        let now = ContinuousClock.now
        if now < holdAt {
            do {
                try confirm(published, within: holdAt - now, bus: bus)
                return false
            } catch let error as BusError where error.code == BusError.Code.timeout {
                // Not confirmed by the hold: the rows are locked below.
            }
        }
        guard bus.unconfirmedCount > 0 else {
            try confirm(published, bus: bus)
            return false
        }
        return try hold(published, ids: ids, db: db, bus: bus, whileHeld: nil)
    }

    /// Locks and deletes `ids` in a transaction, waits for the confirms and commits; see
    /// ``confirm(_:holding:bus:simulatedStall:)``.
    private func hold(
        _ published: [PendingAcks.Published], ids: [Int64], db: PGConnection, bus: AMQPConnection,
        whileHeld: (@Sendable () -> Void)?
    ) throws -> Bool {
        var confirmed = false
        do {
            try db.transaction { db in
                let held = try drain.claimAndDelete(ids: ids, on: db)
                log.info(
                    "outbox rows still unconfirmed at half the relay's grace period; held until confirmed",
                    ["rows": String(ids.count), "held": String(held.count)])
                whileHeld?()
                try confirm(published, bus: bus)
                confirmed = true
            }
            return true
        } catch let error as StoreError {
            log.warning(
                confirmed
                    ? "could not commit the deletion of confirmed outbox rows; the next statement will"
                    : "could not hold outbox rows against the relay while awaiting their confirms",
                ["error": error.description])
            if !confirmed { try confirm(published, bus: bus) }
            return false
        }
    }
}
