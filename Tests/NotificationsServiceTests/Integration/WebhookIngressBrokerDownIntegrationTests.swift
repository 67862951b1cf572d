import Foundation
import Messages
import NotificationsService
import Runtime
import StripeAPI
import Synchronization
import Testing
import TestKit

/// A notifications replica started while RabbitMQ cannot be reached: its webhook ingress
/// needs only Postgres, so it starts once the schema is migrated, stores the events Stripe
/// sends and answers `200`; `/readyz/ingress` (the probe that gates webhook traffic) is 200
/// while `/readyz` waits for the workers. The rows wait in the outbox for a relay, and
/// `connectbus_outbox_pending` counts them meanwhile.
@Suite("Webhook ingress with the broker down at start (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct WebhookIngressBrokerDownIntegrationTests {
    @Test("a replica started while the broker is unreachable stores webhooks; a replica with the broker publishes them")
    func storesWebhooksWhileTheBrokerIsUnreachable() async throws {
        let bed = try NotificationsTestBed(patterns: ["stripe.#"], hostAMQPURL: "amqp://guest:guest@127.0.0.1:1/%2F")
        let host = try #require(bed.host)
        let returned = StartReturned()
        Thread {
            _ = try? host.start()
            returned.mark()
        }.start()
        do {
            #expect(try await eventually { host.httpPort != nil && (try? bed.get("/readyz/ingress").status) == 200 })
            let readyz = try await onThread { try bed.get("/readyz") }
            #expect(readyz.status == 503)
            #expect(host.runningPartNames == ["webhooks"])

            let event = NotificationsTestBed.event()
            let accepted = try await onThread {
                try bed.post("/webhooks/stripe", event.body, headers: NotificationsTestBed.signed(event.body))
            }
            #expect(accepted.status == 200)
            #expect(try bed.storedEvents(event.id) == 1)
            #expect(try bed.outboxRows() == 1)
            // The relay has not started, but the host samples the outbox gauges while it waits.
            #expect(
                try await eventually {
                    String(decoding: try bed.get("/metrics").body, as: UTF8.self).contains("\nconnectbus_outbox_pending 1\n")
                })
            try await onThread { host.shutdown(timeout: .seconds(10)) }
            #expect(try await eventually { returned.happened })
            #expect(try bed.outboxRows() == 1)

            // Another replica, with the broker: its relay publishes the row the first one stored.
            let config = ServiceConfig(
                service: NotificationsService.name, amqpURL: bed.env.amqpURL, databaseURL: bed.env.databaseURL,
                workers: 1, httpPort: 0, logLevel: .warning)
            let replica = try NotificationsService.make(
                config: config, settings: NotificationsTestBed.settings(), schema: bed.schema)
            try await onThread { try replica.start() }
            let published = try await onThread { try bed.monitor.wait(count: 1) { $0.messageId == "stripe:" + event.id } }
            #expect(published.count == 1)
            try await onThread { replica.shutdown(timeout: .seconds(10)) }
            #expect(try bed.outboxRows() == 0)
        } catch {
            await bed.stop()
            throw error
        }
        await bed.stop()
    }
}

/// Whether a host's `start()`, run on a thread of its own, has returned.
private final class StartReturned: Sendable {
    private let returned = Mutex(false)
    var happened: Bool { returned.withLock { $0 } }
    func mark() { returned.withLock { $0 = true } }
}
