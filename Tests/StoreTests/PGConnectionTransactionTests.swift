import Store
import TestKit
import Testing

struct Boom: Error, Equatable {}

@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct PGConnectionTransactionTests {
    @Test func commitsAndRollsBackOnThrow() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try conn.execute("CREATE TABLE \(schema.quoted).t (id int PRIMARY KEY)")
                try conn.transaction { try $0.execute("INSERT INTO \(schema.quoted).t VALUES (1)") }
                #expect(throws: Boom.self) {
                    try conn.transaction { conn in
                        try conn.execute("INSERT INTO \(schema.quoted).t VALUES (2)")
                        throw Boom()
                    }
                }
                #expect(!conn.isInTransaction)
                let ids = try conn.query("SELECT id FROM \(schema.quoted).t ORDER BY id") { try $0.int("id") }
                #expect(ids == [1])
            }
        }
    }

    /// The failing message comes first, in the middle, or last (its ROLLBACK TO then
    /// travels with the COMMIT).
    @Test(arguments: [[2, 1, 3], [1, 2, 3], [1, 3, 2]])
    func savepointIsolatesOneFailure(order: [Int]) async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try conn.execute("CREATE TABLE \(schema.quoted).t (id int PRIMARY KEY)")
                try conn.execute("INSERT INTO \(schema.quoted).t VALUES (2)")
                var failures: [String] = []
                try conn.transaction { conn in
                    for id in order {
                        do {
                            try conn.savepoint("message") { conn in
                                try conn.execute("INSERT INTO \(schema.quoted).t VALUES ($1)", [.int(Int64(id))])
                                try conn.execute("INSERT INTO \(schema.quoted).t VALUES ($1)", [.int(Int64(id * 10))])
                            }
                        } catch let error as StoreError {
                            failures.append(error.code)
                        }
                    }
                }
                #expect(failures == ["store.unique_violation"])
                let ids = try conn.query("SELECT id FROM \(schema.quoted).t ORDER BY id") { try $0.int("id") }
                #expect(ids == [1, 2, 3, 10, 30])
            }
        }
    }

    /// A statement that fails when parsed (so when prepared) inside a savepoint leaves the
    /// transaction usable, with or without prepared statements.
    @Test(arguments: [true, false])
    func parseErrorInsideSavepointIsIsolated(prepared: Bool) async throws {
        try await onThread {
            try TestDatabase.withSchema(prepared: prepared) { conn, schema in
                try conn.execute("CREATE TABLE \(schema.quoted).t (id int PRIMARY KEY)")
                try conn.transaction { conn in
                    try conn.execute("INSERT INTO \(schema.quoted).t VALUES (1)")
                    for sql in ["SELEC 1", "INSERT INTO \(schema.quoted).t VALUES (1)", "SELECT no_such_column FROM \(schema.quoted).t"] {
                        #expect(throws: StoreError.self) {
                            try conn.savepoint("message") { conn in try conn.execute(sql) }
                        }
                    }
                    try conn.savepoint("message") { conn in try conn.execute("INSERT INTO \(schema.quoted).t VALUES (2)") }
                }
                let ids = try conn.query("SELECT id FROM \(schema.quoted).t ORDER BY id") { try $0.int("id") }
                #expect(ids == [1, 2])
                // The statement that failed on first use still works afterwards.
                #expect(throws: StoreError.self) { try conn.execute("INSERT INTO \(schema.quoted).t VALUES (1)") }
                try conn.execute("INSERT INTO \(schema.quoted).t VALUES (3)")
            }
        }
    }

    /// Statements first prepared inside a transaction that rolled back stay usable.
    @Test func preparedStatementsOutliveRolledBackTransactions() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            #expect(throws: Boom.self) {
                try conn.transaction { conn in
                    #expect(try conn.execute("SELECT $1::int + 1 AS n", [.int(41)]).first?.int("n") == 42)
                    throw Boom()
                }
            }
            #expect(try conn.execute("SELECT $1::int + 1 AS n", [.int(1)]).first?.int("n") == 2)
        }
    }

    @Test func emptyTransactionsAndSavepointsSendNothing() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            try conn.transaction { conn in
                #expect(conn.isInTransaction)
                try conn.savepoint("a") { _ in }
            }
            #expect(!conn.isInTransaction)
            #expect(throws: Boom.self) { try conn.transaction { _ in throw Boom() } }
            #expect(!conn.isInTransaction)
            // Work after the empty ones runs in a real transaction that rolls back.
            #expect(throws: Boom.self) {
                try conn.transaction { conn in
                    try conn.savepoint("a") { conn in try conn.execute("CREATE TEMP TABLE gone (id int)") }
                    throw Boom()
                }
            }
            #expect(throws: StoreError.self) { try conn.execute("SELECT * FROM gone") }
        }
    }

    @Test func swallowedFailureMakesCommitThrow() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try conn.execute("CREATE TABLE \(schema.quoted).t (id int PRIMARY KEY)")
                do {
                    try conn.transaction { conn in
                        try conn.execute("INSERT INTO \(schema.quoted).t VALUES (1)")
                        _ = try? conn.execute("INSERT INTO \(schema.quoted).t VALUES (1)")
                    }
                    Issue.record("expected COMMIT to report the rollback")
                } catch let error as StoreError {
                    #expect(error.sqlState == "25P02")
                }
                #expect(try conn.execute("SELECT count(*) AS n FROM \(schema.quoted).t").first?.int("n") == 0)
            }
        }
    }

    @Test func nestedTransactionAndStraySavepointAreRefused() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            do { try conn.savepoint("x") { _ in }; Issue.record("expected refusal") } catch let error as StoreError {
                #expect(error.code == "store.transaction_state")
            }
            try conn.transaction { conn in
                do { try conn.transaction { _ in }; Issue.record("expected refusal") } catch let error as StoreError {
                    #expect(error.code == "store.transaction_state")
                }
                #expect(throws: StoreError.self) { try conn.savepoint("Bad Name") { _ in } }
            }
        }
    }

    /// A transaction whose connection was lost is gone with it: what needs one afterwards
    /// (a deferred write, a savepoint, an inbox row, an outbox claim) is the transient
    /// `store.connection_failed`, so the caller reruns its work on a new connection, and
    /// not the `store.transaction_state` of a caller's mistake (which is dead-lettered).
    @Test func whatNeedsATransactionAfterTheConnectionWasLostIsAConnectionFailure() async throws {
        try await onThread {
            let conn = try TestDatabase.connect("store-tests-victim")
            try conn.beginDeferred()
            #expect(try conn.execute("SELECT 1 AS one").first?.int("one") == 1)
            #expect(conn.isInTransaction)
            // The session ends itself: its own statement fails with 57P01, deterministically.
            do {
                try conn.execute("SELECT pg_terminate_backend(pg_backend_pid())")
                Issue.record("expected the session to end")
            } catch let error as StoreError {
                #expect(error.code == "store.connection_failed")
            }
            #expect(!conn.isHealthy)
            #expect(!conn.isInTransaction)
            let lost = storeErrorCodes([
                { try conn.deferWrite("SELECT 1", []) { _ in } },
                { try conn.savepoint("message") { _ in } },
                { _ = try Inbox(schema: "public").record(messageId: "m", queue: "q", on: conn) },
                { _ = try OutboxDrain(schema: "public").claim(ids: [1], on: conn) },
            ])
            #expect(lost == Array(repeating: "store.connection_failed", count: 4))
            // On a usable connection outside a transaction it stays the caller's mistake.
            try conn.reset()
            let outside = storeErrorCodes([
                { try conn.deferWrite("SELECT 1", []) { _ in } },
                { try conn.savepoint("message") { _ in } },
            ])
            #expect(outside == ["store.transaction_state", "store.transaction_state"])
        }
    }

    /// A session that ends after answering `COMMIT` and before the pipeline's sync point (a
    /// fast shutdown's FATAL error, here sent by a deferred trigger that ends its own session
    /// at commit) leaves libpq saying `CONNECTION_OK` and in a transaction, in pipeline mode:
    /// the connection must report itself unhealthy, so its owner reconnects, instead of
    /// refusing every later transaction with `store.transaction_state` without ever
    /// sending anything that would notice the server is gone.
    @Test func aSessionEndingBetweenCommitAndTheSyncPointLeavesAConnectionToReset() async throws {
        try await onThread {
            try TestDatabase.withSchema { admin, schema in
                let table = "\(schema.quoted).t"
                try admin.execute("CREATE TABLE \(table) (v int)")
                // A simple expression: no interrupt check runs between the self-signal and
                // the commit, so the session ends after COMMIT's answer.
                try admin.execute(
                    """
                    CREATE FUNCTION \(schema.quoted).end_session() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        RETURN CASE WHEN pg_terminate_backend(pg_backend_pid()) THEN NULL ELSE NULL END;
                    END $$
                    """)
                try admin.execute(
                    """
                    CREATE CONSTRAINT TRIGGER end_session AFTER INSERT ON \(table) DEFERRABLE INITIALLY DEFERRED
                    FOR EACH ROW EXECUTE FUNCTION \(schema.quoted).end_session()
                    """)
                let conn = try TestDatabase.connect("store-tests-victim")
                var written = false
                try conn.transaction { conn in
                    try conn.execute("SELECT 1")
                    try conn.deferWrite("INSERT INTO \(table) VALUES (1)", []) {
                        if case .success = $0 { written = true }
                    }
                }
                #expect(written)
                #expect(try admin.execute("SELECT count(*) AS n FROM \(table)").first?.int("n") == 1)
                #expect(!conn.isHealthy)
                #expect(!conn.isInTransaction)
                let codes = storeErrorCodes([
                    { try conn.execute("SELECT 1") },
                    { try conn.transaction { conn in _ = try conn.execute("SELECT 1") } },
                    { try conn.deferWrite("SELECT 1", []) { _ in } },
                ])
                #expect(codes == Array(repeating: "store.connection_failed", count: 3))
                try conn.reset()
                #expect(conn.isHealthy)
                #expect(try conn.transaction { conn in try conn.execute("SELECT 2 AS two").first?.int("two") } == 2)
            }
        }
    }
}

/// The `StoreError` code each of `bodies` throws, in order ("none" when it returns, the
/// description for another error).
private func storeErrorCodes(_ bodies: [() throws -> Void]) -> [String] {
    bodies.map { body in
        do {
            try body()
            return "none"
        } catch let error as StoreError {
            return error.code
        } catch {
            return "\(error)"
        }
    }
}
