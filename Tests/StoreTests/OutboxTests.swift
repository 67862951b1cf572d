import Foundation
import Store
import TestKit
import Testing

@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct OutboxTests {
    static func message(_ n: Int) -> OutboxMessage {
        OutboxMessage(
            exchange: "connectbus.events", routingKey: "payments.order.paid", messageId: "msg-\(n)",
            type: "payments.order.paid", correlationId: n % 2 == 0 ? "corr-\(n)" : nil,
            replyTo: n % 2 == 0 ? "amq.gen-reply" : nil, appId: "payments",
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
            headersJSON: Array(#"{"x-schema-version": 1, "x-stripe-account": "acct_1"}"#.utf8),
            body: [123, 0, 125, UInt8(n % 256)], mandatory: n % 3 == 0)
    }

    /// Makes every row look `seconds` older, so stale claims need no waiting.
    static func backdate(_ schema: SQLIdentifier, seconds: Int, on conn: PGConnection) throws {
        try conn.execute(
            "UPDATE \(schema.quoted).outbox SET created_at = created_at - make_interval(secs => $1)",
            [.double(Double(seconds))])
    }

    @Test func enqueueClaimDeleteRoundTrip() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let ids = try conn.transaction { conn in try (0..<4).map { try outbox.enqueue(OutboxTests.message($0), on: conn) } }
                let rows = try conn.transaction { conn in try drain.claim(ids: ids, on: conn) }
                #expect(rows.map(\.id) == ids)
                #expect(rows.map(\.message) == (0..<4).map(OutboxTests.message))
                try conn.transaction { try drain.delete(ids: Array(ids.prefix(3)), on: $0) }
                #expect(try conn.transaction { try drain.claim(ids: ids, on: $0) }.map(\.id) == [ids[3]])
            }
        }
    }

    @Test func claimedRowsAreSkippedByAnotherConnection() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let ids = try conn.transaction { conn in try (0..<3).map { try outbox.enqueue(OutboxTests.message($0), on: conn) } }
                let other = try TestDatabase.connect("store-tests-relay")
                // Without SKIP LOCKED the claim below would wait: fail instead of hanging.
                try other.execute("SET lock_timeout = '5s'")
                try conn.transaction { conn in
                    #expect(try drain.claim(ids: [ids[0], ids[1]], on: conn).count == 2)
                    let seen = try other.transaction { other in try drain.claim(ids: ids, on: other) }
                    #expect(seen.map(\.id) == [ids[2]])
                }
            }
        }
    }

    @Test func concurrentStaleTakesNeverShareARowAndComeOldestFirst() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let ids = try conn.transaction { conn in try (0..<200).map { try outbox.enqueue(OutboxTests.message($0), on: conn) } }
                try OutboxTests.backdate(schema, seconds: 60, on: conn)
                let relay: @Sendable () throws -> [Int64] = {
                    let conn = try TestDatabase.connect("store-tests-relay")
                    var claimed: [Int64] = []
                    while true {
                        let batch = try conn.transaction { conn -> [Int64] in
                            try drain.takeStale(olderThan: .seconds(30), limit: 7, on: conn).map(\.id)
                        }
                        if batch.isEmpty { return claimed }
                        #expect(batch == batch.sorted())  // Same created_at: id order.
                        claimed += batch
                    }
                }
                let results = try concurrently([relay, relay, relay]).map { try $0.get() }
                let all = results.flatMap { $0 }
                #expect(all.count == ids.count)
                #expect(Set(all) == Set(ids))
                #expect(try drain.lag(on: conn).count == 0)
            }
        }
    }

    @Test func aRolledBackTakePutsTheRowsBack() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                try conn.transaction { conn in for n in 0..<3 { try outbox.enqueue(OutboxTests.message(n), on: conn) } }
                struct PublishFailed: Error {}
                #expect(throws: PublishFailed.self) {
                    try conn.transaction { conn in
                        #expect(try drain.takeStale(olderThan: .zero, limit: 10, on: conn).count == 3)
                        throw PublishFailed()
                    }
                }
                #expect(try drain.lag(on: conn).count == 3)
            }
        }
    }

    @Test func freshRowsAreNotStale() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                try conn.transaction { _ = try outbox.enqueue(OutboxTests.message(1), on: $0) }
                #expect(try conn.transaction { try drain.takeStale(olderThan: .seconds(3600), limit: 10, on: $0) }.isEmpty)
                #expect(try drain.lag(on: conn).count == 1)
            }
        }
    }

    @Test func lagCountsRowsAndOldestAge() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let outbox = OutboxWriter(schema: schema.name), drain = OutboxDrain(schema: schema.name)
                let empty = try drain.lag(on: conn)
                #expect(empty.count == 0 && empty.oldestAgeSeconds == 0)
                try conn.transaction { conn in for n in 0..<3 { try outbox.enqueue(OutboxTests.message(n), on: conn) } }
                try OutboxTests.backdate(schema, seconds: 120, on: conn)
                let lag = try drain.lag(on: conn)
                #expect(lag.count == 3)
                #expect(lag.oldestAgeSeconds >= 120)
            }
        }
    }

    @Test func claimOutsideTransactionIsRefused() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                try Migrator(schema: schema.name, migrations: []).migrate(conn)
                do {
                    _ = try OutboxDrain(schema: schema.name).takeStale(olderThan: .zero, limit: 1, on: conn)
                    Issue.record("expected refusal")
                } catch let error as StoreError {
                    #expect(error.code == "store.transaction_state")
                }
            }
        }
    }
}
