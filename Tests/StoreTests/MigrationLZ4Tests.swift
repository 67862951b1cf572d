import Foundation
import Store
import TestKit
import Testing

/// `Migration.lz4CompressionSQL`: the script, and the runtime's `outbox.body` compressed
/// with LZ4 against the real Postgres.
@Suite("LZ4 column compression")
struct MigrationLZ4Tests {
    @Test func theScriptAltersEveryColumnOnlyWhereTheServerHasLZ4() {
        let sql = Migration.lz4CompressionSQL(table: "events", columns: ["payload", "body"])
        #expect(sql.contains("ALTER TABLE events ALTER COLUMN payload SET COMPRESSION lz4, ALTER COLUMN body SET COMPRESSION lz4;"))
        #expect(sql.contains("name = 'default_toast_compression'"))
    }

    @Test(.enabled(if: IntegrationEnvironment.isEnabled))
    func theOutboxBodyIsStoredWithLZ4() async throws {
        try await onThread {
            try TestDatabase.withSchema { conn, schema in
                _ = try Migrator(schema: schema.name, migrations: []).migrate(conn)
                let offered = try conn.offersLZ4Compression()
                let method = try conn.query(
                    """
                    SELECT attcompression::text AS method FROM pg_attribute
                    WHERE attrelid = '\(schema.quoted).outbox'::regclass AND attname = 'body'
                    """
                ) { try $0.string("method") }.first
                // 'l' is LZ4; without it the column keeps the server's default ('').
                #expect(method == (offered ? "l" : ""))
                // A body above the TOAST threshold (a Stripe event) is compressed with it and
                // reads back unchanged.
                let body = Array(String(repeating: #"{"object":"event","type":"checkout.session.completed"},"#, count: 60).utf8)
                let message = OutboxMessage(
                    exchange: "connectbus.events", routingKey: "stripe.checkout.session.completed",
                    messageId: "m-lz4", type: "stripe.checkout.session.completed", appId: "store-tests",
                    timestamp: Date(), body: body, mandatory: false)
                let id = try conn.transaction { try OutboxWriter(schema: schema.name).enqueue(message, on: $0) }
                let stored = try conn.query(
                    "SELECT body, pg_column_compression(body) AS method FROM \(schema.quoted).outbox WHERE id = $1",
                    [.int(id)]
                ) { (try $0.bytes("body"), try $0.optionalString("method")) }
                #expect(stored.first?.0 == body)
                #expect(stored.first?.1 == (offered ? "lz4" : "pglz"))
            }
        }
    }
}
