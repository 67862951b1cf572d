#if canImport(FoundationEssentials)
import TerminalGatewaySchema
import FoundationEssentials
#else
import Foundation
#endif
import Messages
public import Runtime
import Store
public import StripeAPI

/// The `terminal-gateway` service: its name, schema, routes and how to build and run its host.
///
/// Routes: one Stripe-bound command queue per `terminal.*` command that calls Stripe
/// (connection tokens, locations, readers, PaymentIntents, process, capture, cancel,
/// reconcile), batched queues for `terminal.complete_order` and `terminal.mark_paid_otherwise`
/// (database only), and the event queue `terminal.events` bound to the Stripe events in
/// ``stripeEvents`` and to onboarding's `onboarding.account.created`/`…updated` (the
/// accounts' countries). See `Services/TerminalGateway/README.md`.
public enum TerminalGatewayService {
    /// Service name (`app_id`, connection names, logs).
    public static let name = "terminal-gateway"
    /// Postgres schema the service owns.
    public static let schema = TerminalMigrations.schema
    /// The service's event queue.
    public static let eventsQueue = "terminal.events"
    /// The Stripe events (as re-published by notifications) the event queue is bound to.
    public static let stripeEvents = TerminalEventType.allCases.map(\.routingKey)

    /// The service's complete host for `config` on schema `terminal`: what the executable
    /// runs (``ServiceHost/run()``) and what the tests start.
    public static func make(config: ServiceConfig, settings: TerminalGatewaySettings = TerminalGatewaySettings()) -> ServiceHost {
        // `schema` is a constant valid identifier, so this cannot fail.
        (try? make(config: config, schema: schema, settings: settings)) ?? ServiceHost(name: name, config: config, schema: schema, routes: [])
    }

    /// The service's complete host for `config` on `schema` (tests use a schema of their own):
    /// every route, and its own parts, started after the runtime's (so after the migrations)
    /// in this order: the reconciliation scheduler (``ReconcileScheduler``), the database
    /// gauges (``TerminalGauges``).
    /// - Parameters:
    ///   - makeStripe: each worker's Stripe client factory (default: from `config`).
    ///   - log: the host's logger (default: JSON lines on standard error).
    ///   - settings: the gateway's own settings (the capture fee policy).
    /// - Throws: `StoreError` (`store.invalid_identifier`) when `schema` is not a valid identifier.
    public static func make(
        config: ServiceConfig, schema: String, settings: TerminalGatewaySettings = TerminalGatewaySettings(),
        makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient = WorkerResources.defaultStripeClient,
        log: Logger? = nil
    ) throws -> ServiceHost {
        let identifier = try SQLIdentifier(schema)
        let host = ServiceHost(
            name: name, config: config, schema: schema, migrations: TerminalMigrations.all,
            routes: try routes(schema: schema, settings: settings), makeStripe: makeStripe, log: log)
        host.add(ReconcileScheduler(databaseURL: config.databaseURL, schema: schema, appId: name, settings: settings, log: host.log))
        host.sampleDatabaseGauges(TerminalGauges.all(schema: identifier))
        return host
    }

    /// Every route of the service, with its SQL bound to `schema`.
    /// - Throws: `StoreError` (`store.invalid_identifier`) for a bad schema name.
    public static func routes(schema: String, settings: TerminalGatewaySettings = TerminalGatewaySettings()) throws -> [Route] {
        let identifier = try SQLIdentifier(schema)
        let payments = PaymentStore(schema: identifier)
        let orders = OrderStore(schema: identifier)
        let token = CreateConnectionTokenHandler()
        let locations = LocationStore(schema: identifier)
        let location = CreateLocationHandler(locations: locations)
        let register = RegisterReaderHandler(locations: locations)
        let list = ListReadersHandler()
        let accounts = AccountStore(schema: identifier)
        let create = CreatePaymentIntentHandler(payments: payments, accounts: accounts)
        let countries = AccountCountryHandler(accounts: accounts)
        let process = ProcessPaymentHandler(payments: payments)
        let capture = CapturePaymentHandler(payments: payments, feePolicy: settings.captureFeePolicy)
        let cancel = CancelPaymentHandler(payments: payments)
        let increment = IncrementAuthorizationHandler(payments: payments)
        let collect = CollectPaymentMethodHandler(payments: payments)
        let confirm = ConfirmPaymentHandler(payments: payments)
        let refund = RefundPaymentHandler(payments: payments)
        let cancelAction = CancelReaderActionHandler(payments: payments)
        let display = SetReaderDisplayHandler()
        let reconcile = ReconcileHandler(payments: payments, orders: orders, locations: locations, settings: settings)
        let abandon = AbandonOrderHandler(orders: orders, payments: payments)
        let complete = CompleteOrderHandler(orders: orders, payments: payments)
        let paidOtherwise = MarkPaidOtherwiseHandler(orders: orders, payments: payments)
        let events = TerminalEventHandler(payments: payments)
        return [
            .command(CreateConnectionToken.self, mode: .oneAtATime(rateLimited: true)) { try token.handle($0, &$1) },
            .command(CreateLocation.self, mode: .oneAtATime(rateLimited: true)) { try location.handle($0, &$1) },
            .command(RegisterReader.self, mode: .oneAtATime(rateLimited: true)) { try register.handle($0, &$1) },
            .command(ListReaders.self, mode: .oneAtATime(rateLimited: true)) { try list.handle($0, &$1) },
            .command(CreateTerminalPaymentIntent.self, mode: .oneAtATime(rateLimited: true)) { try create.handle($0, &$1) },
            .command(ProcessPayment.self, mode: .oneAtATime(rateLimited: true)) { try process.handle($0, &$1) },
            .command(CapturePayment.self, mode: .oneAtATime(rateLimited: true)) { try capture.handle($0, &$1) },
            .command(IncrementAuthorization.self, mode: .oneAtATime(rateLimited: true)) { try increment.handle($0, &$1) },
            .command(CollectPaymentMethod.self, mode: .oneAtATime(rateLimited: true)) { try collect.handle($0, &$1) },
            .command(TerminalConfirmPayment.self, mode: .oneAtATime(rateLimited: true)) { try confirm.handle($0, &$1) },
            .command(TerminalRefundPayment.self, mode: .oneAtATime(rateLimited: true)) { try refund.handle($0, &$1) },
            .command(CancelPayment.self, mode: .oneAtATime(rateLimited: true)) { try cancel.handle($0, &$1) },
            .command(CancelReaderAction.self, mode: .oneAtATime(rateLimited: true)) { try cancelAction.handle($0, &$1) },
            .command(SetReaderDisplay.self, mode: .oneAtATime(rateLimited: true)) { try display.handle($0, &$1) },
            .command(Reconcile.self, mode: .oneAtATime(rateLimited: true)) { try reconcile.handle($0, &$1) }.stripePriority(.background),
            .command(CompleteOrder.self, mode: .batched) { try complete.handle($0, &$1) },
            .command(MarkPaidOtherwise.self, mode: .batched) { try paidOtherwise.handle($0, &$1) },
            .command(AbandonOrder.self, mode: .batched) { try abandon.handle($0, &$1) },
            .events(
                queue: eventsQueue, mode: .oneAtATime(rateLimited: true),
                stripeEvents.map { pattern in
                    EventHandler.raw(pattern) { try events.handle($0, &$1) }
                }
                    + AccountCountryHandler.events.map { pattern in
                        EventHandler.raw(pattern) { try countries.handle($0, &$1) }
                    }),
        ]
    }
}
