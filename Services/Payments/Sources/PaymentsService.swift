import PaymentsSchema
import Messages
public import Runtime
import Store
public import StripeAPI

/// The `payments` service: its name, schema, routes and how to build its host.
///
/// Command routes (Stripe-bound: one message per transaction, Stripe called before it
/// opens): `payments.create_checkout_session`, `payments.create_product`,
/// `payments.create_price`, `payments.create_payment_sheet`, `payments.create_payment_intent`,
/// `payments.create_ephemeral_key`, `payments.confirm_payment`, `payments.refund`,
/// `payments.get_checkout_session`, `payments.get_payment_intent`,
/// `payments.create_setup_sheet`, `payments.list_payment_methods`,
/// `payments.detach_payment_method`, `payments.set_default_payment_method`,
/// `payments.register_buyer`, `payments.charge_saved_payment_method`,
/// `payments.register_payment_method_domain`, `payments.list_payment_method_domains`,
/// `payments.submit_dispute_evidence`, `payments.accept_dispute`, `payments.get_balance`,
/// `payments.get_statement`. Event
/// queue `payments.events` (batched) bound to the Stripe payment events in ``stripeEvents``
/// and `onboarding.account.#`; the dispute reminder thread (``DisputeReminderScheduler``) and
/// the daily statements' (``StatementScheduler``).
/// See `Services/Payments/README.md`.
public enum PaymentsService {
    /// Service name (`app_id`, connection names, logs).
    public static let name = "payments"
    /// Postgres schema the service owns.
    public static let schema = PaymentsMigrations.schema
    /// The service's event queue.
    public static let eventsQueue = "payments.events"
    /// The Stripe events (as re-published by notifications) the event queue is bound to.
    public static let stripeEvents = PaymentEventType.allCases.map(\.routingKey)
    /// The onboarding events feeding the account projection.
    public static let onboardingEvents = "onboarding.account.#"

    /// The service's complete host for `config` on schema `payments`: what the executable
    /// runs (``ServiceHost/run()``) and what the tests start.
    public static func make(config: ServiceConfig, settings: PaymentsSettings = PaymentsSettings()) -> ServiceHost {
        // `schema` is a constant valid identifier, so this cannot fail.
        (try? make(config: config, settings: settings, schema: schema))
            ?? ServiceHost(name: name, config: config, schema: schema, routes: [])
    }

    /// The service's complete host for `config` on `schema` (tests use a schema of their own):
    /// every route, and its own parts, started after the runtime's in this order: the dispute
    /// reminders (``DisputeReminderScheduler``), the daily statements (``StatementScheduler``).
    /// - Parameters:
    ///   - makeStripe: each worker's Stripe client factory (default: from `config`).
    ///   - log: the host's logger (default: JSON lines on standard error).
    /// - Throws: `StoreError` (`store.invalid_identifier`) when `schema` is not a valid identifier.
    public static func make(
        config: ServiceConfig, settings: PaymentsSettings, schema: String,
        makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient = WorkerResources.defaultStripeClient,
        log: Logger? = nil
    ) throws -> ServiceHost {
        let host = ServiceHost(
            name: name, config: config, schema: schema, migrations: PaymentsMigrations.all,
            routes: try routes(schema: schema, settings: settings), makeStripe: makeStripe, log: log)
        host.add(
            DisputeReminderScheduler(
                databaseURL: config.databaseURL, schema: schema, appId: name,
                reminderSeconds: settings.disputeEvidenceReminderSeconds, log: host.log))
        host.add(
            StatementScheduler(
                databaseURL: config.databaseURL, schema: schema, appId: name, time: settings.statementLocalTime,
                timeZone: settings.statementTimeZone, log: host.log))
        return host
    }

