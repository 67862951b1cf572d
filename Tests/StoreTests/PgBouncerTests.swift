import Foundation
import Store
import TestKit
import Testing

/// The store through PgBouncer in transaction mode (`pool_mode = transaction`,
/// `default_pool_size = 2`; docker/pgbouncer/pgbouncer.ini, started by scripts/infra-up.sh):
/// with `prepared_statements=off` every statement, pipeline, transaction, savepoint and the
/// inbox/outbox work over many client connections sharing two server connections; without
/// it a named prepared statement is run on a server connection that never prepared it.
/// Serialized: the tests count on having the admin role's two server connections to
/// themselves.
@Suite(.serialized, .enabled(if: IntegrationEnvironment.current?.pgBouncerURL != nil))
struct PgBouncerTests {
    /// The admin role through the pooler, `?prepared_statements=off` included.
    static var pooledURL: String { IntegrationEnvironment.current?.pgBouncerURL ?? "" }

    /// The same URL without the option: named prepared statements on.
    static var preparedURL: String { (try? DatabaseURL.options(in: pooledURL).libpqURL) ?? pooledURL }

    static func backendPid(_ conn: PGConnection) throws -> Int64 {
        try conn.query("SELECT pg_backend_pid() AS pid") { try $0.int("pid") }.first ?? 0
    }

    /// Runs a statement on one server connection (the other held by a transaction), then
    /// holds that one and runs the statement again: the second run lands on the server
    /// connection that never saw the first. Returns the second run's error, if any.
    static func runStatementAcrossServerConnections(url: String) throws -> StoreError? {
        let first = try PGConnection(url: pooledURL, applicationName: "pgbouncer-tests.hold-1")
        let second = try PGConnection(url: pooledURL, applicationName: "pgbouncer-tests.hold-2")
        let client = try PGConnection(url: url, applicationName: "pgbouncer-tests.client")
        let statement = "SELECT $1::bigint + 1 AS n"
        // In transaction mode a server connection keeps what earlier clients prepared on it
        // (`connectbus_1`, …, named per client connection): a stale statement of the same name
        // would run in place of the missing one. Clear both server connections first.
        try first.beginDeferred()
        try first.execute("DEALLOCATE ALL")
        try second.beginDeferred()
        try second.execute("DEALLOCATE ALL")
        try first.execute("COMMIT")
        try second.execute("COMMIT")
        // `first` holds one server connection; `client` runs (prepares) on the other.
        try first.beginDeferred()
        let unused = try backendPid(first)
        #expect(try client.query(statement, [.int(1)]) { try $0.int("n") } == [2])
        try first.execute("COMMIT")
        // Hold the server connection `client` ran on, so its next run gets `unused`.
        try first.beginDeferred()
        var holder = first
        if try backendPid(first) == unused {
            try second.beginDeferred()
            #expect(try backendPid(second) != unused)
            try first.execute("COMMIT")
            holder = second
        }
        defer { _ = try? holder.execute("COMMIT") }
        do {
            #expect(try client.query(statement, [.int(41)]) { try $0.int("n") } == [42])
            return nil
        } catch {
            return error
        }
    }

    @Test func namedPreparedStatementsBreakAcrossServerConnections() async throws {
        // 26000: the statement is not on the server connection the second run got (42P05,
        // already exists, if another client prepared the same name on a server connection
        // between the clearing and the first run): named statements break through the pooler.
        var error: StoreError?
        do {
            error = try await onThread { try PgBouncerTests.runStatementAcrossServerConnections(url: PgBouncerTests.preparedURL) }
        } catch let thrown as StoreError {
            error = thrown
        }
        #expect(["26000", "42P05"].contains(error?.sqlState ?? "none"), "\(String(describing: error))")
    }

    @Test func unnamedStatementsRunOnAnyServerConnection() async throws {
        let error = try await onThread { try PgBouncerTests.runStatementAcrossServerConnections(url: PgBouncerTests.pooledURL) }
        #expect(error == nil, "\(String(describing: error))")
    }

    @Test func theOptionTurnsPreparedStatementsOffAndMarksThePooler() async throws {
        try await onThread {
            let pooled = try PGConnection(url: PgBouncerTests.pooledURL, applicationName: "pgbouncer-tests")
            #expect(!pooled.usesPreparedStatements)
            #expect(pooled.isBehindTransactionPooler)
            let direct = try TestDatabase.connect()
            #expect(direct.usesPreparedStatements)
            #expect(!direct.isBehindTransactionPooler)
        }
    }

