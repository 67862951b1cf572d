import Bus
import Foundation
import HTTPServer
import Messages
import NotificationsService
import Runtime
import Store
import StripeAPI
import StripeSimCore
import Testing
import TestKit

/// The webhook ingress against the real RabbitMQ and Postgres, with stripe-sim delivering.
@Suite("Webhook ingress (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct WebhookIngressIntegrationTests {
    @Test("signed events from the simulator are stored and appear on stripe.# with their headers and exact bytes")
    func simulatorDelivery() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"]) { bed in
            let sim = StripeSimulator()
            try sim.start()
            defer { sim.stop() }
            sim.addWebhookEndpoint(WebhookEndpointConfig(url: bed.baseURL + "/webhooks/stripe",
                                                         secret: NotificationsTestBed.secret))
            sim.addWebhookEndpoint(WebhookEndpointConfig(url: bed.baseURL + "/webhooks/stripe/connect",
                                                         secret: NotificationsTestBed.connectSecret, connect: true))
            let auth = ["authorization": "Bearer sk_test_notifications",
                        "content-type": "application/x-www-form-urlencoded"]
            let account = sim.handle(HTTPRequest(method: "POST", path: "/v1/accounts", headers: auth,
                                                 body: Array("type=express&country=US".utf8)))
            let accountId = try #require(try JSONSerialization.jsonObject(with: Data(account.body)) as? [String: Any])["id"] as? String
            _ = sim.handle(HTTPRequest(method: "POST", path: "/v1/customers", headers: auth,
                                       body: Array("email=platform%40example.com".utf8)))
            var connectHeaders = auth
            connectHeaders["stripe-account"] = accountId
            _ = sim.handle(HTTPRequest(method: "POST", path: "/v1/customers", headers: connectHeaders,
                                       body: Array("email=buyer%40example.com".utf8)))
            let platformEvent = try #require(sim.events().first { $0["type"]?.stringValue == "customer.created" })
            let connectEvent = try #require(sim.events(account: accountId).first { $0["type"]?.stringValue == "customer.created" })
            let platformId = try #require(platformEvent["id"]?.stringValue)
            let connectId = try #require(connectEvent["id"]?.stringValue)

            let received = try await onThread {
                try bed.monitor.wait(count: 2) { envelope in
                    [platformId, connectId].contains(envelope.headers.extra[MessageHeaders.Key.stripeEventId] ?? "")
                }
            }
            #expect(received.count == 2)
            for envelope in received {
                let eventId = try #require(envelope.headers.extra[MessageHeaders.Key.stripeEventId])
                #expect(envelope.type == "stripe.customer.created")
                #expect(envelope.messageId == "stripe:" + eventId)
                #expect(envelope.headers.extra[MessageHeaders.Key.stripeApiVersion] == "2026-11-18.endive")
                #expect(envelope.body == (try bed.storedPayload(eventId)))
                #expect(envelope.headers.stripeAccount == (eventId == connectId ? accountId : nil))
            }
            #expect(sim.webhookDeliveries.filter { [platformId, connectId].contains($0.eventId) }.allSatisfy { $0.status == 200 })
        }
    }

    @Test("unsigned, tampered, stale, wrongly signed, oversized and malformed requests are refused and nothing is stored")
    func rejections() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"], maxBodyBytes: 4096) { bed in
            let event = NotificationsTestBed.event()
            let json = ("Content-Type", "application/json")
            var tampered = event.body
            tampered[tampered.count - 3] = UInt8(ascii: "X")
            var big = Array(#"{"id":"evt_big","type":"customer.created","pad":""#.utf8)
            big += [UInt8](repeating: UInt8(ascii: "a"), count: 5000) + Array(#""}"#.utf8)
            let cases: [(String, [UInt8], [(name: String, value: String)], Int, String)] = [
                ("/webhooks/stripe", event.body, [json], 400, "missing_signature"),
                ("/webhooks/stripe", tampered, NotificationsTestBed.signed(event.body), 400, "no_matching_signature"),
                ("/webhooks/stripe", event.body, NotificationsTestBed.signed(event.body, at: Date().addingTimeInterval(-600)),
                 400, "stale_timestamp"),
                ("/webhooks/stripe", event.body, NotificationsTestBed.signed(event.body, secret: "whsec_other"), 400,
                 "no_matching_signature"),
                ("/webhooks/stripe/connect", event.body, NotificationsTestBed.signed(event.body), 400, "no_matching_signature"),
                ("/webhooks/stripe", event.body, [json, ("Stripe-Signature", "v1=abc")], 400, "malformed_signature"),
                ("/webhooks/stripe", big, NotificationsTestBed.signed(big), 413, "body_too_large"),
                ("/webhooks/stripe", event.body, [("Content-Type", "text/plain"),
                 ("Stripe-Signature", WebhookSignature.sign(payload: event.body, secret: NotificationsTestBed.secret,
                                                            timestamp: Date()))], 415, "unsupported_media_type"),
                ("/webhooks/stripe", Array("[1]".utf8), NotificationsTestBed.signed(Array("[1]".utf8)), 400, "malformed_event"),
            ]
            for (path, body, headers, status, reason) in cases {
                let response = try await onThread { try bed.post(path, body, headers: headers) }
                #expect(response.status == status, "\(reason)")
                #expect(String(decoding: response.body, as: UTF8.self).contains(reason), "\(reason)")
            }
            let get = try await onThread { try bed.get("/webhooks/stripe") }
            #expect(get.status == 405)
            #expect(try bed.count("SELECT count(*) AS n FROM $schema.stripe_events") == 0)
            #expect(try bed.outboxRows() == 0)
            let metrics = String(decoding: try await onThread { try bed.get("/metrics") }.body, as: UTF8.self)
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{reason="no_matching_signature"} 3"#))
            #expect(metrics.contains("connectbus_webhook_request_seconds_count \(cases.count + 1)"))  // + the GET
        }
    }

    @Test("the same event delivered twice is stored and published once")
    func duplicates() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"]) { bed in
            let event = NotificationsTestBed.event(account: "acct_dup")
            let first = try await onThread { try bed.post("/webhooks/stripe", event.body, headers: NotificationsTestBed.signed(event.body)) }
            let second = try await onThread { try bed.post("/webhooks/stripe", event.body, headers: NotificationsTestBed.signed(event.body)) }
            #expect(first.status == 200 && second.status == 200)
            #expect(String(decoding: second.body, as: UTF8.self).contains("duplicate"))
            let isOurs: @Sendable (Envelope) -> Bool = { $0.headers.extra[MessageHeaders.Key.stripeEventId] == event.id }
            _ = try await onThread { try bed.monitor.wait(count: 1, isOurs) }
            #expect(try await eventually { try bed.outboxRows() == 0 })
            #expect(try await onThread { try bed.monitor.all().filter(isOurs) }.count == 1)
            #expect(try bed.storedEvents(event.id) == 1)
        }
    }

    @Test("with Postgres unreachable the ingress answers 503 so Stripe retries")
    func postgresDown() async throws {
        let env = try #require(IntegrationEnvironment.current)
        let wrongURL = unreachable(env.databaseURL)
        try await NotificationsTestBed.run(patterns: ["stripe.#"], ingressDatabaseURL: wrongURL) { bed in
            let event = NotificationsTestBed.event()
            let response = try await onThread { try bed.post("/webhooks/stripe", event.body, headers: NotificationsTestBed.signed(event.body)) }
            #expect(response.status == 503)
            #expect(String(decoding: response.body, as: UTF8.self).contains("unavailable"))
            #expect(try bed.storedEvents(event.id) == 0)
        }
    }

    @Test("with the broker unreachable webhooks still get 200, and the events are published once it can be reached")
    func brokerDown() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"], start: false) { bed in
            let registry = MetricsRegistry()
            let log = Logger(service: "notifications-tests", level: .error)
            let ingress = WebhookIngress(settings: NotificationsTestBed.settings().webhooks,
                                         store: StripeEventStore(schema: try SQLIdentifier(bed.schema), appId: "notifications"),
                                         databaseURL: bed.env.databaseURL, applicationName: "notifications-tests",
                                         metrics: registry, log: log)
            defer { ingress.stop() }
            let wrongBroker = unreachable(bed.env.amqpURL)
            let deadRelay = OutboxRelay(amqpURL: try AMQPURL(wrongBroker), databaseURL: bed.env.databaseURL,
                                        schema: bed.schema, name: "notifications-tests.dead-relay", grace: .zero,
                                        metrics: RuntimeMetrics(registry: registry), log: log)
            deadRelay.start()
            let events = (0..<3).map { _ in NotificationsTestBed.event(type: "charge.succeeded", account: "acct_relay") }
            for event in events {
                var signed: [String: String] = [:]
                for (name, value) in NotificationsTestBed.signed(event.body) { signed[name.lowercased()] = value }
                let headers = signed
                let response = try await onThread {
                    ingress.handle(HTTPRequest(method: "POST", path: "/webhooks/stripe", headers: headers, body: event.body))
                }
                #expect(response?.status == 200)
            }
            #expect(try bed.outboxRows() == 3)
            _ = try await onThread { deadRelay.stop(timeout: .seconds(10)) }
            #expect(try bed.outboxRows() == 3)

            let relay = OutboxRelay(amqpURL: try AMQPURL(bed.env.amqpURL), databaseURL: bed.env.databaseURL,
                                    schema: bed.schema, name: "notifications-tests.relay", grace: .zero,
                                    metrics: RuntimeMetrics(registry: registry), log: log)
            relay.start()
            let ids = Set(events.map(\.id))
            let received = try await onThread {
                try bed.monitor.wait(count: 3) { ids.contains($0.headers.extra[MessageHeaders.Key.stripeEventId] ?? "") }
            }
            _ = try await onThread { relay.stop(timeout: .seconds(10)) }
            #expect(received.count == 3)
            #expect(received.allSatisfy { $0.type == "stripe.charge.succeeded" && $0.headers.stripeAccount == "acct_relay" })
            #expect(try bed.outboxRows() == 0)
        }
    }

}

/// `url` with its port replaced by 1, where nothing listens, whatever port the scripts chose.
private func unreachable(_ url: String) -> String {
    guard let range = url.range(of: #":[0-9]+/"#, options: .regularExpression) else { return url }
    return url.replacingCharacters(in: range, with: ":1/")
}
