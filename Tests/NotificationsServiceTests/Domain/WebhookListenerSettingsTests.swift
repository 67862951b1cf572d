import HTTPServer
import NotificationsService
import Runtime
import Testing

@Suite("WebhookListenerSettings")
struct WebhookListenerSettingsTests {
    private func problems(_ env: [String: String]) -> [String] {
        do {
            _ = try NotificationsSettings.fromEnvironment(env)
            return []
        } catch {
            return error.problems.map { "\($0.variable): \($0.message)" }
        }
    }

    @Test("without WEBHOOK_PORT the webhooks share the loopback operator listener")
    func sharedByDefault() throws {
        let settings = try NotificationsSettings.fromEnvironment(["STRIPE_WEBHOOK_SECRETS": "whsec_a"])
        #expect(settings.listener == nil)
        let loopback = try NotificationsSettings.fromEnvironment(["HTTP_BIND": "loopback"])
        #expect(loopback.listener == nil)
    }

    @Test("WEBHOOK_PORT, WEBHOOK_BIND and WEBHOOK_ALLOWED_SOURCES make the webhooks' own listener")
    func ownListener() throws {
        let settings = try NotificationsSettings.fromEnvironment([
            "WEBHOOK_PORT": "8443", "WEBHOOK_BIND": "all", "HTTP_BIND": "all",
            "WEBHOOK_ALLOWED_SOURCES": "3.18.12.63, 3.130.192.0/28",
        ])
        let listener = try #require(settings.listener)
        #expect(listener.port == 8443)
        #expect(listener.bind == .all)
        #expect(listener.allowedSources?.description == "3.18.12.63/32,3.130.192.0/28")
        let defaults = try #require(try NotificationsSettings.fromEnvironment(["WEBHOOK_PORT": "0"]).listener)
        #expect(defaults.bind == .loopback)
        #expect(defaults.allowedSources == nil)
    }

    @Test("HTTP_BIND=all without a webhook listener is refused: /metrics would face the webhooks' networks")
    func operatorEndpointsNeverExposedWithWebhooks() {
        let found = problems(["HTTP_BIND": "all"])
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("HTTP_BIND: is all, which would expose /metrics") == true)
    }

    @Test("listener variables without WEBHOOK_PORT, and bad values, are each reported at once")
    func badValues() {
        #expect(
            problems(["WEBHOOK_BIND": "all", "WEBHOOK_ALLOWED_SOURCES": "10.0.0.0/8"]) == [
                "WEBHOOK_BIND: needs WEBHOOK_PORT (the webhooks' own listener)",
                "WEBHOOK_ALLOWED_SOURCES: needs WEBHOOK_PORT (the webhooks' own listener)",
            ])
        let found = problems(["WEBHOOK_PORT": "70000", "WEBHOOK_BIND": "::", "WEBHOOK_ALLOWED_SOURCES": "10.0.0.1/8"])
        #expect(found.count == 3)
        #expect(found.contains { $0.hasPrefix("WEBHOOK_PORT:") })
        #expect(found.contains("WEBHOOK_BIND: must be loopback, all or an IPv4 address"))
        #expect(found.contains { $0.hasPrefix("WEBHOOK_ALLOWED_SOURCES: \"10.0.0.1/8\" has host bits set") })
    }
}
