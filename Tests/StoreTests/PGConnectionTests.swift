import Foundation
import Store
import TestKit
import Testing

@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct PGConnectionTests {
    @Test(arguments: [true, false])
    func roundTripsEveryValueKind(prepared: Bool) async throws {
        try await onThread {
            try TestDatabase.withSchema(prepared: prepared) { conn, schema in
                try conn.execute(
                    """
                    CREATE TABLE \(schema.quoted).kinds (
                        n int PRIMARY KEY, t text, i bigint, b bool, by bytea, j jsonb,
                        ts timestamptz, d float8)
                    """)
                let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
                let bytes: [UInt8] = [0, 1, 0, 255, 0, 92, 120]
                let insert = "INSERT INTO \(schema.quoted).kinds VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                try conn.execute(
                    insert,
                    [
                        .int(1), .text("héllo 'quoted' \"x\" \\"), .int(Int64.min),
                        .bool(true), .bytes(bytes), .json(Array(#"{"a": [1, 2]}"#.utf8)),
                        .timestamp(date), .double(-2.5),
                    ])
                try conn.execute(insert, [.int(2), nil, .null, nil, .null, nil, .null, nil])
                try conn.execute(
                    insert,
                    [
                        .int(3), .text(""), .int(Int64.max), .bool(false), .bytes([]),
                        .json(Array("null".utf8)), .timestamp(Date(timeIntervalSince1970: 0)),
                        .double(0),
                    ])
                let rows = try conn.query("SELECT * FROM \(schema.quoted).kinds ORDER BY n") { $0 }
                #expect(rows.count == 3)
                let full = rows[0], nulls = rows[1], edge = rows[2]
                #expect(try full.string("t") == "héllo 'quoted' \"x\" \\")
                #expect(try full.int("i") == Int64.min)
                #expect(try full.bool("b") == true)
                #expect(try full.bytes("by") == bytes)
                #expect(try full.json("j") == Array(#"{"a": [1, 2]}"#.utf8))
                #expect(abs(try full.date("ts").timeIntervalSince(date)) < 1e-6)
                #expect(try full.double("d") == -2.5)
                for column in ["t", "i", "b", "by", "j", "ts", "d"] {
                    #expect(try nulls.isNull(column))
                }
                #expect(try nulls.optionalString("t") == nil)
                #expect(try nulls.optionalInt("i") == nil)
                #expect(try nulls.optionalBool("b") == nil)
                #expect(try nulls.optionalBytes("by") == nil)
                #expect(try nulls.optionalJSON("j") == nil)
                #expect(try nulls.optionalDate("ts") == nil)
                #expect(try nulls.optionalDouble("d") == nil)
                #expect(try edge.string("t") == "")
                #expect(try edge.int("i") == Int64.max)
                #expect(try edge.bool("b") == false)
                #expect(try edge.bytes("by") == [])
                #expect(try edge.date("ts") == Date(timeIntervalSince1970: 0))
            }
        }
    }

    @Test func arraysBindForAny() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            let ints = try conn.query(
                "SELECT x FROM unnest($1::int8[]) AS x WHERE x = ANY($2)",
                [.intArray([1, 2, 3]), .intArray([3, 1])]
            ) { try $0.int("x") }
            #expect(ints == [1, 3])
            let texts = try conn.query("SELECT unnest($1::text[]) AS s", [.textArray(["a\"b", "c\\d", ""])]) {
                try $0.string("s")
            }
            #expect(texts == ["a\"b", "c\\d", ""])
        }
    }

    @Test func textWithNULIsRefusedNotTruncated() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            do {
                try conn.execute("SELECT $1::text AS t, $2::text AS u", [.text("ok"), .text("abc\u{0}def")])
                Issue.record("expected refusal")
            } catch let error as StoreError {
                #expect(error.sqlState == "22021")
                #expect(error.message.contains("$2"))
            }
            #expect(try conn.execute("SELECT $1::bytea AS b", [.bytes([0, 0])]).first?.bytes("b") == [0, 0])
        }
    }

    @Test func decodeErrorsNameTheColumn() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            let row = try #require(try conn.execute("SELECT 'abc'::text AS word, NULL::int AS nothing").first)
            #expect(throws: StoreError.self) { try row.int("word") }
            do { _ = try row.int("word") } catch let error as StoreError {
                #expect(error.code == "store.decode"); #expect(error.message.contains("\"word\""))
            }
            do { _ = try row.int("nothing") } catch let error as StoreError {
                #expect(error.message.contains("\"nothing\"")); #expect(error.message.contains("NULL"))
            }
            do { _ = try row.string("missing") } catch let error as StoreError { #expect(error.message.contains("\"missing\"")) }
        }
    }

    @Test func columnsAreFoundByTheirExactNameFirstMatchFirst() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            let row = try #require(
                try conn.execute(#"SELECT 1 AS "Amount", 2 AS amount, 3 AS amount, 4 AS "a long column name over 15""#).first)
            #expect(try row.int("Amount") == 1)
            #expect(try row.int("amount") == 2)
            #expect(try row.int("a long column name over 15") == 4)
            #expect(throws: StoreError.self) { try row.int("AMOUNT") }
            #expect(throws: StoreError.self) { try row.int("amount ") }
        }
    }

    @Test func uniqueViolationHasStableCode() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try conn.execute("CREATE TABLE \(schema.quoted).u (id text PRIMARY KEY)")
                try conn.execute("INSERT INTO \(schema.quoted).u VALUES ($1)", [.text("a")])
                do {
                    try conn.execute("INSERT INTO \(schema.quoted).u VALUES ($1)", [.text("a")])
                    Issue.record("expected a unique violation")
                } catch let error as StoreError {
                    #expect(error.code == "store.unique_violation")
                    #expect(error.sqlState == "23505")
                    #expect(error.constraint == "u_pkey")
                    #expect(!error.isTransient)
                }
            }
        }
    }

    @Test func syntaxErrorIsQueryFailedAndConnectionStaysUsable() async throws {
        try await onThread {
            let conn = try TestDatabase.connect()
            do { try conn.execute("SELEC 1"); Issue.record("expected an error") } catch let error as StoreError {
                #expect(error.code == "store.query_failed")
                #expect(error.sqlState == "42601")
            }
            #expect(try conn.execute("SELECT 1 AS one").first?.int("one") == 1)
        }
    }

    @Test func connectionErrorNeverShowsThePassword() async throws {
        try await onThread {
            let secret = IntegrationEnvironment.uniqueName("nosuchrole")
            let url = TestDatabase.url(user: secret, password: secret)
            do {
                _ = try PGConnection(url: url, applicationName: "store-tests")
                Issue.record("expected the connection to fail")
            } catch let error as StoreError {
                #expect(error.code == "store.connection_failed")
                #expect(error.isTransient)
                #expect(!error.message.contains(secret))
                #expect(error.message.contains("***"))
                #expect(!error.description.contains(secret))
            }
        }
    }

    @Test func terminatedConnectionIsTransientAndResetRecovers() async throws {
        try await onThread {
            let conn = try TestDatabase.connect("store-tests-victim")
            let pid = try #require(try conn.execute("SELECT pg_backend_pid() AS pid").first?.int("pid"))
            try TestDatabase.connect().execute("SELECT pg_terminate_backend($1::int)", [.int(pid)])
            do { try conn.execute("SELECT 1"); Issue.record("expected a connection error") } catch let error as StoreError {
                #expect(error.code == "store.connection_failed")
                #expect(error.isTransient)
            }
            #expect(!conn.isHealthy)
            try conn.reset()
            #expect(conn.isHealthy)
            #expect(try conn.execute("SELECT 2 AS two").first?.int("two") == 2)
        }
    }

    @Test func connectionLostMidPipelineRecoversAfterReset() async throws {
        try await onThread {
            let conn = try TestDatabase.connect("store-tests-victim")
            let pid = try #require(try conn.execute("SELECT pg_backend_pid() AS pid").first?.int("pid"))
            do {
                try conn.transaction { conn in
                    try conn.execute("SELECT 1")
                    try TestDatabase.connect().execute("SELECT pg_terminate_backend($1::int)", [.int(pid)])
                    try conn.savepoint("message") { conn in try conn.execute("SELECT 2") }
                }
                Issue.record("expected a connection error")
            } catch let error as StoreError {
                #expect(error.isTransient)
            }
            try conn.reset()
            #expect(!conn.isInTransaction)
            let value = try conn.transaction { conn in
                try conn.savepoint("message") { conn in try conn.execute("SELECT 3 AS three").first?.int("three") }
            }
            #expect(value == 3)
        }
    }

    @Test func kerberosEncryptionIsOffUnlessTheURLAsksForIt() async throws {
        try await onThread {
            let plain = try PGConnection(url: TestDatabase.adminURL, applicationName: "store-tests")
            #expect(plain.connectionOption("gssencmode") == "disable")
            #expect(plain.connectionOption("connect_timeout") == "10")
            #expect(plain.connectionOption("password") == nil)
            let separator = TestDatabase.adminURL.contains("?") ? "&" : "?"
            let asked = try PGConnection(
                url: TestDatabase.adminURL + separator + "gssencmode=prefer&connect_timeout=5",
                applicationName: "store-tests")
            #expect(asked.connectionOption("gssencmode") == "prefer")
            #expect(asked.connectionOption("connect_timeout") == "5")
        }
    }

    @Test func applicationNameIsReported() async throws {
        try await onThread {
            let name = IntegrationEnvironment.uniqueName("store_app")
            let conn = try PGConnection(url: TestDatabase.adminURL, applicationName: name)
            #expect(try conn.execute("SELECT current_setting('application_name') AS n").first?.string("n") == name)
        }
    }
}
