/// An error from the Postgres store, with a stable machine code usable as a metric label.
///
/// `code` is one of the `StoreError.Code` constants (`store.unique_violation`, …); `sqlState`
/// is the server's five-character SQLSTATE when the server sent one; `message` is the
/// server's (or libpq's) primary message with any password from the connection URL
/// redacted. Whether an error is transient (worth retrying the whole transaction) is
/// decided only by `isTransient`. Thread-safety: a plain `Sendable` value.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable machine codes of `StoreError.code`.
    public enum Code {
        /// The connection could not be made or was lost (SQLSTATE class 08, 57P01–57P03,
        /// 53300, or libpq reported the connection bad). Transient.
        public static let connectionFailed = "store.connection_failed"
        /// A unique constraint was violated (SQLSTATE 23505). Not transient.
        public static let uniqueViolation = "store.unique_violation"
        /// Serialization failure or deadlock (SQLSTATE 40001, 40P01). Transient: rerun the
        /// whole transaction.
        public static let serializationFailure = "store.serialization_failure"
        /// Any other failed statement. Not transient.
        public static let queryFailed = "store.query_failed"
        /// A value could not be decoded from a result column; the message names the column.
        public static let decode = "store.decode"
        /// A schema, savepoint or other name is not a valid identifier (`^[a-z_][a-z0-9_]*$`).
        public static let invalidIdentifier = "store.invalid_identifier"
        /// A migration already applied under a version now carries a different name, or the
        /// migration list itself is invalid (duplicate or reserved versions).
        public static let migrationChanged = "store.migration_changed"
        /// An operation that must run inside the caller's transaction (outbox claim, inbox
        /// record) was called outside one, or `transaction` was nested.
        public static let transactionState = "store.transaction_state"
    }

    /// Stable machine code, one of `StoreError.Code`.
    public var code: String
    /// The five-character SQLSTATE sent by the server, if any (e.g. `"23505"`).
    public var sqlState: String?
    /// Human-readable message (server's primary message, libpq's text, or ours); never
    /// contains the password of the connection URL.
    public var message: String
    /// The server's DETAIL field, if any (e.g. `Key (id)=(1) already exists.`).
    public var detail: String?
    /// The constraint named by the server, if any (useful for unique violations).
    public var constraint: String?

    /// Creates an error; prefer the mapping in `StoreError.fromServer` for server errors.
    public init(
        code: String, sqlState: String? = nil, message: String,
        detail: String? = nil, constraint: String? = nil
    ) {
        self.code = code
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.constraint = constraint
    }

    /// `true` when rerunning the whole unit of work (after `reset()` for connection errors)
    /// may succeed: connection failures and serialization failures/deadlocks.
    public var isTransient: Bool {
        code == Code.connectionFailed || code == Code.serializationFailure
    }

    /// `code: message [SQLSTATE]`.
    public var description: String {
        var text = "\(code): \(message)"
        if let sqlState { text += " [SQLSTATE \(sqlState)]" }
        return text
    }
}
