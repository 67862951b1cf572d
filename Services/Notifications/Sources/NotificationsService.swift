#if canImport(FoundationEssentials)
import NotificationsSchema
import FoundationEssentials
#else
import Foundation
#endif
import HTTPServer
import Messages
public import Runtime
import Store

/// The `notifications` service: Stripe webhook ingress and messages to people.
///
/// - HTTP: `POST /webhooks/stripe` and `POST /webhooks/stripe/connect` (``WebhookIngress``),
///   on their own listener with `WEBHOOK_PORT` (``WebhookListenerSettings``), else beside the
///   runtime's `/healthz`, `/readyz`, `/metrics` on the loopback operator listener. Verified events are stored
///   and re-published on `connectbus.events` as `stripe.<type>` by the outbox relay, woken after
///   each commit: the ingress never publishes itself, so its rows are written for the relay
///   and taken at once, while the rows this service's workers publish themselves (e-mail
///   events, backfill replies) stay theirs for the relay's grace period (docs/DESIGN.md §5).
/// - Queue `notifications.backfill`: the command ``BackfillStripeEvents`` asks the
///   ``BackfillSweeper`` (running when `STRIPE_API_KEY` is set: at start-up, every
///   `BACKFILL_INTERVAL_SECONDS`, and on that command) to recover missed events from
///   `GET /v1/events` through the ingress's store-and-publish path.
/// - Queue `notifications.events` (when SMTP is configured; see ``emailRoutes(schema:settings:)``):
///   `payments.order.paid`, `payments.order.payment_failed`, `payments.order.requires_action`,
///   `payments.order.awaiting_payment`, `onboarding.account.requirements_due`,
///   `payments.dispute.opened`, `payments.dispute.evidence_due_soon` (e-mails) and `onboarding.account.created` (remembers sellers' addresses).
/// See `Services/Notifications/README.md`.
public enum NotificationsService {
    /// Service name (`app_id`, connection names, logs).
    public static let name = "notifications"
    /// Postgres schema the service owns.
    public static let schema = NotificationsMigrations.schema
    /// The service's event queue (messages to people).
    public static let eventsQueue = "notifications.events"

    /// The service's complete host for `config` and `settings` on schema `notifications`: what
    /// the executable runs (``ServiceHost/run()``) and what the tests start.
    /// - Throws: `StoreError` only for an invalid schema name (never for the default).
    public static func make(config: ServiceConfig, settings: NotificationsSettings) throws -> ServiceHost {
        try make(config: config, settings: settings, schema: schema)
    }

    /// The service's complete host for `config` and `settings` on `schema` (tests use a schema
    /// of their own): every route, the webhook ingress (on its public listener with
    /// `WEBHOOK_PORT`, else on the host's HTTP server), and the service's own parts, built
    /// before the host from its ``HostResources``: the ingress's group commit (it needs no
    /// broker, so the host starts it once the schema is migrated, before the topology), then,
    /// after the runtime's parts, the backfill sweeper (with `STRIPE_API_KEY`) and the
    /// database gauges (``NotificationsGauges``).
    /// - Parameters:
    ///   - ingressDatabaseURL: database of the webhook ingress (default: `config.databaseURL`).
    ///   - log: the host's logger (default: JSON lines on standard error).
    /// - Throws: `StoreError` (`store.invalid_identifier`) when `schema` is not a valid identifier.
    public static func make(
        config: ServiceConfig, settings: NotificationsSettings, schema: String,
        ingressDatabaseURL: String? = nil, log: Logger? = nil
    ) throws -> ServiceHost {
        let identifier = try SQLIdentifier(schema)
        var config = config
        config.retainedTables += settings.retainedTables
        let resources = HostResources(name: name, config: config, log: log)
        let ingress = WebhookIngress(
            settings: settings.webhooks, store: StripeEventStore(schema: identifier, appId: name),
            databaseURL: ingressDatabaseURL ?? config.databaseURL,
            applicationName: "\(name).webhooks", metrics: resources.metrics.registry, log: resources.log,
            afterCommit: { resources.nudgeOutboxRelay() })
        let sweeper = config.stripeAPIKey == nil ? nil : backfillSweeper(settings: settings, schema: identifier, resources: resources)
        let webhooks: @Sendable (HTTPRequest) -> HTTPResponse? = { ingress.handle($0) }
        let listener = settings.listener.map { listener in
            PublicListener(
                name: "webhooks", port: listener.port, bind: listener.bind, allowedSources: listener.allowedSources,
                threading: config.httpThreading ?? ServiceHost.defaultHTTPThreading(serviceEndpoints: true),
                handler: webhooks)
        }
        let host = ServiceHost(
            resources: resources, schema: schema, migrations: NotificationsMigrations.all,
            routes: try routes(schema: schema, settings: settings, wakeSweeper: { sweeper?.wake() }),
            http: listener == nil ? webhooks : nil, publicListener: listener,
            parts: [ingress] + (sweeper.map { [$0] } ?? []))
        host.addReadinessChecks { ingress.readinessChecks() }
        host.sampleDatabaseGauges(NotificationsGauges.all(schema: identifier))
        if sweeper == nil {
            host.log.warning("STRIPE_API_KEY is not set: no backfill sweep of GET /v1/events")
        }
        if settings.smtp == nil {
            host.log.warning("SMTP_URL is not set: no e-mail is sent and \(eventsQueue) is not consumed")
        }
        return host
    }

