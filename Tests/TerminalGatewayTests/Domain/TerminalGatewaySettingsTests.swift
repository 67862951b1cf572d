import Runtime
import Testing
@testable import TerminalGateway

@Suite("Terminal gateway settings")
struct TerminalGatewaySettingsTests {
    @Test func defaultsAndOverrides() throws {
        let defaults = try TerminalGatewaySettings.fromEnvironment([:])
        #expect(defaults == TerminalGatewaySettings(reconcileIntervalSeconds: 0, reconcileMinimumAgeSeconds: 3600))
        #expect(defaults.reconcileLocalTime == LocalTime(hour: 23, minute: 0))
        #expect(defaults.reconcileTimeZone == "UTC")
        #expect(defaults.reconcileGrace == .endOfDay)
        let set = try TerminalGatewaySettings.fromEnvironment(["RECONCILE_INTERVAL_SECONDS": "0", "RECONCILE_MIN_AGE_SECONDS": "60"])
        #expect(set.reconcileIntervalSeconds == 0)
        #expect(set.reconcileMinimumAgeSeconds == 60)
    }

    @Test func theDailyScheduleIsConfigured() throws {
        let set = try TerminalGatewaySettings.fromEnvironment([
            "RECONCILE_LOCAL_TIME": "21:30", "RECONCILE_TIME_ZONE": "Australia/Sydney",
            "RECONCILE_GRACE": "7200",
        ])
        #expect(set.reconcileLocalTime == LocalTime(hour: 21, minute: 30))
        #expect(set.reconcileTimeZone == "Australia/Sydney")
        #expect(set.reconcileGrace == .seconds(7200))
        #expect(try TerminalGatewaySettings.fromEnvironment(["RECONCILE_LOCAL_TIME": "off"]).reconcileLocalTime == nil)
        #expect {
            try TerminalGatewaySettings.fromEnvironment([
                "RECONCILE_LOCAL_TIME": "25:00", "RECONCILE_TIME_ZONE": "Mars/Olympus_Mons",
                "RECONCILE_GRACE": "600",
            ])
        } throws: { error in
            let message = (error as? TerminalGatewaySettings.Problem)?.message ?? ""
            return message.contains("RECONCILE_LOCAL_TIME") && message.contains("RECONCILE_TIME_ZONE") && message.contains("RECONCILE_GRACE")
        }
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
