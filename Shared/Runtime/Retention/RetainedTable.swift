public import Store

/// A table whose old rows the retention thread deletes (``RetentionSweeper``, ``RowRetention``):
/// the runtime's `message_log` and `inbox`, and any a service adds to
/// ``ServiceConfig/retainedTables`` (notifications' stored Stripe events and e-mails).
/// Thread-safe value type.
public struct RetainedTable: Sendable {
    /// The table's name in the service's schema (logs).
    public let name: String
    /// One bounded statement of a pass: deletes at most `limit` rows of the table in
    /// `schema` older than `olderThan`, oldest first, and returns how many
    /// (`PGConnection.deleteRows(of:key:by:olderThan:where:limit:)` does it in one range scan).
    public let prune: @Sendable (_ schema: String, _ olderThan: Duration, _ limit: Int, _ conn: PGConnection) throws -> Int

    /// A table and the statement that prunes it.
    public init(
        name: String,
        prune: @escaping @Sendable (_ schema: String, _ olderThan: Duration, _ limit: Int, _ conn: PGConnection) throws -> Int
    ) {
        self.name = name
        self.prune = prune
    }

    /// `<schema>.message_log` by its last write (`last_at`; `MESSAGE_LOG_RETENTION`).
    public static let messageLog = RetainedTable(name: "message_log") { schema, olderThan, limit, conn in
        try MessageLog.prune(schema: schema, olderThan: olderThan, limit: limit, on: conn)
    }

    /// `<schema>.inbox` by `received_at` (`INBOX_RETENTION`).
    public static let inbox = RetainedTable(name: "inbox") { schema, olderThan, limit, conn in
        try Inbox(schema: schema).prune(olderThan: olderThan, limit: limit, on: conn)
    }
}

/// A table of the service's and how long its rows are kept (``ServiceConfig/retainedTables``).
/// Thread-safe value type.
public struct TableRetention: Sendable {
    /// The table.
    public var table: RetainedTable
    /// Rows older than this go.
    public var keep: Duration

    /// `table`'s rows are kept for `keep`.
    public init(_ table: RetainedTable, keep: Duration) {
        self.table = table
        self.keep = keep
    }
}
