import CLibPQ
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One Postgres connection (a libpq `PGconn*`), with parameterised queries only.
///
/// Thread-safety: **not** `Sendable`. libpq connections are not thread-safe: create, use
/// and drop a `PGConnection` on one dedicated thread (never on Swift's cooperative pool —
/// every call blocks on the network). The handle never escapes this object.
///
/// Values always travel as parameters (`$1`, `$2`, … with `PGValue`); SQL text is built only
/// from code constants and validated identifiers. Results are requested in text format and
/// decoded by `PGRow`. Every `PGresult` is cleared when its `PGResult` is released.
///
/// Prepared statements: with `preparedStatements: true` (the default) each distinct SQL
/// text (and parameter type signature) is prepared once per connection with `PQprepare`
/// and then run with `PQexecPrepared`, skipping the server's parse/plan on the hot path.
/// Named prepared statements do not survive behind PgBouncer in transaction pooling mode
/// (a statement prepared on one server connection is run on another: SQLSTATE 26000 or
/// 08P01): a connection string with `prepared_statements=off`
/// (``DatabaseURL/preparedStatementsOption``) — or `preparedStatements: false` — runs every
/// statement unnamed (`PQexecParams`, `PQsendQueryParams` in pipelines), and
/// ``isBehindTransactionPooler`` tells the code that needs a session of its own. The cache
/// holds at most `maxPreparedStatements` entries; further texts run unprepared. Measured
/// on the batched message path (savepoint + inbox + outbox per message, 50 per commit),
/// prepared statements roughly double the rate.
///
/// Round trips: `transaction` and `savepoint` do not send BEGIN, SAVEPOINT, RELEASE or
/// ROLLBACK TO on their own; they are deferred and sent with the next statement in one
/// libpq pipeline (or in the same simple-protocol string as COMMIT), so a message in a
/// batch costs one round trip per statement it runs and nothing more. Writes whose result
/// is not needed at once (inbox and outbox rows, logs) can be deferred the same way with
/// `deferWrite`: they ride with the next statement or with COMMIT.
public final class PGConnection {
    /// Most distinct statements prepared on one connection; later ones run unprepared.
    public static let maxPreparedStatements = 512

    let handle: OpaquePointer
    /// The URL's password, kept only to redact it from error messages.
    private let password: String?
    /// Whether hot statements are prepared (see the type's documentation).
    public let usesPreparedStatements: Bool
    /// `true` when the connection string said `prepared_statements=off`: it points at a
    /// pooler in transaction mode, where nothing of a session outlives a transaction
    /// (prepared statements, `SET`, `SET ROLE`, session advisory locks, `LISTEN`, temporary
    /// tables). What needs a session (``Migrator``) refuses such a connection.
    public let isBehindTransactionPooler: Bool
    /// SQL text + parameter type OIDs → prepared statement name.
    var preparedNames: [String: String] = [:]
    /// Source of unique prepared statement names on this session.
    var preparedCounter = 0
    /// Statements not yet sent, in order: transaction control (BEGIN, SAVEPOINT, RELEASE,
    /// ROLLBACK TO) and deferred writes; they travel with the next statement, saving a round
    /// trip each.
    var deferred: [PGDeferredStatement] = []
    /// Round trips to the server made by ``execute(_:_:planning:)``, `query`, transactions,
    /// savepoints and deferred writes (a pipeline counts once, a new prepared statement run
    /// on its own twice): what a caller's statement count costs in latency.
    public internal(set) var roundTrips = 0
    /// Incremented each time `deferred` is sent, so a savepoint can tell whether its
    /// SAVEPOINT reached the server.
    var deferredFlushes = 0
    /// Set when a pipeline could not be brought back to libpq's idle state (its sync point
    /// never came: the session ended after the last statement's answer and before the
    /// sync's). libpq still reports the connection `CONNECTION_OK` and the transaction open
    /// then, but nothing more can be sent on it; ``isHealthy`` is `false` until ``reset()``.
    var isBroken = false

    /// The `application_name` this connection reported to the server.
    public let applicationName: String

