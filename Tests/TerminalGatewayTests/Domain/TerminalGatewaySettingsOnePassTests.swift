import Runtime
import TerminalGateway
import Testing

/// The gateway's settings are read with the runtime's reader: one pass reports the problems
/// of both, and `_FILE` variants work for the gateway's variables too.
@Suite struct TerminalGatewaySettingsOnePassTests {
    @Test func configAndGatewayProblemsAreReportedTogether() {
        do {
            _ = try ServiceConfig.fromEnvironment(
                service: "terminal-gateway",
                [
                    "AMQP_URL": "amqp://localhost", "RECONCILE_GRACE": "soon",
                    "CAPTURE_FEE_PERCENT": "101",
                ],
                requireStripeKey: true, settings: TerminalGatewaySettings.init(reading:))
            Issue.record("expected a ConfigError")
        } catch {
            #expect(
                Set(error.problems.map(\.variable))
                    == ["DATABASE_URL", "STRIPE_API_KEY", "RECONCILE_GRACE", "CAPTURE_FEE_PERCENT"])
        }
    }

    @Test func aFileVariantIsReadLikeTheRuntimesVariables() {
        var reader = EnvironmentReader(
            ["CAPTURE_FEE_FIXED_FILE": "/run/secrets/fee"],
            readFile: { $0 == "/run/secrets/fee" ? "30" : nil })
        let settings = TerminalGatewaySettings(reading: &reader)
        #expect(reader.problems.isEmpty)
        #expect(settings.captureFeePolicy == CaptureFeePolicy(percent: 0, fixed: 30))
    }
}
