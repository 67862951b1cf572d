import Store
import TestKit
import Testing

/// `PGConnection.deferWrite`: writes that travel with the next statement or the `COMMIT`.
@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct PGConnectionDeferredWriteTests {
    /// Two deferred writes and the COMMIT are one round trip; the completions run only
    /// when that pipeline has been read, with each write's result.
    @Test func writesTravelWithTheCommit() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                let table = "\(schema.quoted).t"
                try conn.execute("CREATE TABLE \(table) (id serial PRIMARY KEY, v text NOT NULL)")
                var answered: [Int64] = []
                let before = conn.roundTrips
                try conn.transaction { conn in
                    for value in ["a", "b"] {
                        try conn.deferWrite("INSERT INTO \(table) (v) VALUES ($1) RETURNING id", [.text(value)]) {
                            if case .success(let result) = $0, let id = try? result.rows.first?.int("id") {
                                answered.append(id)
                            }
                        }
                    }
                    #expect(answered.isEmpty)
                }
                #expect(conn.roundTrips - before == 1)
                #expect(answered.count == 2)
                let rows = try conn.query("SELECT id, v FROM \(table) ORDER BY id") { (try $0.int("id"), try $0.string("v")) }
                #expect(rows.map(\.0) == answered)
                #expect(rows.map(\.1) == ["a", "b"])
            }
        }
    }

    /// A deferred write is sent before the next statement, in its pipeline: that statement sees it.
    @Test func theNextStatementCarriesAndSeesTheWrite() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                let table = "\(schema.quoted).t"
                try conn.execute("CREATE TABLE \(table) (v text PRIMARY KEY)")
                var ran = false
                try conn.transaction { conn in
                    try conn.deferWrite("INSERT INTO \(table) VALUES ($1)", [.text("x")]) { _ in ran = true }
                    let before = conn.roundTrips
                    let count = try conn.query("SELECT count(*) AS n FROM \(table)") { try $0.int("n") }
                    #expect(count == [1])
                    #expect(conn.roundTrips - before == 1)
                    #expect(ran)
                }
            }
        }
    }

    /// A failing deferred write fails the COMMIT it travelled with: nothing of the
    /// transaction is kept, its completion gets the error, and the connection is usable.
    @Test func aFailedWriteFailsTheCommitAndKeepsNothing() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                let table = "\(schema.quoted).t"
                try conn.execute("CREATE TABLE \(table) (v text PRIMARY KEY)")
                try conn.execute("INSERT INTO \(table) VALUES ('taken')")
                var code: String?
                let error = #expect(throws: StoreError.self) {
                    try conn.transaction { conn in
                        try conn.execute("INSERT INTO \(table) VALUES ('fresh')")
                        try conn.deferWrite("INSERT INTO \(table) VALUES ($1)", [.text("taken")]) {
                            if case .failure(let error) = $0 { code = error.code }
                        }
                    }
                }
                #expect(error?.code == StoreError.Code.uniqueViolation)
                #expect(code == StoreError.Code.uniqueViolation)
                #expect(!conn.isInTransaction)
                let values = try conn.query("SELECT v FROM \(table) ORDER BY v") { try $0.string("v") }
                #expect(values == ["taken"])
            }
        }
    }

    /// A savepoint whose body fails before anything reached the server drops the body's
    /// deferred writes (their completions are told) and keeps the ones before it.
    @Test func aFailedSavepointDropsItsUnsentWrites() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                let table = "\(schema.quoted).t"
                try conn.execute("CREATE TABLE \(table) (v text PRIMARY KEY)")
                var outcomes: [String: String] = [:]
                func record(_ value: String) -> (Result<PGResult, StoreError>) -> Void {
                    { outcome in
                        switch outcome {
                        case .success: outcomes[value] = "written"
                        case .failure(let error): outcomes[value] = error.sqlState ?? error.code
                        }
                    }
                }
                try conn.transaction { conn in
                    try conn.deferWrite("INSERT INTO \(table) VALUES ($1)", [.text("kept")], completion: record("kept"))
                    #expect(throws: Boom.self) {
                        try conn.savepoint("inner") { conn in
                            try conn.deferWrite(
                                "INSERT INTO \(table) VALUES ($1)", [.text("dropped")], completion: record("dropped"))
                            throw Boom()
                        }
                    }
                    try conn.savepoint("kept_inner") { conn in
                        try conn.deferWrite(
                            "INSERT INTO \(table) VALUES ($1)", [.text("inner")], completion: record("inner"))
                    }
                }
                #expect(outcomes == ["kept": "written", "dropped": "25P02", "inner": "written"])
                let values = try conn.query("SELECT v FROM \(table) ORDER BY v") { try $0.string("v") }
                #expect(values == ["inner", "kept"])
            }
        }
    }

    /// The same statement deferred twice and then run directly is prepared once, before
    /// its first use in the pipeline.
    @Test func oneStatementTextIsPreparedOncePerPipeline() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                let table = "\(schema.quoted).t"
                try conn.execute("CREATE TABLE \(table) (v text PRIMARY KEY)")
                let insert = "INSERT INTO \(table) VALUES ($1)"
                try conn.transaction { conn in
                    try conn.deferWrite(insert, [.text("a")]) { _ in }
                    try conn.deferWrite(insert, [.text("b")]) { _ in }
                    try conn.execute(insert, [.text("c")])
                }
                let statements = try conn.query(
                    "SELECT count(*) AS n FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO %'"
                ) { try $0.int("n") }
                #expect(statements == [1])
                let values = try conn.query("SELECT v FROM \(table) ORDER BY v") { try $0.string("v") }
                #expect(values == ["a", "b", "c"])
            }
        }
    }

    /// A rollback of a transaction none of which reached the server sends nothing.
    @Test func rollbackOfAnUnsentTransactionCostsNothing() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                let table = "\(schema.quoted).t"
                try conn.execute("CREATE TABLE \(table) (v text PRIMARY KEY)")
                try conn.beginDeferred()
                var dropped = false
                try conn.deferWrite("INSERT INTO \(table) VALUES ($1)", [.text("a")]) {
                    if case .failure = $0 { dropped = true }
                }
                let before = conn.roundTrips
                conn.rollback()
                #expect(conn.roundTrips == before)
                #expect(dropped)
                #expect(!conn.isInTransaction)
                #expect(try conn.query("SELECT v FROM \(table)") { try $0.string("v") }.isEmpty)
            }
        }
    }

    @Test func outsideATransactionOrWithANulByteNothingIsQueued() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                let table = "\(schema.quoted).t"
                try conn.execute("CREATE TABLE \(table) (v text PRIMARY KEY)")
                let outside = #expect(throws: StoreError.self) {
                    try conn.deferWrite("INSERT INTO \(table) VALUES ($1)", [.text("a")]) { _ in }
                }
                #expect(outside?.code == StoreError.Code.transactionState)
                try conn.transaction { conn in
                    let nul = #expect(throws: StoreError.self) {
                        try conn.deferWrite("INSERT INTO \(table) VALUES ($1)", [.text("a\u{0}b")]) { _ in }
                    }
                    #expect(nul?.sqlState == "22021")
                    try conn.execute("INSERT INTO \(table) VALUES ('ok')")
                }
                #expect(try conn.query("SELECT v FROM \(table)") { try $0.string("v") } == ["ok"])
            }
        }
    }
}
