import Testing
@testable import TerminalGateway

@Suite("Terminal gateway settings")
struct TerminalGatewaySettingsTests {
    @Test func defaultsAndOverrides() throws {
        #expect(try TerminalGatewaySettings.fromEnvironment([:]) == TerminalGatewaySettings(reconcileIntervalSeconds: 300,
                                                                                             reconcileMinimumAgeSeconds: 3600))
        let set = try TerminalGatewaySettings.fromEnvironment(["RECONCILE_INTERVAL_SECONDS": "0", "RECONCILE_MIN_AGE_SECONDS": "60"])
        #expect(set.reconcileIntervalSeconds == 0)
        #expect(set.reconcileMinimumAgeSeconds == 60)
    }

    @Test func everyBadVariableIsNamed() {
        #expect {
            try TerminalGatewaySettings.fromEnvironment(["RECONCILE_INTERVAL_SECONDS": "soon", "RECONCILE_MIN_AGE_SECONDS": "-1"])
        } throws: { error in
            let message = (error as? TerminalGatewaySettings.Problem)?.message ?? ""
            return message.contains("RECONCILE_INTERVAL_SECONDS") && message.contains("RECONCILE_MIN_AGE_SECONDS")
        }
    }
}