    /// The backfill sweeper of `schema` (it calls Stripe with the configuration's key, through
    /// the host's rate limiter, and wakes the host's relay after each page it stored).
    private static func backfillSweeper(settings: NotificationsSettings, schema: SQLIdentifier, resources: HostResources) -> BackfillSweeper {
        let config = resources.config
        return BackfillSweeper(
            settings: settings.backfill, events: StripeEventStore(schema: schema, appId: name),
            progress: BackfillStore(schema: schema), databaseURL: config.sessionDatabaseURL,
            applicationName: "\(name).backfill",
            makeStripe: { try WorkerResources.defaultStripeClient(config) },
            rateLimiter: resources.stripeRateLimiter, metrics: resources.metrics.registry, log: resources.log,
            afterCommit: { resources.nudgeOutboxRelay() })
    }

    /// Every route of the service: `notifications.backfill` (batched; `wakeSweeper` starts a
    /// sweep at once) and the e-mail route when SMTP is configured.
    /// - Throws: `StoreError` (`store.invalid_identifier`) for a bad schema name.
    public static func routes(
        schema: String, settings: NotificationsSettings,
        wakeSweeper: @escaping @Sendable () -> Void
    ) throws -> [Route] {
        let backfillStore = BackfillStore(schema: try SQLIdentifier(schema))
        let backfillRoute = Route.command(BackfillStripeEvents.self, mode: .batched) { command, context in
            try BackfillStripeEventsHandler.handle(command, &context, backfillStore, wake: wakeSweeper)
        }
        return [backfillRoute] + (try emailRoutes(schema: schema, settings: settings))
    }

    /// The e-mail route (`notifications.events`), or none when SMTP is not configured.
    /// - Throws: `StoreError` (`store.invalid_identifier`) for a bad schema name.
    public static func emailRoutes(schema: String, settings: NotificationsSettings) throws -> [Route] {
        let identifier = try SQLIdentifier(schema)
        guard let smtp = settings.smtp else { return [] }
        let dispatcher = EmailDispatcher(schema: identifier, smtp: smtp, templatesDirectory: settings.templatesDirectory)
        let recipients = RecipientStore(schema: identifier)
        return [
            .events(
                queue: eventsQueue, mode: .oneAtATime(rateLimited: false),
                [
                    .on(OrderPaid.self) { try OrderPaidHandler.handle($0, &$1, dispatcher) },
                    .on(OrderPaymentFailed.self) { try OrderPaymentFailedHandler.handle($0, &$1, dispatcher) },
                    .on(OrderRequiresAction.self) { try OrderRequiresActionHandler.handle($0, &$1, dispatcher) },
                    .on(OrderAwaitingPayment.self) { try OrderAwaitingPaymentHandler.handle($0, &$1, dispatcher) },
                    .on(AccountRequirementsDue.self) { try AccountRequirementsDueHandler.handle($0, &$1, dispatcher) },
                    .on(AccountCreated.self) { try AccountCreatedHandler.handle($0, &$1, recipients) },
                    .on(DisputeOpened.self) { try DisputeOpenedHandler.handle($0, &$1, dispatcher) },
                    .on(DisputeEvidenceDueSoon.self) { try DisputeEvidenceDueSoonHandler.handle($0, &$1, dispatcher) },
                    .on(PayoutFailed.self) { try PayoutFailedHandler.handle($0, &$1, dispatcher, updateURL: settings.sellerBankUpdateURL) },
                ])
        ]
    }
}
