#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StripeAPI
public import Runtime

/// The service's own configuration beyond ``ServiceConfig``, read from the environment in
/// one place and validated all at once.
///
/// Variables (secrets may be given as `<NAME>_FILE`, the path of a file holding the value):
/// - `STRIPE_WEBHOOK_SECRETS`: comma-separated `whsec_…` of `/webhooks/stripe` (rotation:
///   several at once). `STRIPE_CONNECT_WEBHOOK_SECRETS`: those of `/webhooks/stripe/connect`
///   (default: the platform ones).
/// - `WEBHOOK_PORT`, `WEBHOOK_BIND`, `WEBHOOK_ALLOWED_SOURCES`: the webhooks' own listener
///   and its allowlist (``WebhookListenerSettings``).
/// - `WEBHOOK_MAX_BODY_BYTES` (default 1048576, 1…1048576).
/// - `WEBHOOK_WRITERS` (default 1, 1…16): group-commit writer threads of the ingress, each
///   with its own Postgres connection (one makes the largest batches: Services/Notifications/README.md); `WEBHOOK_MAX_BATCH` (default 64, 1…1000): most
///   events per commit.
/// - `SMTP_URL` (`smtp://host:port`; unset = no e-mail: the `notifications.events` queue is
///   not consumed), `SMTP_FROM` (default `ConnectBus <no-reply@connectbus.local>`),
///   `SMTP_TLS` (`none`, the default, `starttls` or `tls`), `SMTP_USERNAME`, `SMTP_PASSWORD`.
/// - `BACKFILL_INTERVAL_SECONDS`, `BACKFILL_SAFETY_WINDOW_SECONDS`, `BACKFILL_TYPES`,
///   `BACKFILL_ONLY_FAILED`, `BACKFILL_PAGE_SIZE`, `BACKFILL_UNREACHABLE_RETRY_SECONDS`: the
///   backfill sweep (``BackfillSettings``).
/// - `STRIPE_EVENT_RETENTION`, `EMAIL_RETENTION` (default `30d` each; `s`, `m`, `h`, `d`;
///   `0`/`off` keeps rows for ever): how long stored Stripe events and ended e-mails are
///   kept (``NotificationsRetention``).
/// - `SELLER_BANK_UPDATE_URL`: the platform's page where a seller whose payout failed updates
///   the bank account (`http(s)://…`, `{account}` replaced by the connected account); the
///   page signs the seller in, sends `onboarding.create_account_link` with `type`
///   `account_update` and redirects to the link (account links are single-use and expire
///   within minutes, so none is put in an e-mail). Unset: the e-mail points to the seller's dashboard.
/// - `NOTIFICATIONS_TEMPLATES_DIR`: folder of the templates (default: the first of
///   `./Templates`, `./Services/Notifications/Templates`, the source tree's); a template
///   missing there is taken from the copy compiled into the binary.
/// Thread-safe value type.
public struct NotificationsSettings: Sendable {
    /// Webhook ingress settings.
    public var webhooks: WebhookSettings
    /// The webhooks' own listener, or `nil` to serve them on the operator listener.
    public var listener: WebhookListenerSettings?
    /// SMTP settings, or `nil` when e-mail is not configured.
    public var smtp: SMTPSettings?
    /// Folder holding `<template>.txt` files.
    public var templatesDirectory: String
    /// The backfill sweep's settings (`BACKFILL_*`, see ``BackfillSettings``).
    public var backfill: BackfillSettings
    /// How long `stripe_events` rows are kept after they were received
    /// (`STRIPE_EVENT_RETENTION`); `nil` keeps them for ever.
    public var stripeEventRetention: Duration? = NotificationsRetention.defaultRetention
    /// How long `emails` rows whose send ended are kept after their last update
    /// (`EMAIL_RETENTION`); `nil` keeps them for ever.
    public var emailRetention: Duration? = NotificationsRetention.defaultRetention

    /// The tables the outbox relay prunes for these settings (``ServiceConfig/retainedTables``).
    public var retainedTables: [TableRetention] {
        [
            stripeEventRetention.map { TableRetention(NotificationsRetention.stripeEvents, keep: $0) },
            emailRetention.map { TableRetention(NotificationsRetention.emails, keep: $0) },
        ].compactMap { $0 }
    }
    /// Where a seller updates the bank account after a failed payout (`SELLER_BANK_UPDATE_URL`,
    /// `{account}` replaced by the connected account), or nil.
    public var sellerBankUpdateURL: String?

    /// Creates settings in code (tests).
    public init(
        webhooks: WebhookSettings, smtp: SMTPSettings?, templatesDirectory: String = NotificationsSettings.defaultTemplatesDirectory(),
        backfill: BackfillSettings = BackfillSettings(), listener: WebhookListenerSettings? = nil, sellerBankUpdateURL: String? = nil
    ) {
        self.sellerBankUpdateURL = sellerBankUpdateURL
        self.webhooks = webhooks
        self.listener = listener
        self.backfill = backfill
        self.smtp = smtp
        self.templatesDirectory = templatesDirectory
    }

