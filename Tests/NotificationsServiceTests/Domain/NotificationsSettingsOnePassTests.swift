import NotificationsService
import Runtime
import Testing

/// Notifications' settings are read with the runtime's reader: one pass reports the problems
/// of both at once.
@Suite struct NotificationsSettingsOnePassTests {
    @Test func configAndNotificationsProblemsAreReportedTogether() {
        do {
            _ = try ServiceConfig.fromEnvironment(
                service: "notifications",
                [
                    "DATABASE_URL": "postgres://localhost/x", "WEBHOOK_WRITERS": "99",
                    "BACKFILL_ONLY_FAILED": "maybe",
                ],
                settings: NotificationsSettings.init(reading:))
            Issue.record("expected a ConfigError")
        } catch {
            #expect(Set(error.problems.map(\.variable)) == ["AMQP_URL", "WEBHOOK_WRITERS", "BACKFILL_ONLY_FAILED"])
        }
    }

    @Test func bothSetAndFileIsOneProblem() {
        var reader = EnvironmentReader(
            ["STRIPE_WEBHOOK_SECRETS": "whsec_a", "STRIPE_WEBHOOK_SECRETS_FILE": "/x"],
            readFile: { _ in "whsec_b" })
        _ = NotificationsSettings(reading: &reader)
        #expect(reader.problems.map(\.variable) == ["STRIPE_WEBHOOK_SECRETS"])
    }
}
