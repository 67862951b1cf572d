import Bus
import Foundation
import Store
import Testing
import TestKit
@testable import Runtime

/// `message_log` and `inbox` retention against the real Postgres: rows older than the
/// retention go in bounded batches, younger ones stay, and the outbox relay's thread runs
/// the passes by itself (`MESSAGE_LOG_RETENTION`, `INBOX_RETENTION`).
@Suite("Row retention (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct RowRetentionIntegrationTests {
    static let log = Logger(service: "rt-test", level: .error)

    /// A migrated schema (runtime tables only) for `body`, dropped afterwards.
    private static func withSchema(_ body: (PGConnection, String, IntegrationEnvironment) throws -> Void) throws {
        let env = try #require(IntegrationEnvironment.current)
        let schema = IntegrationEnvironment.uniqueName("rt_msglog")
        let db = try PGConnection(url: env.databaseURL, applicationName: "message-log-tests")
        try Migrator(schema: schema, migrations: []).migrate(db)
        defer { _ = try? db.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE") }
        try body(db, schema, env)
    }

    /// Inserts `count` rows last written `age` ago, ids `<prefix>-<n>`.
    private static func insert(_ count: Int, prefix: String, age: String, schema: String, db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema).message_log (message_id, queue, type, outcome, first_at, last_at)
            SELECT $1 || '-' || g, 'q', 't', 'done', now() - $2::interval, now() - $2::interval
            FROM generate_series(1, $3::int8) AS g
            """, [.text(prefix), .text(age), .int(Int64(count))])
    }

    private static func ids(_ schema: String, _ db: PGConnection) throws -> [String] {
        try db.execute("SELECT message_id FROM \(schema).message_log ORDER BY message_id").rows.map { try $0.string("message_id") }
    }

    @Test func oldRowsGoInBoundedBatchesAndYoungRowsStay() throws {
        try Self.withSchema { db, schema, _ in
            try Self.insert(5, prefix: "old", age: "8 days", schema: schema, db: db)
            try Self.insert(2, prefix: "young", age: "6 days 23 hours", schema: schema, db: db)
            try Self.insert(1, prefix: "new", age: "0 seconds", schema: schema, db: db)
            let week = Duration.seconds(7 * 86_400)
            #expect(try MessageLog.prune(schema: schema, olderThan: week, limit: 2, on: db) == 2)
            #expect(try MessageLog.prune(schema: schema, olderThan: week, limit: 2, on: db) == 2)
            #expect(try MessageLog.prune(schema: schema, olderThan: week, limit: 2, on: db) == 1)
            #expect(try MessageLog.prune(schema: schema, olderThan: week, limit: 2, on: db) == 0)
            #expect(try Self.ids(schema, db) == ["new-1", "young-1", "young-2"])
        }
    }

    @Test func aPassRunsAtOnceThenOncePerIntervalAndStopsAtItsBatchLimit() throws {
        try Self.withSchema { db, schema, _ in
            try Self.insert(7, prefix: "old", age: "2 days", schema: schema, db: db)
            try Self.insert(1, prefix: "young", age: "1 hour", schema: schema, db: db)
            var retention = RowRetention(.messageLog, keep: .seconds(86_400), interval: .seconds(60), schema: schema, log: Self.log)
            retention.batchSize = 2
            retention.maxBatches = 3
            let start = ContinuousClock.now
            #expect(retention.runIfDue(on: { db }, now: start) == 6)  // three batches of two, then the pass ends
            #expect(retention.runIfDue(on: { db }, now: start + .milliseconds(500)) == 0)  // not due yet
            #expect(try Self.ids(schema, db).count == 2)
            // The pass stopped at its limit: the next one comes after the catch-up interval.
            #expect(retention.runIfDue(on: { db }, now: start + .seconds(1)) == 1)
            #expect(try Self.ids(schema, db) == ["young-1"])
            // Caught up (fewer rows than a pass may delete): once per interval again.
            try Self.insert(1, prefix: "later", age: "2 days", schema: schema, db: db)
            #expect(retention.runIfDue(on: { db }, now: start + .seconds(2)) == 0)
            #expect(retention.runIfDue(on: { db }, now: start + .seconds(60)) == 0)
            #expect(retention.runIfDue(on: { db }, now: start + .seconds(61)) == 1)
            #expect(try Self.ids(schema, db) == ["young-1"])
        }
    }

    /// Rows that arrive faster than one pass an interval deletes do not pile up: while each
    /// pass ends at its limit, the next one follows after the catch-up interval.
    @Test func aBacklogLargerThanAPassIsDeletedAtTheCatchUpPace() throws {
        try Self.withSchema { db, schema, _ in
            try Self.insert(20, prefix: "old", age: "2 days", schema: schema, db: db)
            var retention = RowRetention(.messageLog, keep: .seconds(86_400), interval: .seconds(60), schema: schema, log: Self.log)
            retention.batchSize = 2
            retention.maxBatches = 2
            let start = ContinuousClock.now
            var deleted: [Int] = []
            for second in 0..<6 { deleted.append(retention.runIfDue(on: { db }, now: start + .seconds(second))) }
            #expect(deleted == [4, 4, 4, 4, 4, 0])
            #expect(try Self.ids(schema, db).isEmpty)
            // The last full pass could not know it had taken the last rows: one more found
            // none, and from then on a pass is an interval away.
            try Self.insert(1, prefix: "later", age: "2 days", schema: schema, db: db)
            #expect(retention.runIfDue(on: { db }, now: start + .seconds(30)) == 0)
            #expect(retention.runIfDue(on: { db }, now: start + .seconds(65)) == 1)
        }
    }

    @Test func aFailedPassIsReportedNotThrownAndTriedAgainLater() throws {
        try Self.withSchema { db, schema, _ in
            var retention = RowRetention(.messageLog, keep: .seconds(60), interval: .seconds(60), schema: schema, log: Self.log)
            struct Down: Error {}
            let start = ContinuousClock.now
            #expect(retention.runIfDue(on: { throw Down() }, now: start) == 0)
            try Self.insert(1, prefix: "old", age: "1 day", schema: schema, db: db)
            #expect(retention.runIfDue(on: { db }, now: start + .seconds(60)) == 1)
        }
    }

    /// The retention thread runs both tables' passes: old log and inbox rows go, young ones stay.
    @Test func theRetentionSweeperPrunesTheLogAndTheInboxOnItsOwnThread() throws {
        try Self.withSchema { db, schema, env in
            try Self.insert(3, prefix: "old", age: "2 days", schema: schema, db: db)
            try Self.insert(2, prefix: "young", age: "1 hour", schema: schema, db: db)
            try Self.insertInbox(3, prefix: "old", age: "2 days", schema: schema, db: db)
            try Self.insertInbox(2, prefix: "young", age: "1 hour", schema: schema, db: db)
            let sweeper = RetentionSweeper(
                databaseURL: env.databaseURL, schema: schema,
                tables: [TableRetention(.messageLog, keep: .seconds(86_400)), TableRetention(.inbox, keep: .seconds(86_400))],
                interval: .milliseconds(50), name: "rt-msglog.retention", log: Self.log)
            try sweeper.start()
            defer { sweeper.stopAndJoin() }
            let deadline = ContinuousClock.now + .seconds(60)
            while try Self.ids(schema, db).count + Self.inboxIds(schema, db).count > 4, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(try Self.ids(schema, db) == ["young-1", "young-2"])
            #expect(try Self.inboxIds(schema, db) == ["young-1", "young-2"])
            // Rows that grow old later go on a later pass.
            try Self.insert(1, prefix: "later", age: "3 days", schema: schema, db: db)
            while try Self.ids(schema, db).count > 2, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(try Self.ids(schema, db) == ["young-1", "young-2"])
        }
    }

    /// Inserts `count` inbox rows received `age` ago, ids `<prefix>-<n>`.
    private static func insertInbox(_ count: Int, prefix: String, age: String, schema: String, db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema).inbox (message_id, queue, received_at)
            SELECT $1 || '-' || g, 'q', now() - $2::interval FROM generate_series(1, $3::int8) AS g
            """, [.text(prefix), .text(age), .int(Int64(count))])
    }

    private static func inboxIds(_ schema: String, _ db: PGConnection) throws -> [String] {
        try db.execute("SELECT message_id FROM \(schema).inbox ORDER BY message_id").rows.map { try $0.string("message_id") }
    }

    @Test func anInboxPassDeletesOnlyRowsReceivedBeforeTheRetention() throws {
        try Self.withSchema { db, schema, _ in
            try Self.insertInbox(5, prefix: "old", age: "8 days", schema: schema, db: db)
            try Self.insertInbox(2, prefix: "young", age: "6 days", schema: schema, db: db)
            var retention = RowRetention(.inbox, keep: .seconds(7 * 86_400), interval: .seconds(60), schema: schema, log: Self.log)
            retention.batchSize = 2
            retention.maxBatches = 2
            let start = ContinuousClock.now
            #expect(retention.runIfDue(on: { db }, now: start) == 4)
            #expect(retention.runIfDue(on: { db }, now: start + .seconds(60)) == 1)
            #expect(try Self.inboxIds(schema, db) == ["young-1", "young-2"])
            // The message log is another table: its retention leaves the inbox alone.
            var logRetention = RowRetention(.messageLog, keep: .seconds(1), interval: .seconds(60), schema: schema, log: Self.log)
            #expect(logRetention.runIfDue(on: { db }, now: start) == 0)
            #expect(try Self.inboxIds(schema, db).count == 2)
        }
    }
}
