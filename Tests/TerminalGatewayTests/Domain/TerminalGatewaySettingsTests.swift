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

    @Test func captureFeePolicyIsReadOnlyWhenSet() throws {
        #expect(try TerminalGatewaySettings.fromEnvironment([:]).captureFeePolicy == nil)
        let both = try TerminalGatewaySettings.fromEnvironment(["CAPTURE_FEE_PERCENT": "2.5", "CAPTURE_FEE_FIXED": "30"])
        #expect(both.captureFeePolicy == CaptureFeePolicy(percent: 2.5, fixed: 30))
        let fixedOnly = try TerminalGatewaySettings.fromEnvironment(["CAPTURE_FEE_FIXED": "50"])
        #expect(fixedOnly.captureFeePolicy == CaptureFeePolicy(percent: 0, fixed: 50))
        #expect {
            try TerminalGatewaySettings.fromEnvironment(["CAPTURE_FEE_PERCENT": "101", "CAPTURE_FEE_FIXED": "-1"])
        } throws: { error in
            let message = (error as? TerminalGatewaySettings.Problem)?.message ?? ""
            return message.contains("CAPTURE_FEE_PERCENT") && message.contains("CAPTURE_FEE_FIXED")
        }
    }
}
