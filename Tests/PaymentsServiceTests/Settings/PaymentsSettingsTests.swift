import PaymentsService
import Runtime
import Testing

/// `PaymentsSettings` is read by the same reader as `ServiceConfig`: one pass, every problem
/// of both reported at once, the same `_FILE` handling.
@Suite struct PaymentsSettingsTests {
    @Test func theKeyAndItsFileVariantAreRead() throws {
        let direct = try ServiceConfig.fromEnvironment(
            service: "payments",
            [
                "AMQP_URL": "amqp://localhost", "DATABASE_URL": "postgres://localhost/x",
                "STRIPE_PUBLISHABLE_KEY": "pk_test_123",
            ],
            settings: PaymentsSettings.init(reading:)
        ).settings
        #expect(direct.publishableKey == "pk_test_123")
        let unset = try PaymentsSettings.fromEnvironment([:])
        #expect(unset.publishableKey == PaymentsSettings.placeholderPublishableKey)
    }

    @Test func theDisputeReminderLeadIsADuration() throws {
        #expect(try PaymentsSettings.fromEnvironment([:]).disputeEvidenceReminderSeconds == 3 * 86_400)
        #expect(try PaymentsSettings.fromEnvironment(["DISPUTE_EVIDENCE_REMINDER": "36h"]).disputeEvidenceReminderSeconds == 36 * 3_600)
        #expect(try PaymentsSettings.fromEnvironment(["DISPUTE_EVIDENCE_REMINDER": "off"]).disputeEvidenceReminderSeconds == 0)
        #expect(throws: PaymentsSettings.Problem.self) { try PaymentsSettings.fromEnvironment(["DISPUTE_EVIDENCE_REMINDER": "31d"]) }
        #expect(throws: PaymentsSettings.Problem.self) { try PaymentsSettings.fromEnvironment(["DISPUTE_EVIDENCE_REMINDER": "soon"]) }
    }

    @Test func theDailyStatementsTimeAndZone() throws {
        let defaults = try PaymentsSettings.fromEnvironment([:])
        #expect(defaults.statementLocalTime == LocalTime(hour: 0, minute: 30) && defaults.statementTimeZone == "UTC")
        let set = try PaymentsSettings.fromEnvironment(["STATEMENT_LOCAL_TIME": "06:15", "STATEMENT_TIME_ZONE": "Europe/Paris"])
        #expect(set.statementLocalTime == LocalTime(hour: 6, minute: 15) && set.statementTimeZone == "Europe/Paris")
        #expect(try PaymentsSettings.fromEnvironment(["STATEMENT_LOCAL_TIME": "off"]).statementLocalTime == nil)
        for bad in [
            ["STATEMENT_LOCAL_TIME": "25:00"], ["STATEMENT_TIME_ZONE": "Mars/Olympus"], ["STATEMENT_TIME_ZONE": "../../etc/passwd"],
            ["STATEMENT_TIME_ZONE": "Europe"],
            ["STATEMENT_TIME_ZONE": "zone.tab"],
        ] {
            #expect(throws: PaymentsSettings.Problem.self) { try PaymentsSettings.fromEnvironment(bad) }
        }
    }

    @Test func everyProblemOfConfigAndSettingsIsReportedTogether() {
        do {
            _ = try ServiceConfig.fromEnvironment(
                service: "payments", ["STRIPE_PUBLISHABLE_KEY": "sk_test_not_publishable", "WORKERS": "0"],
                requireStripeKey: true, settings: PaymentsSettings.init(reading:))
            Issue.record("expected a ConfigError")
        } catch {
            let variables = Set(error.problems.map(\.variable))
            #expect(variables == ["AMQP_URL", "DATABASE_URL", "STRIPE_API_KEY", "WORKERS", "STRIPE_PUBLISHABLE_KEY"])
        }
    }

    @Test func aFileVariantThatCannotBeReadIsNamed() {
        do {
            _ = try ServiceConfig.fromEnvironment(
                service: "payments",
                [
                    "AMQP_URL": "amqp://localhost", "DATABASE_URL": "postgres://localhost/x",
                    "STRIPE_PUBLISHABLE_KEY_FILE": "/nonexistent/connectbus/pk",
                ],
                settings: PaymentsSettings.init(reading:))
            Issue.record("expected a ConfigError")
        } catch {
            #expect(error.problems.map(\.variable) == ["STRIPE_PUBLISHABLE_KEY_FILE"])
        }
    }
}
