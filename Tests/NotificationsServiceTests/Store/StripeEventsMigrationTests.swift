import NotificationsSchema
import Foundation
import NotificationsService
import Store
import Testing
import TestKit

/// Migration 3 of the notifications schema against the real Postgres: events stored before
/// the ingress removed client secrets lose theirs; others keep their bytes.
@Suite(
    "stripe_events without client secrets (migration 3, integration)", .serialized,
    .enabled(if: IntegrationEnvironment.isEnabled))
struct StripeEventsMigrationTests {
    @Test("stored client_secret members are removed; other payloads, and unreadable ones, are left as they are")
    func removesStoredClientSecrets() async throws {
        let bed = try NotificationsTestBed(patterns: [], withHost: false)
        do {
            try Self.check(bed)
        } catch {
            await bed.stop()
            throw error
        }
        await bed.stop()
    }

    private static func check(_ bed: NotificationsTestBed) throws {
        let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
        _ = try Migrator(schema: bed.schema, migrations: NotificationsMigrations.all.filter { $0.version < 3 }).migrate(db)
        let table = try SQLIdentifier(bed.schema).quoted + ".stripe_events"
        let withSecret = Array(
            #"""
            {"id":"evt_s","type":"payment_intent.created","data":{"object":{"id":"pi_1","client_secret":"pi_1_secret_x","amount":1700,"list":[{"client_secret":"s"},2]},"previous_attributes":{"client_secret":"old"}}}
            """#.utf8)
        let without = Array(#"{"id":"evt_plain","type":"customer.created","data":{"object":{"note":"client_secret"}}}"#.utf8)
        let unreadable = Array(#"{"id":"evt_bad","type":"a.b","client_secret":"s","bad":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        for (id, payload) in [("evt_s", withSecret), ("evt_plain", without), ("evt_bad", unreadable)] {
            try db.execute(
                "INSERT INTO \(table) (event_id, endpoint, type, payload) VALUES ($1, 'platform', 'x', $2)",
                [.text(id), .bytes(payload)])
        }
        _ = try Migrator(schema: bed.schema, migrations: NotificationsMigrations.all).migrate(db)

        let migrated = try #require(try bed.storedPayload("evt_s"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(migrated)) as? [String: Any])
        #expect(!String(decoding: migrated, as: UTF8.self).contains("client_secret"))
        let data = try #require(object["data"] as? [String: Any])
        let inner = try #require(data["object"] as? [String: Any])
        #expect(inner["amount"] as? Int == 1700 && inner["id"] as? String == "pi_1")
        #expect((inner["list"] as? [Any])?.count == 2)
        #expect((data["previous_attributes"] as? [String: Any])?.isEmpty == true)
        #expect(try bed.storedPayload("evt_plain") == without)
        #expect(try bed.storedPayload("evt_bad") == unreadable)
        // The helper function is gone again.
        #expect(try bed.count("SELECT count(*) AS n FROM pg_proc WHERE proname = 'without_client_secret_v3'") == 0)
    }
}

/// Migration 6 of the notifications schema: new payloads are compressed with LZ4.
@Suite("stripe_events payloads compressed with LZ4 (migration 6, integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct StripeEventsCompressionTests {
    @Test func newPayloadsAreCompressedWithLZ4() async throws {
        let bed = try NotificationsTestBed(patterns: [], withHost: false)
        do {
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            _ = try Migrator(schema: bed.schema, migrations: NotificationsMigrations.all).migrate(db)
            let offered = try db.offersLZ4Compression()
            let table = try SQLIdentifier(bed.schema).quoted + ".stripe_events"
            let payload = Array(String(repeating: #"{"object":"checkout.session","amount_total":1250},"#, count: 60).utf8)
            try db.execute(
                "INSERT INTO \(table) (event_id, endpoint, type, payload) VALUES ('evt_lz4', 'platform', 'x', $1)",
                [.bytes(payload)])
            let method = try db.query("SELECT pg_column_compression(payload) AS method FROM \(table)") {
                try $0.optionalString("method")
            }.first
            #expect(method == (offered ? "lz4" : "pglz"))
            #expect(try bed.storedPayload("evt_lz4") == payload)
        } catch {
            await bed.stop()
            throw error
        }
        await bed.stop()
    }
}