    /// Sixteen client connections, two server connections: queries, deferred writes in
    /// pipelines, savepoints rolled back and released, the inbox (recorded, duplicates
    /// refused) and the outbox (enqueued deferred, claimed, deleted) all work.
    @Test func storeWorkThroughTheTransactionPooler() async throws {
        try await onThread {
            try TestDatabase.withSchema { direct, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(direct)
                try direct.execute("CREATE TABLE \(schema.quoted).items (client int, n int, label text)")
                let clients = 16, rounds = 25
                let name = schema.name
                let results = concurrently(
                    (0..<clients).map { client in
                        { @Sendable () throws -> Int in
                            try PgBouncerTests.work(client: client, rounds: rounds, schema: name)
                        }
                    })
                for case .failure(let error) in results { Issue.record("\(error)") }
                let count = { (sql: String) throws -> Int64 in
                    try direct.query(sql) { try $0.int("n") }.first ?? -1
                }
                #expect(try count("SELECT count(*) AS n FROM \(schema.quoted).items") == Int64(clients * rounds))
                #expect(try count("SELECT count(*) AS n FROM \(schema.quoted).inbox") == Int64(clients * rounds))
                #expect(try count("SELECT count(*) AS n FROM \(schema.quoted).outbox") == 0)
                #expect(try count("SELECT count(*) AS n FROM \(schema.quoted).items WHERE label = 'rolled back'") == 0)
            }
        }
    }

    /// One client's rounds (its own connection through the pooler): each a transaction with a deferred inbox row, a deferred outbox
    /// row, a savepoint that fails and rolls back, one that is kept, and a read; then the
    /// outbox row is claimed and deleted, and the same inbox id is refused.
    static func work(client: Int, rounds: Int, schema: String) throws -> Int {
        let conn = try PGConnection(url: pooledURL, applicationName: "pgbouncer-tests.\(client)")
        let table = try SQLIdentifier(schema).quoted + ".items"
        let inbox = Inbox(schema: schema), outbox = OutboxWriter(schema: schema), drain = OutboxDrain(schema: schema)
        for n in 0..<rounds {
            let messageId = "m-\(client)-\(n)"
            var outboxId: Int64?
            var recorded: Bool?
            try conn.transaction { conn in
                try inbox.recordDeferred(messageId: messageId, queue: "q", on: conn) { recorded = try? $0.get() }
                try outbox.enqueueDeferred(OutboxTests.message(client * 1000 + n), on: conn) { outboxId = try? $0.get() }
                _ = try? conn.savepoint("broken") { conn in
                    try conn.execute("INSERT INTO \(table) VALUES ($1, $2, 'rolled back')", [.int(Int64(client)), .int(Int64(n))])
                    try conn.execute("SELECT 1 / 0")
                }
                try conn.savepoint("kept") { conn in
                    try conn.deferWrite(
                        "INSERT INTO \(table) VALUES ($1, $2, $3)", [.int(Int64(client)), .int(Int64(n)), .text("kept")]
                    ) { _ in }
                }
                let mine = try conn.query("SELECT count(*) AS n FROM \(table) WHERE client = $1", [.int(Int64(client))]) {
                    try $0.int("n")
                }
                try check(mine == [Int64(n + 1)], "client \(client) round \(n): \(mine) kept rows")
            }
            try check(recorded == true, "\(messageId) not recorded")
            guard let outboxId else { throw StoreError(code: StoreError.Code.queryFailed, message: "no outbox id") }
            let claimed = try conn.transaction { conn in
                let rows = try drain.claim(ids: [outboxId], on: conn)
                try drain.delete(ids: rows.map(\.id), on: conn)
                return rows.count
            }
            try check(claimed == 1, "\(messageId): claimed \(claimed) outbox rows")
            var again: Bool?
            _ = try? conn.transaction { conn in
                try inbox.recordDeferred(messageId: messageId, queue: "q", on: conn) { again = try? $0.get() }
            }
            try check(again == false, "\(messageId) recorded twice")
        }
        return rounds
    }

    /// Throws `message` unless `condition` holds (for the client threads, which report
    /// through their results rather than `#expect`).
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        guard condition else { throw StoreError(code: StoreError.Code.queryFailed, message: message()) }
    }

    @Test func migrationsRefuseThePooler() async throws {
        try await onThread {
            try TestDatabase.withSchema { direct, schema in
                let pooled = try PGConnection(url: PgBouncerTests.pooledURL, applicationName: "pgbouncer-tests.migrate")
                let error = #expect(throws: StoreError.self) {
                    try Migrator(schema: schema.name, migrations: []).migrate(pooled)
                }
                #expect(error?.sqlState == "0A000")
                #expect(error?.message.contains("DATABASE_DIRECT_URL") == true)
                let tables = try direct.query(
                    "SELECT count(*) AS n FROM pg_tables WHERE schemaname = $1", [.text(schema.name)]
                ) { try $0.int("n") }
                #expect(tables == [0])
            }
        }
    }
}