    /// Reads the settings from `env` alone (the service reads them with its ``ServiceConfig``,
    /// see ``init(reading:)``).
    /// - Throws: ``ConfigError`` listing every invalid variable.
    public static func fromEnvironment(_ env: [String: String]) throws(ConfigError) -> NotificationsSettings {
        var reader = EnvironmentReader(env)
        let settings = NotificationsSettings(reading: &reader)
        guard reader.problems.isEmpty else { throw ConfigError(problems: reader.problems) }
        return settings
    }

    /// Reads the settings from `reader` (the one ``ServiceConfig`` is read with, so every
    /// problem of both is reported at once; `_FILE` variants work alike). Each invalid
    /// variable is reported on `reader` and keeps its default.
    public init(reading reader: inout EnvironmentReader) {
        func list(_ name: String) -> [String]? {
            reader.string(name).map { $0.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty } }
        }
        let platform = list("STRIPE_WEBHOOK_SECRETS") ?? []
        let connect = list("STRIPE_CONNECT_WEBHOOK_SECRETS")
        let maxBody = reader.int("WEBHOOK_MAX_BODY_BYTES", default: 1 << 20, in: 1...(1 << 20))
        let writers = reader.int("WEBHOOK_WRITERS", default: 1, in: 1...16)
        let maxBatch = reader.int("WEBHOOK_MAX_BATCH", default: 64, in: 1...1000)
        let listener = WebhookListenerSettings.read(&reader)
        var smtp: SMTPSettings?
        if let url = reader.string("SMTP_URL") {
            do {
                smtp = try SMTPSettings(
                    url: url, from: reader.string("SMTP_FROM") ?? SMTPSettings.defaultFrom,
                    tls: reader.string("SMTP_TLS") ?? "none", username: reader.string("SMTP_USERNAME"),
                    password: reader.string("SMTP_PASSWORD"))
            } catch {
                for problem in error.problems { reader.report(problem.variable, problem.message) }
            }
        }
        var backfill = BackfillSettings()
        backfill.intervalSeconds = reader.int("BACKFILL_INTERVAL_SECONDS", default: 300, in: 0...86_400)
        backfill.safetyWindowSeconds = reader.int("BACKFILL_SAFETY_WINDOW_SECONDS", default: 600, in: 0...2_592_000)
        backfill.pageSize = reader.int("BACKFILL_PAGE_SIZE", default: 100, in: 1...100)
        backfill.unreachableRetrySeconds = reader.int(
            "BACKFILL_UNREACHABLE_RETRY_SECONDS", default: 86_400, in: 0...2_592_000)
        if let types = list("BACKFILL_TYPES") {
            if types == ["*"] {
                backfill.types = []
            } else if types.isEmpty || types.count > 20
                || types.contains(where: { StripeEventFacts.parse(Array("{\"id\":\"x\",\"type\":\"\($0)\"}".utf8)) == nil })
            {
                reader.report("BACKFILL_TYPES", "must be * or 1…20 comma-separated event types")
            } else {
                backfill.types = types
            }
        }
        switch reader.string("BACKFILL_ONLY_FAILED") {
        case nil, "true": backfill.onlyFailed = true
        case "false": backfill.onlyFailed = false
        default: reader.report("BACKFILL_ONLY_FAILED", "must be true or false")
        }
        let maxRetention: Duration = .seconds(3650 * 86_400)
        let eventRetention = reader.duration(
            "STRIPE_EVENT_RETENTION", default: NotificationsRetention.defaultRetention, max: maxRetention)
        let emailRetention = reader.duration("EMAIL_RETENTION", default: NotificationsRetention.defaultRetention, max: maxRetention)
        let explicitTemplates = reader.string("NOTIFICATIONS_TEMPLATES_DIR")
        let templates = explicitTemplates ?? NotificationsSettings.defaultTemplatesDirectory()
        if smtp != nil, explicitTemplates != nil, !FileManager.default.fileExists(atPath: templates) {
            reader.report("NOTIFICATIONS_TEMPLATES_DIR", "no such folder: \(templates)")
        }
        let bankUpdateURL = reader.string("SELLER_BANK_UPDATE_URL")
        if let url = bankUpdateURL, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
            reader.report("SELLER_BANK_UPDATE_URL", "must be an http:// or https:// URL")
        }
        self.init(
            webhooks: WebhookSettings(
                platformSecrets: platform, connectSecrets: connect, maxBodyBytes: maxBody,
                writers: writers, maxBatch: maxBatch),
            smtp: smtp, templatesDirectory: templates, backfill: backfill, listener: listener, sellerBankUpdateURL: bankUpdateURL)
        stripeEventRetention = eventRetention
        self.emailRetention = emailRetention
    }

    /// The first existing of `./Templates`, `./Services/Notifications/Templates` and the
    /// source tree's `Services/Notifications/Templates`.
    public static func defaultTemplatesDirectory() -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates").path
        let candidates = ["Templates", "Services/Notifications/Templates", source]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? source
    }
}
