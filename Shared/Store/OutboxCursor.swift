/// Where a relay's keyset scan of the outbox stopped: the `(created_at, id)` of the last
/// row it took. The next scan starts strictly after it, so it never walks again the index
/// entries of rows it already deleted (dead until vacuum, and kept longer while another
/// transaction holds an old snapshot).
///
/// `createdAtMicroseconds` is `created_at` in whole microseconds since the Unix epoch, the
/// column's exact precision (a `Date` would round it). Thread-safety: a plain `Sendable` value.
public struct OutboxCursor: Sendable, Equatable, Comparable {
    /// The row's `created_at`, in microseconds since 1970-01-01 00:00:00 UTC.
    public var createdAtMicroseconds: Int64
    /// The row's `id`.
    public var id: Int64

    /// A cursor just after the row with this key.
    public init(createdAtMicroseconds: Int64, id: Int64) {
        self.createdAtMicroseconds = createdAtMicroseconds
        self.id = id
    }

    /// Keyset order: `created_at`, then `id` (the outbox index `(created_at, id)`).
    public static func < (lhs: OutboxCursor, rhs: OutboxCursor) -> Bool {
        (lhs.createdAtMicroseconds, lhs.id) < (rhs.createdAtMicroseconds, rhs.id)
    }
}

/// What one ``OutboxDrain/takeStale(olderThan:limit:after:on:)`` took: the rows, oldest first,
/// and the cursor after the last of them (`nil` when none was taken).
/// Thread-safety: a plain `Sendable` value.
public struct OutboxTake: Sendable {
    /// The rows taken, oldest first (`created_at`, then `id`).
    public var rows: [OutboxRow]
    /// The key of the last row taken, to start the next scan after; `nil` when `rows` is empty.
    public var cursor: OutboxCursor?
}
