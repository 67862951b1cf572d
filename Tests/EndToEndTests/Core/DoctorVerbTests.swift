import Foundation
import Messages
import StripeAPI
import StripeSimCore
import Testing
@testable import ConnectBusCLI

/// `connectbus doctor`'s Stripe checks against an in-process stripe-sim, and its exit status.
@Suite("doctor verb")
struct DoctorVerbTests {
    private static let key = "sk_test_doctor000001"

    private func environment(_ port: UInt16, key: String = Self.key, services: String = "x=http://127.0.0.1:9") -> CLIEnvironment {
        CLIEnvironment(["STRIPE_API_BASE": "http://127.0.0.1:\(port)", "STRIPE_API_KEY": key, "CONNECTBUS_SERVICE_URLS": services])
    }

    @Test("missing endpoints fail with the setup command; after setup every Stripe check is ok; drift is named")
    func stripeChecks() throws {
        let simulator = StripeSimulator()
        let port = try simulator.start(port: 0)
        defer { simulator.stop() }
        let url = "http://127.0.0.1:9/webhooks/stripe"
        let before = DoctorVerb.stripeChecks(url: nil, connectURL: nil, environment: environment(port))
        #expect(before.map(\.name) == ["stripe key", "platform", "connect"])
        #expect(before[0].ok && before[0].detail.hasPrefix("sk_test"))
        #expect(!before[1].ok && before[1].fix.contains("connectbus stripe setup"))

        let env = ["STRIPE_API_BASE": "http://127.0.0.1:\(port)", "STRIPE_API_KEY": Self.key]
        #expect(ConnectBusCLI.run(["stripe", "setup", "--url", url], environment: env) == 0)
        let after = DoctorVerb.stripeChecks(url: nil, connectURL: nil, environment: environment(port))
        #expect(after.filter { !$0.ok }.isEmpty, "\(after.map(\.line))")

        let client = try StripeClient(config: StripeConfig(apiKey: Self.key, apiBase: "http://127.0.0.1:\(port)"))
        let connect = try #require(try client.listAllWebhookEndpoints().first { $0.url == url + "/connect" })
        _ = try client.updateWebhookEndpoint(
            connect.id, WebhookEndpointUpdateParams(enabledEvents: ["account.updated"], disabled: true),
            options: RequestOptions(idempotencyKey: "d-1"))
        let drift = DoctorVerb.stripeChecks(url: url, connectURL: nil, environment: environment(port))
        let line = try #require(drift.first { $0.name == "connect" })
        #expect(!line.ok && line.detail.contains("disabled") && line.detail.contains("missing ") && line.detail.contains("capability.updated"))
        #expect(drift.first { $0.name == "platform" }?.ok == true)

        let live = DoctorVerb.stripeChecks(url: url, connectURL: nil, environment: environment(port, key: "sk_live_doctor000001"))
        #expect(live.first?.detail.hasPrefix("sk_live") == true)
        #expect(live.contains { !$0.ok })
    }

    @Test("a service whose /readyz does not answer fails the run (exit 1); no key is one failing line")
    func exitStatus() throws {
        let simulator = StripeSimulator()
        let port = try simulator.start(port: 0)
        defer { simulator.stop() }
        let env = ["STRIPE_API_BASE": "http://127.0.0.1:\(port)", "CONNECTBUS_SERVICE_URLS": "x=http://127.0.0.1:9"]
        #expect(ConnectBusCLI.run(["doctor"], environment: env) == 1)
        let checks = DoctorVerb.serviceChecks(CLIEnvironment(env))
        #expect(checks.count == 1 && !checks[0].ok && checks[0].line.contains("fix:"))
        #expect(DoctorVerb.stripeChecks(url: nil, connectURL: nil, environment: CLIEnvironment(env)).map(\.ok) == [false])
    }
}
