import Foundation
import NotificationsService
import Runtime
import Store
import Testing
import TestKit

/// `connectbus_emails{status}` read from the migrated `emails` table: every status has a
/// series (0 included), parked e-mails are counted.
@Suite("Notifications gauges (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct NotificationsGaugesTests {
    @Test func emailsAreCountedPerStatusWithEveryStatusPresent() async throws {
        try await NotificationsTestBed.run(patterns: [], start: false) { bed in
            try bed.migrate()
            let schema = try SQLIdentifier(bed.schema)
            let registry = MetricsRegistry()
            let sampler = DatabaseGaugeSampler(
                databaseURL: bed.env.databaseURL, applicationName: "notifications-gauges-tests",
                registry: registry, gauges: NotificationsGauges.all(schema: schema),
                log: Logger(service: "notifications-gauges-tests", level: .error))
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-gauges-tests")
            try sampler.sample(on: db)
            for status in ["sending", "retrying", "sent", "parked"] {
                #expect(registry.value("connectbus_emails", labels: [status]) == 0)
            }
            for (index, status) in ["parked", "parked", "sent"].enumerated() {
                _ = try db.execute(
                    """
                    INSERT INTO \(schema.quoted).emails (notification, source_message_id, source_event, template, recipient, status)
                    VALUES ($1, $1, 'payments.order.paid', 'order_paid', 'buyer@example.com', $2)
                    """, [.text("n-\(index)"), .text(status)])
            }
            try sampler.sample(on: db)
            #expect(registry.value("connectbus_emails", labels: ["parked"]) == 2)
            #expect(registry.value("connectbus_emails", labels: ["sent"]) == 1)
            #expect(registry.value("connectbus_emails", labels: ["retrying"]) == 0)
        }
    }
}
