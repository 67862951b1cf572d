import OnboardingSchema
import Messages
public import Runtime
import Store
public import StripeAPI

/// The `onboarding` service: its name, schema, routes and how to build its host.
///
/// Routes (all Stripe-bound: one message per transaction, Stripe called before it opens):
/// `onboarding.create_account`, `onboarding.create_account_link`,
/// `onboarding.refresh_account_link`, `onboarding.sync_account`, `onboarding.update_account`,
/// `onboarding.add_person`, `onboarding.update_person`, `onboarding.create_login_link`,
/// `onboarding.create_account_session`, `onboarding.complete_oauth`,
/// `onboarding.disconnect_account`; `onboarding.create_oauth_link` is batched (database only);
/// and the event queue
/// `onboarding.events` bound to `stripe.account.updated` and
/// `stripe.account.application.deauthorized`. See `Services/Onboarding/README.md`.
public enum OnboardingService {
    /// Service name (`app_id`, connection names, logs).
    public static let name = "onboarding"
    /// Postgres schema the service owns.
    public static let schema = OnboardingMigrations.schema
    /// The service's event queue.
    public static let eventsQueue = "onboarding.events"
    /// The Stripe events (as re-published by notifications) the event queue is bound to.
    public static let stripeEvents = AccountEventType.allCases.map(\.routingKey)

    /// The host for `config` and `settings` with every route of the service, on schema `onboarding`.
    public static func make(config: ServiceConfig, settings: OnboardingSettings = OnboardingSettings()) -> ServiceHost {
        // `schema` is a constant valid identifier, so this cannot fail.
        (try? make(config: config, schema: schema, settings: settings))
            ?? ServiceHost(name: name, config: config, schema: schema, routes: [])
    }

    /// The host for `config` on `schema` (tests use a schema of their own).
    /// - Parameters:
    ///   - settings: the service's own settings (the Connect client id).
    ///   - makeStripe: each worker's Stripe client factory (default: from `config`).
    ///   - log: the host's logger (default: JSON lines on standard error).
    /// - Throws: `StoreError` (`store.invalid_identifier`) when `schema` is not a valid identifier.
    public static func make(
        config: ServiceConfig, schema: String, settings: OnboardingSettings = OnboardingSettings(),
        makeStripe: @escaping @Sendable (ServiceConfig) throws -> StripeClient = WorkerResources.defaultStripeClient,
        log: Logger? = nil
    ) throws -> ServiceHost {
        ServiceHost(
            name: name, config: config, schema: schema, migrations: OnboardingMigrations.all,
            routes: try routes(schema: schema, settings: settings), makeStripe: makeStripe, log: log)
    }

    /// Every route of the service, with its SQL bound to `schema` and the OAuth commands
    /// using `settings`' Connect client id.
    /// - Throws: `StoreError` (`store.invalid_identifier`) for a bad schema name.
    public static func routes(schema: String, settings: OnboardingSettings = OnboardingSettings()) throws -> [Route] {
        let identifier = try SQLIdentifier(schema)
        let accounts = AccountStore(schema: identifier)
        let links = AccountLinkParametersStore(schema: identifier)
        let controls = AccountControlStore(schema: identifier)
        let createAccount = CreateAccountHandler(
            accounts: accounts, claims: SellerClaimStore(schema: identifier),
            controls: controls)
        let updateAccount = UpdateAccountHandler(accounts: accounts, controls: controls)
        let persons = PersonHandlers(accounts: accounts)
        let dashboards = DashboardHandlers(accounts: accounts, controls: controls)
        let createLink = CreateAccountLinkHandler(accounts: accounts, links: links)
        let refreshLink = RefreshAccountLinkHandler(accounts: accounts, links: links)
        let sync = SyncAccountHandler(accounts: accounts)
        let oauthStates = OAuthStateStore(schema: identifier)
        let oauthLink = CreateOAuthLinkHandler(accounts: accounts, states: oauthStates, clientId: settings.connectClientId)
        let completeOAuth = CompleteOAuthHandler(accounts: accounts, states: oauthStates, controls: controls)
        let disconnect = DisconnectAccountHandler(accounts: accounts, clientId: settings.connectClientId)
        let events = AccountEventHandler(
            accounts: accounts, statuses: AccountStatusStore(schema: identifier),
            payouts: PayoutEventHandler(accounts: accounts, payouts: PayoutStore(schema: identifier)))
        return [
            .command(CreateAccount.self, mode: .oneAtATime(rateLimited: true)) { try createAccount.handle($0, &$1) },
            .command(CreateAccountLink.self, mode: .oneAtATime(rateLimited: true)) { try createLink.handle($0, &$1) },
            .command(RefreshAccountLink.self, mode: .oneAtATime(rateLimited: true)) { try refreshLink.handle($0, &$1) },
            .command(SyncAccount.self, mode: .oneAtATime(rateLimited: true)) { try sync.handle($0, &$1) },
            .command(UpdateAccount.self, mode: .oneAtATime(rateLimited: true)) { try updateAccount.handle($0, &$1) },
            .command(AddPerson.self, mode: .oneAtATime(rateLimited: true)) { try persons.add($0, &$1) },
            .command(UpdatePerson.self, mode: .oneAtATime(rateLimited: true)) { try persons.update($0, &$1) },
            .command(CreateLoginLink.self, mode: .oneAtATime(rateLimited: true)) { try dashboards.loginLink($0, &$1) },
            .command(CreateAccountSession.self, mode: .oneAtATime(rateLimited: true)) { try dashboards.accountSession($0, &$1) },
            .command(CreateOAuthLink.self, mode: .batched) { try oauthLink.handle($0, &$1) },
            .command(CompleteOAuth.self, mode: .oneAtATime(rateLimited: true)) { try completeOAuth.handle($0, &$1) },
            .command(DisconnectAccount.self, mode: .oneAtATime(rateLimited: true)) { try disconnect.handle($0, &$1) },
            .events(
                queue: eventsQueue, mode: .oneAtATime(rateLimited: true),
                stripeEvents.map { pattern in
                    EventHandler.raw(pattern) { try events.handle($0, &$1) }
                }),
        ]
    }
}
