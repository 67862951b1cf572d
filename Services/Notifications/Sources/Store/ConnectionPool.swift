import Store
import Synchronization

/// A small blocking pool of Postgres connections for the webhook ingress, whose handler
/// runs on libmicrohttpd's threads (never on Swift's cooperative pool).
///
/// ``withConnection(_:)`` lends a connection to the calling thread for the duration of the
/// closure (so each connection is used by one thread at a time), opening a new one when
/// none is idle; a connection whose session broke is dropped, not returned. At most
/// `maxIdle` idle connections are kept. Thread-safety: `Sendable`; callable from any thread.
public final class ConnectionPool: Sendable {
    private let url: String
    private let applicationName: String
    private let maxIdle: Int
    private let idle = Mutex<[PooledConnection]>([])

    /// Creates an empty pool (connections are opened on demand).
    /// - Parameters:
    ///   - url: libpq URL of the database.
    ///   - applicationName: `application_name` of the sessions.
    ///   - maxIdle: idle connections kept for reuse.
    public init(url: String, applicationName: String, maxIdle: Int = 8) {
        self.url = ConnectionPool.withConnectTimeout(url)
        self.applicationName = applicationName
        self.maxIdle = max(1, maxIdle)
    }

    /// Runs `body` with a connection owned by the calling thread until it returns.
    /// - Throws: `StoreError` when no connection can be opened; what `body` throws.
    public func withConnection<T>(_ body: (PGConnection) throws -> T) throws -> T {
        let pooled = try take()
        defer { giveBack(pooled) }
        return try body(pooled.connection)
    }

    /// Closes every idle connection.
    public func drain() { idle.withLock { $0.removeAll() } }

    /// `url` with `connect_timeout=5` added when it sets none, so an unreachable server
    /// fails a request in seconds (libpq waits forever by default).
    static func withConnectTimeout(_ url: String) -> String {
        guard url.hasPrefix("postgres"), !url.contains("connect_timeout=") else { return url }
        return url + (url.contains("?") ? "&" : "?") + "connect_timeout=5"
    }

    private func take() throws(StoreError) -> PooledConnection {
        if let existing = idle.withLock({ $0.popLast() }) { return existing }
        return PooledConnection(connection: try PGConnection(url: url, applicationName: applicationName))
    }

    private func giveBack(_ pooled: PooledConnection) {
        guard pooled.connection.isHealthy, !pooled.connection.isInTransaction else { return }
        idle.withLock { connections in
            if connections.count < maxIdle { connections.append(pooled) }
        }
    }
}

/// A connection parked in the pool. `@unchecked Sendable`: the pool hands it to one
/// thread at a time and never touches it while lent.
struct PooledConnection: @unchecked Sendable {
    let connection: PGConnection
}
