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
            sim.addWebhookEndpoint(
                WebhookEndpointConfig(
                    url: bed.baseURL + "/webhooks/stripe",
                    secret: NotificationsTestBed.secret))
            sim.addWebhookEndpoint(
                WebhookEndpointConfig(
                    url: bed.baseURL + "/webhooks/stripe/connect",
                    secret: NotificationsTestBed.connectSecret, connect: true))
            let auth = [
                "authorization": "Bearer sk_test_notifications",
                "content-type": "application/x-www-form-urlencoded",
            ]
            let account = sim.handle(
                HTTPRequest(
                    method: "POST", path: "/v1/accounts", headers: auth,
                    body: Array("type=express&country=US".utf8)))
            let accountId = try #require(try JSONSerialization.jsonObject(with: Data(account.body)) as? [String: Any])["id"] as? String
            _ = sim.handle(
                HTTPRequest(
                    method: "POST", path: "/v1/customers", headers: auth,
                    body: Array("email=platform%40example.com".utf8)))
            var connectHeaders = auth
            connectHeaders["stripe-account"] = accountId
            _ = sim.handle(
                HTTPRequest(
                    method: "POST", path: "/v1/customers", headers: connectHeaders,
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
                (
                    "/webhooks/stripe", event.body, NotificationsTestBed.signed(event.body, at: Date().addingTimeInterval(-600)),
                    400, "stale_timestamp"
                ),
                (
                    "/webhooks/stripe", event.body, NotificationsTestBed.signed(event.body, secret: "whsec_other"), 400,
                    "no_matching_signature"
                ),
                ("/webhooks/stripe/connect", event.body, NotificationsTestBed.signed(event.body), 400, "no_matching_signature"),
                ("/webhooks/stripe", event.body, [json, ("Stripe-Signature", "v1=abc")], 400, "malformed_signature"),
                ("/webhooks/stripe", big, NotificationsTestBed.signed(big), 413, #"{"error":"too_large"}"#),
                (
                    "/webhooks/stripe", event.body,
                    [
                        ("Content-Type", "text/plain"),
                        (
                            "Stripe-Signature",
                            WebhookSignature.sign(
                                payload: event.body, secret: NotificationsTestBed.secret,
                                timestamp: Date())
                        ),
                    ], 415, "unsupported_media_type"
                ),
                ("/webhooks/stripe", Array("[1]".utf8), NotificationsTestBed.signed(Array("[1]".utf8)), 400, "malformed_event"),
            ]
            for (path, body, headers, status, reason) in cases {
                let response = try await onThread { try bed.post(path, body, headers: headers) }
                #expect(response.status == status, "\(reason)")
                #expect(String(decoding: response.body, as: UTF8.self).contains(reason), "\(reason)")
                #expect(
                    response.headers["content-type"] == "application/json",
                    "\(reason)")
            }
            let get = try await onThread { try bed.get("/webhooks/stripe") }
            #expect(get.status == 405)
            #expect(try bed.count("SELECT count(*) AS n FROM $schema.stripe_events") == 0)
            #expect(try bed.outboxRows() == 0)
            let metrics = String(decoding: try await onThread { try bed.get("/metrics") }.body, as: UTF8.self)
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="platform",reason="no_matching_signature"} 2"#))
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="connect",reason="no_matching_signature"} 1"#))
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="platform",reason="too_large"} 1"#))
            #expect(metrics.contains("connectbus_webhook_request_seconds_count \(cases.count + 1)"))  // + the GET
        }
    }

    @Test("signature edge cases: upper-case hex is no match on both routes, only v0 is no_v1_signature, 600 s ahead is accepted")
    func signatureEdgeCases() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"]) { bed in
            let event = NotificationsTestBed.event()
            let now = Int(Date().timeIntervalSince1970)
            @Sendable func header(_ secret: String, at t: Int, scheme: String = "v1", upper: Bool = false) -> [(name: String, value: String)] {
                let hex = HMACSHA256.hex(key: Array(secret.utf8), message: Array("\(t).".utf8) + event.body)
                return [
                    ("Content-Type", "application/json"),
                    ("Stripe-Signature", "t=\(t),\(scheme)=\(upper ? hex.uppercased() : hex)"),
                ]
            }
            let cases: [(String, [(name: String, value: String)], Int, String)] = [
                ("/webhooks/stripe", header(NotificationsTestBed.secret, at: now, upper: true), 400, "no_matching_signature"),
                (
                    "/webhooks/stripe/connect", header(NotificationsTestBed.connectSecret, at: now, upper: true), 400,
                    "no_matching_signature"
                ),
                ("/webhooks/stripe", header(NotificationsTestBed.secret, at: now, scheme: "v0"), 400, "no_v1_signature"),
            ]
            for (path, headers, status, reason) in cases {
                let response = try await onThread { try bed.post(path, event.body, headers: headers) }
                #expect(response.status == status, "\(path) \(reason)")
                #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"\#(reason)"}"#, "\(path)")
            }
            #expect(try bed.storedEvents(event.id) == 0)
            // A timestamp 600 s in the future (twice the tolerance) is accepted, as Stripe's libraries do.
            let future = try await onThread {
                try bed.post("/webhooks/stripe", event.body, headers: header(NotificationsTestBed.secret, at: now + 600))
            }
            #expect(future.status == 200)
            #expect(try bed.storedEvents(event.id) == 1)
            let metrics = String(decoding: try await onThread { try bed.get("/metrics") }.body, as: UTF8.self)
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="platform",reason="no_matching_signature"} 1"#))
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="connect",reason="no_matching_signature"} 1"#))
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="platform",reason="no_v1_signature"} 1"#))
            #expect(!metrics.contains(#"reason="malformed_signature""#))
        }
    }

    @Test("a signed event with invalid UTF-8 is 400 malformed_event, counted invalid_utf8, nothing stored or published")
    func invalidUTF8() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"]) { bed in
            let id = "evt_utf8_\(UInt32.random(in: 0...UInt32.max))"
            let body =
                Array(#"{"id":"\#(id)","object":"event","type":"checkout.session.completed","account":"acct_1","#.utf8)
                + Array(#""data":{"object":{"id":"cs_1","object":"checkout.session","metadata":{"order":"Zo"#.utf8)
                + [0xFF] + Array(#""}}}}"#.utf8)
            let response = try await onThread { try bed.post("/webhooks/stripe", body, headers: NotificationsTestBed.signed(body)) }
            #expect(response.status == 400)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"malformed_event","reason":"invalid_utf8"}"#)
            #expect(try bed.storedEvents(id) == 0)
            #expect(try bed.outboxRows() == 0)
            let metrics = String(decoding: try await onThread { try bed.get("/metrics") }.body, as: UTF8.self)
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="platform",reason="invalid_utf8"} 1"#))
            #expect(!metrics.contains(#"reason="malformed_event""#))
            // The same body with valid UTF-8 goes through: only the byte was wrong.
            let fixed = body.map { $0 == 0xFF ? UInt8(ascii: "e") : $0 }
            let accepted = try await onThread { try bed.post("/webhooks/stripe", fixed, headers: NotificationsTestBed.signed(fixed)) }
            #expect(accepted.status == 200)
            #expect(try await onThread { try bed.monitor.wait(count: 1) { $0.messageId == "stripe:" + id } }.count == 1)
        }
    }

    @Test("a body over the HTTP server's own cap is answered in JSON and counted too_large")
    func overTheServerCap() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"]) { bed in
            let body =
                Array(#"{"id":"evt_huge","type":"customer.created","pad":""#.utf8)
                + [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) + 10) + Array(#""}"#.utf8)
            let response = try await onThread { try bed.post("/webhooks/stripe", body, headers: NotificationsTestBed.signed(body)) }
            #expect(response.status == 413)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"too_large"}"#)
            #expect(response.headers["content-type"] == "application/json")
            // The runtime's own endpoints answer JSON too.
            let other = try await onThread { try bed.post("/metrics", body, headers: [("Content-Type", "text/plain")]) }
            #expect(other.status == 413)
            #expect(String(decoding: other.body, as: UTF8.self) == #"{"error":"too_large"}"#)
            let metrics = String(decoding: try await onThread { try bed.get("/metrics") }.body, as: UTF8.self)
            #expect(metrics.contains(#"connectbus_webhook_events_rejected_total{endpoint="platform",reason="too_large"} 1"#))
            #expect(try bed.storedEvents("evt_huge") == 0)
        }
    }

    @Test("client_secret members are removed before the event is stored and published; the rest is as sent")
    func clientSecretsStripped() async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"]) { bed in
            let id = "evt_secret_\(UInt32.random(in: 0...UInt32.max))"
            let text = """
                {
                  "id": "\(id)",
                  "object": "event",
                  "type": "payment_intent.payment_failed",
                  "account": "acct_secret",
                  "data": {
                    "object": {
                      "id": "pi_1",
                      "object": "payment_intent",
                      "amount": 1700,
                      "client_secret": "pi_1_secret_abcdef",
                      "currency": "usd"
                    },
                    "previous_attributes": {
                      "client_secret": "pi_1_secret_old"
                    }
                  }
                }
                """
            let body = Array(text.utf8)
            let response = try await onThread {
                try bed.post(
                    "/webhooks/stripe/connect", body,
                    headers: NotificationsTestBed.signed(body, secret: NotificationsTestBed.connectSecret))
            }
            #expect(response.status == 200)
            // The first goes with its comma and the white space up to the next member; the
            // second, alone in its object, leaves the object's white space behind.
            let expected = Array(
                text.replacingOccurrences(of: "\n      \"client_secret\": \"pi_1_secret_abcdef\",", with: "")
                    .replacingOccurrences(of: "\"client_secret\": \"pi_1_secret_old\"", with: "").utf8)
            #expect(!String(decoding: expected, as: UTF8.self).contains("client_secret"))
            #expect(try bed.storedPayload(id) == expected)
            let published = try await onThread { try bed.monitor.wait(count: 1) { $0.messageId == "stripe:" + id } }
            #expect(published.first?.body == expected)
            #expect(published.first?.type == "stripe.payment_intent.payment_failed")
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

    @Test(
        "concurrent events are each answered once their commit is done, whether the answer is deferred (a pool) or waited for (a thread per connection)",
        arguments: [HTTPThreading.pool(1), .pool(2), .perConnection])
    func answeredAfterTheirCommit(threading: HTTPThreading) async throws {
        try await NotificationsTestBed.run(patterns: ["stripe.#"], httpThreading: threading) { bed in
            let events = (0..<40).map { _ in NotificationsTestBed.event(account: "acct_threads") }
            try await withThrowingTaskGroup(of: (String, Int, Int).self) { group in
                for event in events {
                    group.addTask {
                        let answer = try await onThread {
                            try bed.post("/webhooks/stripe", event.body, headers: NotificationsTestBed.signed(event.body))
                        }
                        // Answered 200 only once the event is committed: it is in the table now.
                        return (event.id, answer.status, try bed.storedEvents(event.id))
                    }
                }
                for try await (id, status, stored) in group {
                    #expect(status == 200, "event \(id)")
                    #expect(stored == 1, "event \(id) answered before its commit")
                }
            }
            let ours = Set(events.map(\.id))
            let isOurs: @Sendable (Envelope) -> Bool = { ours.contains($0.headers.extra[MessageHeaders.Key.stripeEventId] ?? "") }
            _ = try await onThread { try bed.monitor.wait(count: events.count, isOurs) }
            #expect(try await onThread { try bed.monitor.all().filter(isOurs) }.count == events.count)
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
            let ingress = WebhookIngress(
                settings: NotificationsTestBed.settings().webhooks,
                store: StripeEventStore(schema: try SQLIdentifier(bed.schema), appId: "notifications"),
                databaseURL: bed.env.databaseURL, applicationName: "notifications-tests",
                metrics: registry, log: log)
            try ingress.start()
            defer { ingress.stopAndJoin() }
            let wrongBroker = unreachable(bed.env.amqpURL)
            let deadRelay = OutboxRelay(
                amqpURL: try AMQPURL(wrongBroker), databaseURL: bed.env.databaseURL,
                schema: bed.schema, name: "notifications-tests.dead-relay", grace: .zero,
                metrics: RuntimeMetrics(registry: registry), log: log)
            try deadRelay.start()
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
            _ = try await onThread { deadRelay.stopAndJoin(timeout: .seconds(10)) }
            #expect(try bed.outboxRows() == 3)

            let relay = OutboxRelay(
                amqpURL: try AMQPURL(bed.env.amqpURL), databaseURL: bed.env.databaseURL,
                schema: bed.schema, name: "notifications-tests.relay", grace: .zero,
                metrics: RuntimeMetrics(registry: registry), log: log)
            try relay.start()
            let ids = Set(events.map(\.id))
            let received = try await onThread {
                try bed.monitor.wait(count: 3) { ids.contains($0.headers.extra[MessageHeaders.Key.stripeEventId] ?? "") }
            }
            _ = try await onThread { relay.stopAndJoin(timeout: .seconds(10)) }
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