    /// Connects with a libpq connection string (`postgres://user:pass@host:port/db?opts`
    /// or `key=value …`) and reports `applicationName` (shown in `pg_stat_activity`).
    ///
    /// A `connect_timeout` of `connectTimeoutSeconds` (default 10) applies unless the URL sets
    /// one, and `gssencmode=disable` unless the URL or `PGGSSENCMODE` sets it: libpq's default
    /// (`prefer`) probes for Kerberos credentials on every connection (loading krb5 and
    /// reading its configuration, about 1 MB of RSS and a file read per connect) for a
    /// transport almost no deployment uses; TLS (`sslmode`) is unaffected. Ensures UTF-8
    /// client encoding and ISO `DateStyle` (both parameters PgBouncer tracks and restores on
    /// whichever server connection it lends). Server notices (`NOTICE`, `WARNING`) are
    /// discarded rather than printed to stderr by libpq. Statements are prepared when
    /// `preparedStatements` is `true` and the string does not say `prepared_statements=off`
    /// (the option is removed before libpq reads the string).
    /// - Throws: `StoreError` `store.connection_failed` (transient) with libpq's message,
    ///   the URL's password redacted; `store.query_failed` (SQLSTATE 22023) for a
    ///   `prepared_statements` value other than on/off.
    public init(
        url connectionString: String, applicationName: String, preparedStatements: Bool = true,
        connectTimeoutSeconds: Int = 10
    ) throws(StoreError) {
        let options = try DatabaseURL.options(in: connectionString)
        let url = options.libpqURL
        self.password = DatabaseURL.password(in: url)
        self.isBehindTransactionPooler = options.preparedStatements == false
        self.usesPreparedStatements = preparedStatements && options.preparedStatements != false
        self.applicationName = applicationName
        // Later keywords win over earlier ones: the URL (expanded from `dbname`) overrides the defaults.
        var keywords = ["connect_timeout"], values = [String(max(1, connectTimeoutSeconds))]
        if getenv("PGGSSENCMODE") == nil {
            keywords.append("gssencmode")
            values.append("disable")
        }
        keywords += ["dbname", "application_name"]
        values += [url, applicationName]
        let conn = PGConnection.connect(keywords: keywords, values: values)
        guard let conn else {
            throw StoreError(code: StoreError.Code.connectionFailed, message: "libpq could not allocate a connection")
        }
        self.handle = conn
        // From here on `deinit` (run when `init` throws) finishes the handle.
        guard PQstatus(conn) == CONNECTION_OK else {
            throw connectionError(prefix: "could not connect")
        }
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
        try prepareSession()
    }

    deinit {
        PQfinish(handle)
    }

    /// `true` while libpq considers the connection usable (`PQstatus` is `CONNECTION_OK`).
    /// This reflects the last operation; it does not probe the server (see `ping()`).
    /// `false` also when a pipeline was left unfinished by a session that ended mid-way
    /// (libpq would still say `CONNECTION_OK`, but the connection can send nothing more).
    public var isHealthy: Bool { !isBroken && PQstatus(handle) == CONNECTION_OK }

    /// `true` inside a transaction block (also when it has failed and awaits ROLLBACK);
    /// `false` on a connection that is not ``isHealthy``: the server rolled back whatever
    /// transaction the lost session held.
    public var isInTransaction: Bool {
        guard isHealthy else { return false }
        if deferred.beginsTransaction { return true }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// Runs `SELECT 1`; `true` when the server answered. Never throws.
    public func ping() -> Bool {
        (try? execute("SELECT 1")) != nil
    }

    /// Re-dials the server with the same parameters (`PQreset`) after a connection failure.
    /// Prepared statements are forgotten (they died with the old session).
    /// - Throws: `StoreError` `store.connection_failed` when the server is still unreachable.
    public func reset() throws(StoreError) {
        preparedNames.removeAll()
        preparedCounter = 0
        let dropped = deferred
        deferred.removeAll()
        dropped.dropWrites()
        isBroken = false
        PQreset(handle)
        guard PQstatus(handle) == CONNECTION_OK else {
            throw connectionError(prefix: "could not reconnect")
        }
        try prepareSession()
    }

    /// Sets UTF-8 client encoding and ISO DateStyle when the server did not start with them
    /// (read from `PQparameterStatus`, so normally costs no round trip).
    private func prepareSession() throws(StoreError) {
        if parameterStatus("client_encoding") != "UTF8", PQsetClientEncoding(handle, "UTF8") != 0 {
            throw connectionError(prefix: "could not set client encoding UTF8")
        }
        if !(parameterStatus("DateStyle")?.hasPrefix("ISO") ?? false) {
            try command("SET DateStyle TO ISO")
        }
    }

    /// A server parameter reported at start-up or on change (`PQparameterStatus`).
    public func parameterStatus(_ name: String) -> String? {
        PQparameterStatus(handle, name).map { String(cString: $0) }
    }

    /// The value of a libpq connection option in effect for this connection (`PQconninfo`,
    /// e.g. `"gssencmode"` → `"disable"`), or `nil` when unset or unknown. Never returns the
    /// password.
    public func connectionOption(_ keyword: String) -> String? {
        guard keyword != "password", let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let name = option.pointee.keyword {
            if String(cString: name) == keyword { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }

    private static func connect(keywords: [String], values: [String]) -> OpaquePointer? {
        let k = keywords.map { strdup($0) }
        let v = values.map { strdup($0) }
        defer { (k + v).forEach { free($0) } }
        let kp: [UnsafePointer<CChar>?] = k.map { $0.map { UnsafePointer($0) } } + [nil]
        let vp: [UnsafePointer<CChar>?] = v.map { $0.map { UnsafePointer($0) } } + [nil]
        return PQconnectdbParams(kp, vp, 1)
    }

    /// libpq's connection error text, trimmed and redacted, as `store.connection_failed`.
    func connectionError(prefix: String) -> StoreError {
        let text = PQerrorMessage(handle).map { String(cString: $0) } ?? ""
        return StoreError(
            code: StoreError.Code.connectionFailed,
            message: redact("\(prefix): \(text.trimmingTrailingWhitespace())"))
    }

    /// `message` with the URL's password replaced by `***`.
    func redact(_ message: String) -> String {
        guard let password, !password.isEmpty else { return message }
        return message.replacingEvery(password, with: "***")
    }
}

/// A `PGConnection` must stay on the thread that created it.
@available(*, unavailable)
extension PGConnection: Sendable {}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var s = Substring(self)
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
