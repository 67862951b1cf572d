import CCrypto
import Foundation
import HTTPServer
import StripeSimCore
import TestKit
import Testing

/// Webhook chaos and secret rotation set through `/sim/webhooks/…`, observed by a receiver.
@Suite("stripe-sim control plane: webhook chaos")
struct WebhookChaosTests {
    private func simulator(_ receiver: WebhookReceiver) throws -> SimTestClient {
        var config = SimulatorConfig()
        config.webhookEndpoints = [WebhookEndpointConfig(url: receiver.url, secret: "whsec_chaos", connect: false)]
        return try SimTestClient(config: config)
    }

    private func endpointId(_ sim: SimTestClient) async throws -> String {
        try #require(try await sim.control("GET", "/sim/webhooks/endpoints").json["data"]?.arrayValue?.first?["id"]?.stringValue)
    }

    /// Polls an async `condition` every 20 ms for up to 10 s (generous; never a timing assertion).
    private func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<500 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }

    /// HMAC-SHA256 computed here, independently of the simulator's signer.
    private func signature(_ body: [UInt8], secret: String, timestamp: Int) -> String {
        let message = Array("\(timestamp).".utf8) + body
        let key = Array(secret.utf8)
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &out, &length)
        return out.map { String(format: "%02x", $0) }.joined()
    }

    private func eventIds(_ receiver: WebhookReceiver) -> [String] {
        receiver.requests.compactMap { JSONValue.parse($0.body)?["id"]?.stringValue }
    }

    @Test("duplicate deliveries: every event arrives twice and the log marks the copy")
    func duplicates() async throws {
        let receiver = try WebhookReceiver(failures: 0)
        let sim = try simulator(receiver)
        #expect(try await sim.control("POST", "/sim/webhooks/chaos", ["duplicate_rate": 1]).status == 200)
        _ = try await sim.post("/v1/customers", [("email", "a@b.test")])
        #expect(await SimTestClient.eventually { receiver.requests.count >= 2 })
        let ids = eventIds(receiver)
        #expect(ids.count == 2 && ids[0] == ids[1])
        // The copy is recorded once its POST has been answered, which may be just after the
        // receiver saw it: read the log until both attempts are in (bounded).
        var log = try await sim.control("GET", "/sim/webhooks/deliveries?event=\(ids[0])")
        for _ in 0..<100 where (log.json["data"]?.arrayValue?.count ?? 0) < 2 {
            try await Task.sleep(for: .milliseconds(50))
            log = try await sim.control("GET", "/sim/webhooks/deliveries?event=\(ids[0])")
        }
        #expect(log.json["data"]?.arrayValue?.map { $0["duplicate"] == true } == [false, true])
        #expect(log.json["data"]?.arrayValue?.allSatisfy { $0["status"] == 200 } == true)
    }

    @Test("out of order: a held event is delivered after the next one")
    func heldBack() async throws {
        let receiver = try WebhookReceiver(failures: 0)
        let sim = try simulator(receiver)
        _ = try await sim.control("POST", "/sim/webhooks/chaos", ["hold_next": 1])
        let first = try await sim.post("/v1/customers", [("email", "first@b.test")])
        #expect(try await sim.control("GET", "/sim/webhooks/chaos").json["held"]?.arrayValue?.count == 1)
        _ = try await sim.post("/v1/customers", [("email", "second@b.test")])
        #expect(await SimTestClient.eventually { receiver.requests.count >= 2 })
        let delivered = receiver.requests.compactMap { JSONValue.parse($0.body)?.value(at: "data.object.email")?.stringValue }
        #expect(delivered == ["second@b.test", "first@b.test"])
        #expect(first.status == 200)
    }

    @Test("an endpoint that is down: failed attempts on Stripe's schedule, delivery_success false until it answers")
    func downThenRecovered() async throws {
        let receiver = try WebhookReceiver(failures: 0)
        let sim = try simulator(receiver)
        _ = try await sim.control("POST", "/sim/clock/freeze")
        #expect(try await sim.control("POST", "/sim/webhooks/retry_schedule", ["schedule": "stripe"]).json["attempts"] == 12)
        _ = try await sim.control("POST", "/sim/webhooks/chaos", ["down": true])
        _ = try await sim.post("/v1/customers", [("email", "down@b.test")])
        let eventId = try #require(try await sim.get("/v1/events").json["data"]?.arrayValue?.first?["id"]?.stringValue)
        func attempts() async throws -> [JSONValue] {
            try await sim.control("GET", "/sim/webhooks/deliveries?event=\(eventId)").json["data"]?.arrayValue ?? []
        }
        var seen: [JSONValue] = []
        for _ in 0..<250 where seen.isEmpty { seen = try await attempts(); if seen.isEmpty { try await Task.sleep(for: .milliseconds(20)) } }
        #expect(seen.first?["status"] == 0)
        #expect(seen.first?["error"] == "endpoint down (simulated)")
        let failing = try await sim.get("/v1/events", [("delivery_success", "false")])
        #expect(failing.json["data"]?.arrayValue?.map { $0["id"]?.stringValue } == [eventId])
        #expect(failing.json["data"]?.arrayValue?.first?["pending_webhooks"] == 1)
        _ = try await sim.control("POST", "/sim/clock/advance", ["seconds": 60])
        #expect(await eventually { (try? await attempts().count) == 2 })
        _ = try await sim.control("DELETE", "/sim/webhooks/chaos")
        _ = try await sim.control("POST", "/sim/clock/advance", ["seconds": 300])
        #expect(await SimTestClient.eventually { receiver.requests.count == 1 })
        #expect(await eventually { (try? await attempts().last?["status"]) == 200 })
        #expect(try await attempts().map { $0["attempt"]?.intValue ?? 0 } == [1, 2, 3])
        #expect(try await sim.get("/v1/events", [("delivery_success", "true")]).json["data"]?.arrayValue?.count == 1)
        #expect(try await sim.get("/v1/events/\(eventId)").json["pending_webhooks"] == 0)
    }

    @Test("a delay follows the clock: nothing is sent until it is advanced")
    func delayed() async throws {
        let receiver = try WebhookReceiver(failures: 0)
        let sim = try simulator(receiver)
        _ = try await sim.control("POST", "/sim/clock/freeze")
        _ = try await sim.control("POST", "/sim/webhooks/chaos", ["delay_seconds": 600])
        _ = try await sim.post("/v1/customers", [("email", "late@b.test")])
        let before = try await sim.control("GET", "/sim/webhooks/deliveries")
        #expect(before.json["total"] == 0)
        #expect(before.json["pending"] == 1)
        _ = try await sim.control("POST", "/sim/clock/advance", ["seconds": 600])
        #expect(await SimTestClient.eventually { receiver.requests.count == 1 })
    }

    @Test("secret rotation: two v1 signatures during the overlap, then only the new secret's")
    func rotation() async throws {
        let receiver = try WebhookReceiver(failures: 0)
        let sim = try simulator(receiver)
        _ = try await sim.control("POST", "/sim/clock/freeze")
        let id = try await endpointId(sim)
        let rotated = try await sim.control("POST", "/sim/webhooks/endpoints/\(id)/rotate_secret", ["overlap_seconds": 3600])
        let secret = try #require(rotated["secret"])
        #expect(secret != "whsec_chaos")
        _ = try await sim.post("/v1/customers", [("email", "r1@b.test")])
        #expect(await SimTestClient.eventually { receiver.requests.count == 1 })
        _ = try await sim.control("POST", "/sim/clock/advance", ["seconds": 3600])
        _ = try await sim.post("/v1/customers", [("email", "r2@b.test")])
        #expect(await SimTestClient.eventually { receiver.requests.count == 2 })
        let requests = receiver.requests
        for (index, expected) in [[secret, "whsec_chaos"], [secret]].enumerated() {
            let header = requests[index].headers["stripe-signature"] ?? ""
            let fields = header.split(separator: ",").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
            let timestamp = Int(fields.first { $0.first == "t" }?.last ?? "") ?? 0
            let signatures = fields.filter { $0.first == "v1" }.compactMap(\.last)
            #expect(signatures == expected.map { signature(requests[index].body, secret: $0, timestamp: timestamp) })
        }
        #expect(try await sim.control("POST", "/sim/webhooks/endpoints/we_missing/rotate_secret").status == 404)
    }
}
