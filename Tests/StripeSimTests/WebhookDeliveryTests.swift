import CCrypto
import Foundation
import HTTPServer
import StripeSimCore
import Testing

/// Records webhook requests; answers 500 to the first `failures` of them.
final class WebhookReceiver: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [HTTPRequest] = []
    private var remainingFailures: Int
    private(set) var server: HTTPServer?

    init(failures: Int) throws {
        remainingFailures = failures
        server = try HTTPServer(port: 0) { [weak self] request in
            guard let self else { return .text(503, "gone") }
            self.lock.lock()
            defer { self.lock.unlock() }
            self.received.append(request)
            if self.remainingFailures > 0 {
                self.remainingFailures -= 1
                return .text(500, "try again")
            }
            return .text(200, "ok")
        }
    }

    var url: String { "\(server?.baseURL ?? "")/hook" }
    var requests: [HTTPRequest] { lock.lock(); defer { lock.unlock() }; return received }
    deinit { server?.stop() }
}

@Suite("stripe-sim webhooks")
struct WebhookDeliveryTests {
    /// HMAC-SHA256 computed here, independently of the simulator's signer.
    private func expectedSignature(_ body: [UInt8], secret: String, timestamp: String) -> String {
        let message = Array("\(timestamp).".utf8) + body
        let key = Array(secret.utf8)
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &out, &length)
        return out.map { String(format: "%02x", $0) }.joined()
    }

    @Test("connect events are signed, carry account, and a failed delivery is retried")
    func signedAndRetried() async throws {
        let connect = try WebhookReceiver(failures: 1)
        let platform = try WebhookReceiver(failures: 0)
        var config = SimulatorConfig()
        config.webhookRetryDelaysSeconds = [0.05, 0.05]
        config.webhookEndpoints = [
            // Only account.updated: completing onboarding also sends capability.updated events.
            WebhookEndpointConfig(url: connect.url, secret: "whsec_connect", connect: true, enabledEvents: ["account.updated"]),
            WebhookEndpointConfig(url: platform.url, secret: "whsec_platform", connect: false),
        ]
        let sim = try SimTestClient(config: config)
        let account = try await sim.account()
        let link = try await sim.post(
            "/v1/account_links",
            [
                ("account", account), ("type", "account_onboarding"),
                ("refresh_url", "https://p.test/refresh"), ("return_url", "https://p.test/return"),
            ])
        _ = try await sim.page("GET", String((link["url"] ?? "").dropFirst(sim.base.count)) + "?outcome=complete")
        #expect(await SimTestClient.eventually { connect.requests.count >= 2 })
        let attempts = connect.requests
        #expect(attempts[0].body == attempts[1].body)
        let event = try #require(JSONValue.parse(attempts[1].body))
        #expect(event["type"] == "account.updated")
        #expect(event["account"]?.stringValue == account)
        let header = try #require(attempts[1].headers["stripe-signature"])
        let parts = Dictionary(
            header.split(separator: ",").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
                .compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }, uniquingKeysWith: { first, _ in first })
        let timestamp = try #require(parts["t"])
        #expect(parts["v1"] == expectedSignature(attempts[1].body, secret: "whsec_connect", timestamp: timestamp))
        #expect(parts["v1"] != expectedSignature(attempts[1].body, secret: "whsec_platform", timestamp: timestamp))
        let records = sim.simulator.webhookDeliveries.filter { $0.url == connect.url }
        #expect(records.map(\.status).prefix(2) == [500, 200])
        #expect(platform.requests.allSatisfy { JSONValue.parse($0.body)?["account"] == nil })
    }

    @Test("POST /v1/webhook_endpoints returns the secret once and receives matching platform events")
    func createdEndpoint() async throws {
        let receiver = try WebhookReceiver(failures: 0)
        let sim = try SimTestClient()
        let created = try await sim.post("/v1/webhook_endpoints", [("url", receiver.url), ("enabled_events[]", "customer.created")])
        let secret = try #require(created["secret"])
        #expect(secret.hasPrefix("whsec_"))
        #expect(try await sim.get("/v1/webhook_endpoints/\(created["id"] ?? "")").json["secret"] == nil)
        _ = try await sim.post("/v1/products", [("name", "Not delivered")])
        _ = try await sim.post("/v1/customers", [("email", "hook@x.test")])
        #expect(await SimTestClient.eventually { !receiver.requests.isEmpty })
        let types = receiver.requests.compactMap { JSONValue.parse($0.body)?["type"]?.stringValue }
        #expect(types == ["customer.created"])
    }
}
