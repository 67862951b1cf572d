import Foundation
import Messages
import OnboardingService
import PaymentsService
import StripeAPI
import StripeSimCore
import TerminalGateway
import Testing
@testable import ConnectBusCLI

/// `connectbus stripe setup` against an in-process stripe-sim: two endpoints created with
/// the consumed event types, the pinned api_version and connect=true; a second run changes
/// nothing; a changed list is updated; http URLs and refused keys exit 1.
@Suite("stripe setup verb")
struct StripeSetupVerbTests {
    private static let key = "sk_test_stripesetup0001"

    private func environment(_ port: UInt16, key: String = Self.key) -> [String: String] {
        ["STRIPE_API_BASE": "http://127.0.0.1:\(port)", "STRIPE_API_KEY": key]
    }

    private func endpoints(_ port: UInt16) throws -> [WebhookEndpoint] {
        let client = try StripeClient(config: StripeConfig(apiKey: Self.key, apiBase: "http://127.0.0.1:\(port)"))
        return try client.listAllWebhookEndpoints()
    }

    @Test("the CLI's event types are the union of the services' stripe.<type> bindings")
    func eventTypesAreTheServicesBindings() {
        let bound = Set(OnboardingService.stripeEvents + PaymentsService.stripeEvents + TerminalGatewayService.stripeEvents)
        #expect(Set(ConsumedStripeEvents.routingKeys) == bound)
        #expect(ConsumedStripeEvents.types == ConsumedStripeEvents.types.sorted())
        #expect(Set(ConsumedStripeEvents.types).count == ConsumedStripeEvents.types.count)
    }

    @Test("run twice: creates both endpoints, then changes nothing; a changed list is updated, a disabled one enabled")
    func idempotentSetup() throws {
        let simulator = StripeSimulator()
        let port = try simulator.start(port: 0)
        defer { simulator.stop() }
        let url = "http://127.0.0.1:\(port + 1)/webhooks/stripe"
        #expect(ConnectBusCLI.run(["stripe", "setup", "--url", url], environment: environment(port)) == 0)
        let made = try endpoints(port)
        #expect(made.count == 2)
        let platform = try #require(made.first { $0.url == url })
        let connect = try #require(made.first { $0.url == url + "/connect" })
        for endpoint in [platform, connect] {
            #expect(endpoint.enabledEvents == ConsumedStripeEvents.types)
            #expect(endpoint.apiVersion == StripeConfig.defaultAPIVersion)
            #expect(endpoint.status == "enabled")
        }
        let creates = simulator.requestLog.filter { $0.method == "POST" && $0.path == "/v1/webhook_endpoints" }
        #expect(creates.count == 2)
        let connectFlags = creates.map { $0.params["connect"] }
        #expect(connectFlags.contains(.string("true")) || connectFlags.contains(.bool(true)))
        #expect(connectFlags.contains(nil) || connectFlags.contains(.null))

        let posts = simulator.requestLog.filter { $0.method == "POST" }.count
        #expect(ConnectBusCLI.run(["stripe", "setup", "--url", url], environment: environment(port)) == 0)
        #expect(simulator.requestLog.filter { $0.method == "POST" }.count == posts)
        #expect(try endpoints(port) == made)

        let client = try StripeClient(config: StripeConfig(apiKey: Self.key, apiBase: "http://127.0.0.1:\(port)"))
        _ = try client.updateWebhookEndpoint(
            platform.id, WebhookEndpointUpdateParams(enabledEvents: ["customer.created"]), options: RequestOptions(idempotencyKey: "t-1"))
        _ = try client.updateWebhookEndpoint(connect.id, WebhookEndpointUpdateParams(disabled: true), options: RequestOptions(idempotencyKey: "t-2"))
        #expect(ConnectBusCLI.run(["stripe", "setup", "--url", url], environment: environment(port)) == 0)
        let fixed = try endpoints(port)
        #expect(fixed.map(\.id).sorted() == made.map(\.id).sorted())
        #expect(fixed.allSatisfy { $0.enabledEvents == ConsumedStripeEvents.types && $0.status == "enabled" })
    }

