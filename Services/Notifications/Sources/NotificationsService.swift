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
import Synchronization

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
    /// of their own).
    /// - Parameters:
    ///   - ingressDatabaseURL: database of the webhook ingress (default: `config.databaseURL`).
    ///   - log: the host's logger (default: JSON lines on standard error).
    /// - Throws: `StoreError` (`store.invalid_identifier`) when `schema` is not a valid identifier.
    public static func make(
        config: ServiceConfig, settings: NotificationsSettings, schema: String,
        ingressDatabaseURL: String? = nil, log: Logger? = nil
    ) throws -> ServiceHost {
        try makeParts(
            config: config, settings: settings, schema: schema, ingressDatabaseURL: ingressDatabaseURL,
            log: log
        ).host
    }

    /// The complete host and its webhook ingress (served on the public listener, or on the
    /// host's HTTP server without one). The host's own parts, started after the runtime's in
    /// this order: the ingress's group commit, the backfill sweeper (with `STRIPE_API_KEY`),
    /// the database gauges (``NotificationsGauges``).
    /// - Throws: `StoreError` (`store.invalid_identifier`) when `schema` is not a valid identifier.
    public static func makeParts(
        config: ServiceConfig, settings: NotificationsSettings, schema: String = schema,
        ingressDatabaseURL: String? = nil,
        log: Logger? = nil
    ) throws -> (host: ServiceHost, ingress: WebhookIngress) {
        let identifier = try SQLIdentifier(schema)
        let slot = IngressSlot()
        let sweeperSlot = SweeperSlot()
        let backfillStore = BackfillStore(schema: identifier)
        let webhooks: @Sendable (HTTPRequest) -> HTTPResponse? = { slot.handle($0) }
        let listener = settings.listener.map { listener in
            PublicListener(
                name: "webhooks", port: listener.port, bind: listener.bind, allowedSources: listener.allowedSources,
                threading: config.httpThreading ?? ServiceHost.defaultHTTPThreading(serviceEndpoints: true),
                handler: webhooks)
        }
        var config = config
        config.retainedTables += settings.retainedTables
        let host = ServiceHost(
            name: name, config: config, schema: schema, migrations: NotificationsMigrations.all,
            routes: try routes(schema: schema, settings: settings, wakeSweeper: { sweeperSlot.wake() }),
            http: listener == nil ? webhooks : nil, publicListener: listener, log: log)
        let ingress = WebhookIngress(
            settings: settings.webhooks, store: StripeEventStore(schema: identifier, appId: name),
            databaseURL: ingressDatabaseURL ?? config.databaseURL,
            applicationName: "\(name).webhooks", metrics: host.metrics.registry, log: host.log,
            afterCommit: { [weak host] in host?.nudgeOutboxRelay() })
        slot.install(ingress)
        host.addReadinessChecks { ingress.readinessChecks() }
        host.add(ingress)
        if config.stripeAPIKey != nil {
            let stripeConfig = config
            let sweeper = BackfillSweeper(
                settings: settings.backfill, events: StripeEventStore(schema: identifier, appId: name),
                progress: backfillStore, databaseURL: config.sessionDatabaseURL,
                applicationName: "\(name).backfill",
                makeStripe: { try WorkerResources.defaultStripeClient(stripeConfig) },
                rateLimiter: host.stripeRateLimiter, metrics: host.metrics.registry, log: host.log,
                afterCommit: { [weak host] in host?.nudgeOutboxRelay() })
            sweeperSlot.install(sweeper)
            host.add(sweeper)
        } else {
            host.log.warning("STRIPE_API_KEY is not set: no backfill sweep of GET /v1/events")
        }
        host.sampleDatabaseGauges(NotificationsGauges.all(schema: identifier))
        if settings.smtp == nil {
            host.log.warning("SMTP_URL is not set: no e-mail is sent and \(eventsQueue) is not consumed")
        }
        return (host, ingress)
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

/// Holds the backfill sweeper built after the host (it needs the host's rate limiter).
/// Thread-safety: `Sendable`.
final class SweeperSlot: Sendable {
    private let sweeper = Mutex<BackfillSweeper?>(nil)

    func install(_ value: BackfillSweeper) { sweeper.withLock { $0 = value } }

    func wake() { sweeper.withLock { $0 }?.wake() }
}

/// Holds the ingress built after the host (it needs the host's metrics registry).
/// Thread-safety: `Sendable`; read on libmicrohttpd's threads.
final class IngressSlot: Sendable {
    private let ingress = Mutex<WebhookIngress?>(nil)

    func install(_ value: WebhookIngress) { ingress.withLock { $0 = value } }

    func handle(_ request: HTTPRequest) -> HTTPResponse? {
        ingress.withLock { $0 }?.handle(request)
    }
}
