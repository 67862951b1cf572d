import CCrypto
import Foundation
import HTTPServer
import StripeSimCore
import Testing

/// `POST /sim/events/:id/resend` and `POST /v1/events/:id/retry`; the request log's
/// `include_control` and `after` filters.
@Suite("stripe-sim event resend and request log")
struct EventResendTests {
    private func signature(_ body: [UInt8], secret: String, timestamp: String) -> String {
        let message = Array("\(timestamp).".utf8) + body
        let key = Array(secret.utf8)
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &out, &length)
        return out.map { String(format: "%02x", $0) }.joined()
    }

    private func header(_ request: HTTPRequestView) -> [String: String] {
        Dictionary(
            (request.signature ?? "").split(separator: ",").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
                .compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }, uniquingKeysWith: { first, _ in first })
    }

    struct HTTPRequestView {
        var body: [UInt8]
        var signature: String?
    }

    private func endpoint(_ sim: SimTestClient, _ url: String, connect: Bool) async throws -> (id: String, secret: String) {
        let reply = try await sim.post(
            "/v1/webhook_endpoints", [("url", url), ("enabled_events[]", "customer.created"), ("connect", connect ? "true" : "false")])
        return (reply["id"] ?? "", reply["secret"] ?? "")
    }

    @Test("a resend is a new, freshly signed delivery to the endpoints that receive the event")
    func resendDeliversAgain() async throws {
        let platformHook = try WebhookReceiver(failures: 0)
        let connectHook = try WebhookReceiver(failures: 0)
        let sim = try SimTestClient()
        let platform = try await endpoint(sim, platformHook.url, connect: false)
        let connect = try await endpoint(sim, connectHook.url, connect: true)
        _ = try await sim.control("POST", "/sim/clock/freeze", ["at": 1_800_000_000])
        _ = try await sim.post("/v1/customers", [("email", "a@example.com")])
        #expect(await SimTestClient.eventually { platformHook.requests.count == 1 })
        let event = try #require(JSONValue.parse(platformHook.requests[0].body)?["id"]?.stringValue)
        _ = try await sim.control("POST", "/sim/clock/advance", ["seconds": 60])

        let resent = try await sim.control("POST", "/sim/events/\(event)/resend")
        #expect(resent.status == 200)
        #expect(resent.json["endpoints"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [platform.id])
        #expect(await SimTestClient.eventually { platformHook.requests.count == 2 })
        let again = platformHook.requests[1]
        #expect(JSONValue.parse(again.body)?["id"]?.stringValue == event)
        let parts = header(HTTPRequestView(body: again.body, signature: again.headers["stripe-signature"]))
        #expect(parts["t"] == "1800000060")
        #expect(parts["v1"] == signature(again.body, secret: platform.secret, timestamp: "1800000060"))
        // The hook sees the request before the delivery thread records the attempt.
        #expect(await SimTestClient.eventually { sim.simulator.webhookDeliveries.filter { $0.eventId == event }.count == 2 })
        let records = sim.simulator.webhookDeliveries.filter { $0.eventId == event }
        #expect(records.map(\.resend) == [false, true])
        #expect(records.map(\.attempt) == [1, 1])
        let listed = try await sim.control("GET", "/sim/webhooks/deliveries?event=\(event)")
        #expect(listed.json["data"]?.arrayValue?.compactMap { $0["resend"]?.boolValue }.filter { $0 }.count == 1)
        #expect(listed.json["data"]?.arrayValue?.count == 2)

        // Stripe's own path (the Stripe CLI's `events resend`), to one endpoint.
        let retried = try await sim.post("/v1/events/\(event)/retry", [("webhook_endpoint", platform.id)])
        #expect(retried.status == 200 && retried["id"] == event)
        #expect(await SimTestClient.eventually { platformHook.requests.count == 3 })
        // A platform event does not go to a Connect endpoint; unknown events and endpoints are 404.
        let wrongKind = try await sim.post("/v1/events/\(event)/retry", [("webhook_endpoint", connect.id)])
        #expect(wrongKind.status == 400 && wrongKind.json.value(at: "error.param")?.stringValue == "webhook_endpoint")
        #expect(try await sim.control("POST", "/sim/events/evt_missing/resend").status == 404)
        #expect(try await sim.control("POST", "/sim/events/\(event)/resend", ["webhook_endpoint": "we_missing"]).status == 404)

        // A connected account's event goes to the Connect endpoint only (`account` names its owner).
        let account = try await sim.account()
        _ = try await sim.post("/v1/customers", [("email", "b@example.com")], account: account)
        #expect(await SimTestClient.eventually { connectHook.requests.count == 1 })
        let connectEvent = try #require(JSONValue.parse(connectHook.requests[0].body)?["id"]?.stringValue)
        #expect(try await sim.control("POST", "/sim/events/\(connectEvent)/resend").status == 404)
        let connectResent = try await sim.control("POST", "/sim/events/\(connectEvent)/resend", ["account": .string(account)])
        #expect(connectResent.json["endpoints"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [connect.id])
        #expect(await SimTestClient.eventually { connectHook.requests.count == 2 })
        let connectParts = header(HTTPRequestView(body: connectHook.requests[1].body, signature: connectHook.requests[1].headers["stripe-signature"]))
        #expect(connectParts["v1"] == signature(connectHook.requests[1].body, secret: connect.secret, timestamp: connectParts["t"] ?? ""))
        #expect(platformHook.requests.count == 3)
    }

    @Test("the request log leaves out the simulator's own /sim calls unless asked, and follows with after")
    func requestLogFilters() async throws {
        let sim = try SimTestClient()
        _ = try await sim.control("GET", "/sim/clock")
        _ = try await sim.post("/v1/customers", [("email", "a@example.com")])
        let api = try await sim.control("GET", "/sim/requests")
        let paths = api.json["data"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
        #expect(paths == ["/v1/customers"])
        let all = try await sim.control("GET", "/sim/requests?include_control=true")
        #expect(all.json["data"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["/sim/clock", "/v1/customers", "/sim/requests"])
        let cursor = try #require(all.json["cursor"]?.intValue)
        _ = try await sim.get("/v1/customers")
        let newer = try await sim.control("GET", "/sim/requests?after=\(cursor)")
        #expect(newer.json["data"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["/v1/customers"])
        #expect(newer.json["data"]?.arrayValue?.first?["method"]?.stringValue == "GET")
        #expect((newer.json["cursor"]?.intValue ?? 0) > cursor)
    }
}