    @Test("an endpoint with another api_version is reported (exit 1) and replaced with --recreate")
    func apiVersionMismatch() throws {
        let simulator = StripeSimulator()
        let port = try simulator.start(port: 0)
        defer { simulator.stop() }
        let url = "http://127.0.0.1:9/webhooks/stripe"
        let client = try StripeClient(config: StripeConfig(apiKey: Self.key, apiBase: "http://127.0.0.1:\(port)"))
        let old = try client.createWebhookEndpoint(
            WebhookEndpointCreateParams(url: url, enabledEvents: ConsumedStripeEvents.types, apiVersion: "2025-03-31.basil"),
            options: RequestOptions(idempotencyKey: "t-old"))
        #expect(ConnectBusCLI.run(["stripe", "setup", "--url", url], environment: environment(port)) == 1)
        #expect(try endpoints(port).contains { $0.id == old.id })
        #expect(ConnectBusCLI.run(["stripe", "setup", "--url", url, "--recreate"], environment: environment(port)) == 0)
        let now = try endpoints(port)
        #expect(now.count == 2 && !now.contains { $0.id == old.id })
        #expect(now.allSatisfy { $0.apiVersion == StripeConfig.defaultAPIVersion })
    }

    @Test("http is refused with a live key or a public host, accepted with a test key on loopback or --allow-http")
    func urlCheck() throws {
        #expect(WebhookURLCheck.problem("https://shop.example/webhooks/stripe", key: "sk_live_x", allowHTTP: false) == nil)
        #expect(WebhookURLCheck.problem("http://127.0.0.1:8084/webhooks/stripe", key: "sk_test_x", allowHTTP: false) == nil)
        #expect(WebhookURLCheck.problem("http://localhost/webhooks/stripe", key: "rk_test_x", allowHTTP: false) == nil)
        #expect(WebhookURLCheck.problem("http://127.0.0.1/webhooks/stripe", key: "sk_live_x", allowHTTP: false) != nil)
        #expect(WebhookURLCheck.problem("http://shop.example/webhooks/stripe", key: "sk_test_x", allowHTTP: false) != nil)
        #expect(WebhookURLCheck.problem("http://shop.example/webhooks/stripe", key: "sk_live_x", allowHTTP: true) == nil)
        #expect(WebhookURLCheck.problem("/webhooks/stripe", key: "sk_test_x", allowHTTP: true) != nil)
        let simulator = StripeSimulator()
        let port = try simulator.start(port: 0)
        defer { simulator.stop() }
        let live = environment(port, key: "sk_live_stripesetup0001")
        #expect(ConnectBusCLI.run(["stripe", "setup", "--url", "http://127.0.0.1:9/webhooks/stripe"], environment: live) == 1)
        #expect(simulator.requestLog.isEmpty)
        #expect(ConnectBusCLI.run(["stripe", "setup"], environment: environment(port)) == 2)
        #expect(
            ConnectBusCLI.run(["stripe", "setup", "--url", "https://x.test/h"], environment: ["STRIPE_API_BASE": "http://127.0.0.1:\(port)"]) == 1)
    }

    @Test("a key Stripe refuses (401 authentication_error, 403 permission_error) is a clear error, exit 1, nothing created")
    func refusedKey() throws {
        let simulator = StripeSimulator()
        let port = try simulator.start(port: 0)
        defer { simulator.stop() }
        let live = environment(port, key: "rk_live_stripesetup0001")
        #expect(ConnectBusCLI.run(["stripe", "setup", "--url", "https://shop.example/webhooks/stripe"], environment: live) == 1)
        #expect(simulator.count(objectType: "webhook_endpoint") == 0)

        let body =
            #"{"error":{"type":"invalid_request_error","message":"The provided key 'rk_test_***0001' does not have the required permissions for this endpoint."}}"#
        let transport = RefusingTransport(status: 403, body: body)
        let client = try StripeClient(config: StripeConfig(apiKey: "rk_test_stripesetup0001"), transport: transport, sleeper: { _ in })
        let targets = [StripeVerb.Target(label: "platform", url: "https://shop.example/h", connect: false, secretsVariable: "STRIPE_WEBHOOK_SECRETS")]
        #expect {
            try StripeVerb.setUp(targets, client: client, apiVersion: StripeConfig.defaultAPIVersion, recreate: false)
        } throws: { error in
            guard let error = error as? CLIError else { return false }
            return error.exitCode == 1 && error.message.contains("refused the key (403)") && error.hint.contains("restricted key")
        }
    }
}

/// A transport answering every request with one status and body.
private final class RefusingTransport: StripeTransport {
    let status: Int
    let body: String

    init(status: Int, body: String) {
        self.status = status
        self.body = body
    }

    func perform(_ request: StripeHTTPRequest, whileWaiting: (() -> Void)?) throws(StripeTransportError) -> StripeHTTPResponse {
        StripeHTTPResponse(status: status, headers: ["request-id": "req_test"], body: Array(body.utf8))
    }
}