    /// Every route of the service, with its SQL bound to `schema`.
    /// - Throws: `StoreError` (`store.invalid_identifier`) for a bad schema name.
    public static func routes(schema: String, settings: PaymentsSettings) throws -> [Route] {
        let identifier = try SQLIdentifier(schema)
        let orders = OrderStore(schema: identifier)
        let gate = AccountGate(accounts: AccountChargesStore(schema: identifier))
        let intents = OpenPaymentIntent(orders: orders)
        let customerStore = CustomerStore(schema: identifier)
        let customers = CustomerResolver(customers: customerStore)
        let saved = SavedPaymentMethodStore(schema: identifier)
        let recorder = SavedMethodRecorder(saved: saved, customers: customerStore)
        let checkout = CreateCheckoutSessionHandler(orders: orders, gate: gate, customers: customers)
        let product = CreateProductHandler()
        let price = CreatePriceHandler()
        let sheet = CreatePaymentSheetHandler(
            customers: customers, intents: intents, gate: gate,
            publishableKey: settings.publishableKey)
        let setupSheet = CreateSetupSheetHandler(customers: customers, gate: gate, publishableKey: settings.publishableKey)
        let listMethods = ListPaymentMethodsHandler(customers: customerStore)
        let detachMethod = DetachPaymentMethodHandler(customers: customerStore, saved: saved)
        let setDefault = SetDefaultPaymentMethodHandler(customers: customerStore, saved: saved, recorder: recorder)
        let registerBuyer = RegisterBuyerHandler(orders: orders, customers: customers, saved: saved)
        let confirmation = ServerConfirmation(orders: orders, intents: intents)
        let chargeSaved = ChargeSavedPaymentMethodHandler(
            confirmation: confirmation, customers: customerStore, saved: saved, recorder: recorder, gate: gate)
        let intent = CreatePaymentIntentHandler(intents: intents, gate: gate)
        let ephemeralKey = CreateEphemeralKeyHandler()
        let confirm = ConfirmPaymentHandler(confirmation: confirmation, gate: gate, shippingRules: settings.shippingRules)
        let quoteShipping = QuoteShippingHandler(rules: settings.shippingRules)
        let fees = ApplicationFeeStore(schema: identifier)
        let refund = RefundPaymentHandler(orders: orders, refunds: RefundStore(schema: identifier), fees: fees)
        let disputes = DisputeStore(schema: identifier)
        let accountCharges = AccountChargesStore(schema: identifier)
        let disputeRecorder = DisputeEventRecorder(orders: orders, disputes: disputes, accounts: accountCharges)
        let payments = PaymentEventHandler(
            orders: orders, savedMethods: recorder, disputes: disputeRecorder, fees: fees,
            balances: BalanceEventRecorder(balances: AccountBalanceStore(schema: identifier), accounts: accountCharges))
        let submitEvidence = SubmitDisputeEvidenceHandler(disputes: disputes, recorder: disputeRecorder)
        let acceptDispute = AcceptDisputeHandler(disputes: disputes, recorder: disputeRecorder)
        let balance = GetBalanceHandler()
        let statement = GetStatementHandler(records: StatementStore(schema: identifier))
        let getSession = GetCheckoutSessionHandler(orders: orders)
        let getIntent = GetPaymentIntentHandler(orders: orders)
        let registerDomain = RegisterPaymentMethodDomainHandler()
        let listDomains = ListPaymentMethodDomainsHandler()
        let accounts = AccountEventHandler(accounts: AccountChargesStore(schema: identifier))
        return [
            .command(CreateCheckoutSession.self, mode: .oneAtATime(rateLimited: true)) { try checkout.handle($0, &$1) },
            .command(CreateProduct.self, mode: .oneAtATime(rateLimited: true)) { try product.handle($0, &$1) },
            .command(CreatePrice.self, mode: .oneAtATime(rateLimited: true)) { try price.handle($0, &$1) },
            .command(CreatePaymentSheet.self, mode: .oneAtATime(rateLimited: true)) { try sheet.handle($0, &$1) },
            .command(CreatePaymentIntent.self, mode: .oneAtATime(rateLimited: true)) { try intent.handle($0, &$1) },
            .command(CreateEphemeralKey.self, mode: .oneAtATime(rateLimited: true)) { try ephemeralKey.handle($0, &$1) },
            .command(ConfirmPayment.self, mode: .oneAtATime(rateLimited: true)) { try confirm.handle($0, &$1) },
            .command(RefundPayment.self, mode: .oneAtATime(rateLimited: true)) { try refund.handle($0, &$1) },
            .command(GetCheckoutSession.self, mode: .oneAtATime(rateLimited: true)) { try getSession.handle($0, &$1) },
            .command(GetPaymentIntent.self, mode: .oneAtATime(rateLimited: true)) { try getIntent.handle($0, &$1) },
            .command(CreateSetupSheet.self, mode: .oneAtATime(rateLimited: true)) { try setupSheet.handle($0, &$1) },
            .command(ListPaymentMethods.self, mode: .oneAtATime(rateLimited: true)) { try listMethods.handle($0, &$1) },
            .command(DetachPaymentMethod.self, mode: .oneAtATime(rateLimited: true)) { try detachMethod.handle($0, &$1) },
            .command(SetDefaultPaymentMethod.self, mode: .oneAtATime(rateLimited: true)) { try setDefault.handle($0, &$1) },
            .command(RegisterBuyer.self, mode: .oneAtATime(rateLimited: true)) { try registerBuyer.handle($0, &$1) },
            .command(ChargeSavedPaymentMethod.self, mode: .oneAtATime(rateLimited: true)) { try chargeSaved.handle($0, &$1) },
            .command(RegisterPaymentMethodDomain.self, mode: .oneAtATime(rateLimited: true)) { try registerDomain.handle($0, &$1) },
            .command(ListPaymentMethodDomains.self, mode: .oneAtATime(rateLimited: true)) { try listDomains.handle($0, &$1) },
            .command(SubmitDisputeEvidence.self, mode: .oneAtATime(rateLimited: true)) { try submitEvidence.handle($0, &$1) },
            .command(AcceptDispute.self, mode: .oneAtATime(rateLimited: true)) { try acceptDispute.handle($0, &$1) },
            .command(GetBalance.self, mode: .oneAtATime(rateLimited: true)) { try balance.handle($0, &$1) },
            .command(GetStatement.self, mode: .oneAtATime(rateLimited: true)) { try statement.handle($0, &$1) },
            .command(QuoteShipping.self, mode: .batched) { command, _ in quoteShipping.handle(command) },
            .events(
                queue: eventsQueue, mode: .batched,
                stripeEvents.map { pattern in EventHandler.raw(pattern) { try payments.handle($0, &$1) } }
                    + [EventHandler.raw(onboardingEvents) { try accounts.handle($0, &$1) }]),
        ]
    }
}
