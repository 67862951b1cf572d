#if canImport(FoundationEssentials)
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
/// ``stripeEvents``. See `Services/TerminalGateway/README.md`.
public enum TerminalGatewayService {
    /// Service name (`app_id`, connection names, logs).
    public static let name = "terminal-gateway"
    /// Postgres schema the service owns.
    public static let schema = "terminal"
    /// The service's event queue.
    public static let eventsQueue = "terminal.events"
    /// The Stripe events (as re-published by notifications) the event queue is bound to.
    public static let stripeEvents = [
        "stripe.terminal.reader.action_succeeded", "stripe.terminal.reader.action_failed",
        "stripe.payment_intent.amount_capturable_updated", "stripe.payment_intent.succeeded",
        "stripe.payment_intent.canceled", "stripe.payment_intent.payment_failed",
    ]

    /// The host for `config` with every route of the service, on schema `terminal`.
    public static func make(config: ServiceConfig, settings: TerminalGatewaySettings = TerminalGatewaySettings()) -> ServiceHost {
        // `schema` is a constant valid identifier, so this cannot fail.
        (try? make(config: config, schema: schema, settings: settings)) ?? ServiceHost(name: name, config: config, schema: schema, routes: [])
    }

    /// The host for `config` on `schema` (tests use a schema of their own).
    /// - Parameters:
    ///   - makeStripe: each worker's Stripe client factory (default: from `config`).
    ///   - log: the host's logger (default: JSON lines on standard error).
    ///   - settings: the gateway's own settings (the capture fee policy).
    /// - Throws: `StoreError` (`store.invalid_identifier`) when `schema` is not a valid identifier.
    public static func make(config: ServiceConfig, schema: String, settings: TerminalGatewaySettings = TerminalGatewaySettings(),
                            makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient = WorkerResources.defaultStripeClient,
                            log: Logger? = nil) throws -> ServiceHost {
        ServiceHost(name: name, config: config, schema: schema, migrations: TerminalMigrations.all,
                    routes: try routes(schema: schema, settings: settings), makeStripe: makeStripe, log: log)
    }

    /// Runs the service with its reconciliation scheduler and its database gauges
    /// (``TerminalGauges``) until SIGTERM/SIGINT; returns the exit code (see ``ServiceHost/run()``).
    public static func run(config: ServiceConfig, settings: TerminalGatewaySettings) -> Int32 {
        let host = make(config: config, settings: settings)
        if let identifier = try? SQLIdentifier(schema) { host.sampleDatabaseGauges(TerminalGauges.all(schema: identifier)) }
        let scheduler = ReconcileScheduler(databaseURL: config.databaseURL, schema: schema, appId: name,
                                           settings: settings, log: host.log)
        scheduler.start()
        let code = host.run()
        scheduler.stop()
        return code
    }

    /// Every route of the service, with its SQL bound to `schema`.
    /// - Throws: `StoreError` (`store.invalid_identifier`) for a bad schema name.
    public static func routes(schema: String, settings: TerminalGatewaySettings = TerminalGatewaySettings()) throws -> [Route] {
        let identifier = try SQLIdentifier(schema)
        let payments = PaymentStore(schema: identifier)
        let orders = OrderStore(schema: identifier)
        let token = CreateConnectionTokenHandler()
        let location = CreateLocationHandler()
        let register = RegisterReaderHandler()
        let list = ListReadersHandler()
        let create = CreatePaymentIntentHandler(payments: payments)
        let process = ProcessPaymentHandler(payments: payments)
        let capture = CapturePaymentHandler(payments: payments, feePolicy: settings.captureFeePolicy)
        let cancel = CancelPaymentHandler(payments: payments)
        let increment = IncrementAuthorizationHandler(payments: payments)
        let collect = CollectPaymentMethodHandler(payments: payments)
        let confirm = ConfirmPaymentHandler(payments: payments)
        let refund = RefundPaymentHandler(payments: payments)
        let cancelAction = CancelReaderActionHandler(payments: payments)
        let reconcile = ReconcileHandler(payments: payments, orders: orders)
        let complete = CompleteOrderHandler(orders: orders, payments: payments)
        let paidOtherwise = MarkPaidOtherwiseHandler(orders: orders, payments: payments)
        let events = TerminalEventHandler(payments: payments)
        return [
            .command(CreateConnectionToken.self, mode: .stripeBound) { try token.handle($0, &$1) },
            .command(CreateLocation.self, mode: .stripeBound) { try location.handle($0, &$1) },
            .command(RegisterReader.self, mode: .stripeBound) { try register.handle($0, &$1) },
            .command(ListReaders.self, mode: .stripeBound) { try list.handle($0, &$1) },
            .command(CreateTerminalPaymentIntent.self, mode: .stripeBound) { try create.handle($0, &$1) },
            .command(ProcessPayment.self, mode: .stripeBound) { try process.handle($0, &$1) },
            .command(CapturePayment.self, mode: .stripeBound) { try capture.handle($0, &$1) },
            .command(IncrementAuthorization.self, mode: .stripeBound) { try increment.handle($0, &$1) },
            .command(CollectPaymentMethod.self, mode: .stripeBound) { try collect.handle($0, &$1) },
            .command(TerminalConfirmPayment.self, mode: .stripeBound) { try confirm.handle($0, &$1) },
            .command(TerminalRefundPayment.self, mode: .stripeBound) { try refund.handle($0, &$1) },
            .command(CancelPayment.self, mode: .stripeBound) { try cancel.handle($0, &$1) },
            .command(CancelReaderAction.self, mode: .stripeBound) { try cancelAction.handle($0, &$1) },
            .command(Reconcile.self, mode: .stripeBound) { try reconcile.handle($0, &$1) },
            .command(CompleteOrder.self, mode: .batched) { try complete.handle($0, &$1) },
            .command(MarkPaidOtherwise.self, mode: .batched) { try paidOtherwise.handle($0, &$1) },
            .events(queue: eventsQueue, mode: .stripeBound, stripeEvents.map { pattern in
                EventHandler.raw(pattern) { try events.handle($0, &$1) }
            }),
        ]
    }
}
