import Bus
import Foundation
import NotificationsSchema
import NotificationsService
import Runtime
import Store
import Testing
import TestKit

/// `STRIPE_EVENT_RETENTION` and `EMAIL_RETENTION` against the real Postgres: the outbox
/// relay, given the settings' tables as the service gives them, deletes stored Stripe events
/// received before the retention and e-mails whose send ended before it; a send still in
/// progress and younger rows stay.
@Suite("Stored Stripe events and e-mails: retention (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct NotificationsRetentionIntegrationTests {
    @Test("the relay prunes old stored events and ended e-mails, never a send in progress")
    func theRelayPrunesOldEventsAndEndedEmails() async throws {
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
        _ = try Migrator(schema: bed.schema, migrations: NotificationsMigrations.all).migrate(db)
        let schema = try SQLIdentifier(bed.schema).quoted
        for (id, age) in [("evt_old1", "31 days"), ("evt_old2", "40 days"), ("evt_young", "29 days"), ("evt_new", "0 s")] {
            try db.execute(
                """
                INSERT INTO \(schema).stripe_events (event_id, endpoint, type, payload, received_at)
                VALUES ($1, 'connect', 'charge.succeeded', '\\x7b7d', now() - $2::interval)
                """, [.text(id), .text(age)])
        }
        for (id, status, age) in [
            ("sent-old", "sent", "31 days"), ("parked-old", "parked", "45 days"), ("sending-old", "sending", "60 days"),
            ("retrying-old", "retrying", "60 days"), ("sent-young", "sent", "1 day"),
        ] {
            try db.execute(
                """
                INSERT INTO \(schema).emails (notification, source_message_id, source_event, template, recipient, status, updated_at)
                VALUES ($1, $1, 'payments.order.paid', 'order_paid', 'buyer@example.com', $2, now() - $3::interval)
                """, [.text(id), .text(status), .text(age)])
        }
        var settings = try NotificationsSettings.fromEnvironment([:])
        settings.emailRetention = .seconds(30 * 86_400)
        let sweeper = RetentionSweeper(
            databaseURL: bed.env.databaseURL, schema: bed.schema, tables: settings.retainedTables,
            interval: .milliseconds(50), name: "notifications-retention.retention",
            log: Logger(service: "notifications-test", level: .error))
        try sweeper.start()
        defer { sweeper.stopAndJoin() }
        func ids(_ table: String, _ key: String) throws -> [String] {
            try db.execute("SELECT \(key) FROM \(schema).\(table) ORDER BY \(key)").rows.map { try $0.string(key) }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while try ids("stripe_events", "event_id").count + ids("emails", "notification").count > 5, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try ids("stripe_events", "event_id") == ["evt_new", "evt_young"])
        #expect(try ids("emails", "notification") == ["retrying-old", "sending-old", "sent-young"])
    }
}
