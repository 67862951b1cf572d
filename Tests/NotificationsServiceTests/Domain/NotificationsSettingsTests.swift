import NotificationsService
import Runtime
import Testing

@Suite("NotificationsSettings")
struct NotificationsSettingsTests {
    @Test("reads secrets, body cap and SMTP settings")
    func reads() throws {
        let settings = try NotificationsSettings.fromEnvironment([
            "STRIPE_WEBHOOK_SECRETS": "whsec_new, whsec_old", "STRIPE_CONNECT_WEBHOOK_SECRETS": "whsec_c",
            "WEBHOOK_MAX_BODY_BYTES": "4096", "SMTP_URL": "smtp://mail.example:2525", "SMTP_TLS": "starttls",
            "SMTP_FROM": "Shop <shop@example.com>",
        ])
        #expect(settings.webhooks.platformSecrets == ["whsec_new", "whsec_old"])
        #expect(settings.webhooks.connectSecrets == ["whsec_c"])
        #expect(settings.webhooks.maxBodyBytes == 4096)
        let smtp = try #require(settings.smtp)
        #expect(smtp.host == "mail.example" && smtp.port == 2525 && smtp.tls == .starttls)
    }

    @Test("connect secrets default to the platform ones; one group-commit writer; no SMTP_URL means no e-mail")
    func defaults() throws {
        let settings = try NotificationsSettings.fromEnvironment(["STRIPE_WEBHOOK_SECRETS": "whsec_a"])
        #expect(settings.webhooks.connectSecrets == ["whsec_a"])
        #expect(settings.webhooks.maxBodyBytes == 1 << 20)
        #expect(settings.webhooks.writers == 1)
        #expect(settings.webhooks.maxBatch == 64)
        #expect(settings.smtp == nil)
        let two = try NotificationsSettings.fromEnvironment(["STRIPE_WEBHOOK_SECRETS": "whsec_a", "WEBHOOK_WRITERS": "2"])
        #expect(two.webhooks.writers == 2)
    }

    @Test("every bad variable is reported at once")
    func problems() {
        do {
            _ = try NotificationsSettings.fromEnvironment([
                "WEBHOOK_MAX_BODY_BYTES": "huge", "SMTP_URL": "http://mail", "SMTP_TLS": "maybe",
            ])
            Issue.record("expected a ConfigError")
        } catch {
            let variables = Set(error.problems.map(\.variable))
            #expect(variables == ["WEBHOOK_MAX_BODY_BYTES", "SMTP_URL", "SMTP_TLS"])
        }
    }
}

@Suite("NotificationsSettings: retention")
struct NotificationsRetentionSettingsTests {
    @Test("stored Stripe events and ended e-mails are kept 30 days unless STRIPE_EVENT_RETENTION / EMAIL_RETENTION say otherwise")
    func retention() throws {
        let defaults = try NotificationsSettings.fromEnvironment([:])
        #expect(defaults.stripeEventRetention == .seconds(30 * 86_400) && defaults.emailRetention == .seconds(30 * 86_400))
        #expect(defaults.retainedTables.map(\.table.name) == ["stripe_events", "emails"])
        let set = try NotificationsSettings.fromEnvironment(["STRIPE_EVENT_RETENTION": "12h", "EMAIL_RETENTION": "off"])
        #expect(set.stripeEventRetention == .seconds(12 * 3600) && set.emailRetention == nil)
        #expect(set.retainedTables.map(\.table.name) == ["stripe_events"])
        #expect(set.retainedTables.first?.keep == .seconds(12 * 3600))
        #expect(throws: ConfigError.self) { try NotificationsSettings.fromEnvironment(["EMAIL_RETENTION": "a month"]) }
    }
}
