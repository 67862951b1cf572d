public import Store

/// The numbered migrations of the onboarding schema (applied by the runtime's `Migrator`
/// under its advisory lock, after the runtime's own inbox/outbox tables).
///
/// Tables:
/// - `accounts`: one row per connected account, keyed by the platform's seller reference
///   (primary key, so the same reference can never map to two Stripe accounts) with the
///   Stripe account id (unique) and the onboarding projection columns;
/// - `account_link_parameters`: the parameters of the last account link issued per account
///   (refresh/return URLs, type, collect), so `refresh_account_link` can issue the same link
///   again. Link URLs are single-use secrets and are never stored;
/// - version 3 adds `eventually_due` and `current_deadline` of the requirements;
/// - `seller_claims` (version 4): which `create_account` command is creating the Stripe
///   account of a seller reference not recorded yet (see ``SellerClaimStore``);
/// - `account_controls` (version 5): who collects each account's requirements, its
///   dashboard and when onboarding started (see ``AccountControlStore``);
/// - `account_status` (version 6): capability statuses, `pending_verification`,
///   `future_requirements` and the newest deadline announced (see ``AccountStatusStore``);
/// - `payouts` (version 7): the connected accounts' payouts as Stripe's `payout.*` events
///   report them, with the `onboarding.payout.*` events already published for each (see
///   `PayoutStore`).
public enum OnboardingMigrations {
    /// The Postgres schema these migrations build, owned by the service's role (`onboarding`).
    public static let schema = "onboarding"
    /// The migrations, in order. Names are unqualified: the `Migrator` runs each with
    /// `search_path` set to the service's schema.
    public static let all: [Migration] = [
        Migration(
            version: 1, name: "accounts",
            sql: """
                CREATE TABLE accounts (
                    seller_reference    text PRIMARY KEY,
                    stripe_account_id   text NOT NULL CONSTRAINT accounts_stripe_account_id_key UNIQUE,
                    account_type        text,
                    country             text,
                    email               text,
                    status              text NOT NULL CONSTRAINT accounts_status_check CHECK
                                        (status IN ('pending', 'details_submitted', 'restricted', 'enabled', 'deauthorized')),
                    details_submitted   boolean NOT NULL DEFAULT false,
                    charges_enabled     boolean NOT NULL DEFAULT false,
                    payouts_enabled     boolean NOT NULL DEFAULT false,
                    currently_due       jsonb NOT NULL DEFAULT '[]'::jsonb,
                    past_due            jsonb NOT NULL DEFAULT '[]'::jsonb,
                    disabled_reason     text,
                    onboarding_completed_at timestamptz,
                    deauthorized_at     timestamptz,
                    last_stripe_update  bigint NOT NULL DEFAULT 0,
                    created_message_id  text NOT NULL,
                    created_at          timestamptz NOT NULL DEFAULT now(),
                    updated_at          timestamptz NOT NULL DEFAULT now()
                );
                """),
        Migration(
            version: 2, name: "account_link_parameters",
            sql: """
                CREATE TABLE account_link_parameters (
                    stripe_account_id text PRIMARY KEY
                                      REFERENCES accounts (stripe_account_id) ON DELETE CASCADE,
                    link_type         text NOT NULL CONSTRAINT account_link_parameters_type_check CHECK
                                      (link_type IN ('account_onboarding', 'account_update')),
                    refresh_url       text NOT NULL,
                    return_url        text NOT NULL,
                    collect           text,
                    updated_at        timestamptz NOT NULL DEFAULT now()
                );
                """),
        Migration(
            version: 3, name: "accounts_eventually_due_and_deadline",
            sql: """
                ALTER TABLE accounts
                    ADD COLUMN eventually_due   jsonb NOT NULL DEFAULT '[]'::jsonb,
                    ADD COLUMN current_deadline bigint;
                """),
        Migration(
            version: 4, name: "seller_claims",
            sql: """
                CREATE TABLE seller_claims (
                    seller_reference text PRIMARY KEY,
                    message_id       text NOT NULL,
                    claimed_at       timestamptz NOT NULL DEFAULT now()
                );
                """),
        Migration(
            version: 5, name: "account_controls",
            sql: """
                CREATE TABLE account_controls (
                    stripe_account_id      text PRIMARY KEY
                                           REFERENCES accounts (stripe_account_id) ON DELETE CASCADE,
                    requirement_collection text,
                    dashboard_type         text,
                    onboarding_started_at  timestamptz
                );
                """),
        Migration(
            version: 6, name: "account_status",
            sql: """
                CREATE TABLE account_status (
                    stripe_account_id     text PRIMARY KEY
                                          REFERENCES accounts (stripe_account_id) ON DELETE CASCADE,
                    capabilities          jsonb NOT NULL DEFAULT '{}'::jsonb,
                    pending_verification  jsonb NOT NULL DEFAULT '[]'::jsonb,
                    future_currently_due  jsonb NOT NULL DEFAULT '[]'::jsonb,
                    future_eventually_due jsonb NOT NULL DEFAULT '[]'::jsonb,
                    future_deadline       bigint,
                    announced_deadline    bigint,
                    last_stripe_update    bigint NOT NULL DEFAULT 0
                );
                """),
        Migration(
            version: 7, name: "payouts",
            sql: """
                CREATE TABLE payouts (
                    payout_id          text PRIMARY KEY,
                    stripe_account_id  text NOT NULL REFERENCES accounts (stripe_account_id) ON DELETE CASCADE,
                    amount             bigint NOT NULL,
                    currency           text NOT NULL,
                    status             text NOT NULL,
                    automatic          boolean NOT NULL,
                    arrival_date       bigint NOT NULL,
                    destination        text,
                    failure_code       text,
                    failure_message    text,
                    announced          text[] NOT NULL DEFAULT '{}',
                    last_stripe_update bigint NOT NULL,
                    updated_at         timestamptz NOT NULL DEFAULT now()
                );
                CREATE INDEX payouts_account ON payouts (stripe_account_id, arrival_date DESC);
                """),
        Migration(
            version: 8, name: "oauth_states",
            sql: """
                CREATE TABLE oauth_states (
                    state            text PRIMARY KEY,
                    seller_reference text NOT NULL,
                    scope            text NOT NULL,
                    redirect_uri     text,
                    created_at       timestamptz NOT NULL DEFAULT now(),
                    expires_at       bigint NOT NULL,
                    used_at          timestamptz,
                    used_by          text
                );
                CREATE INDEX oauth_states_expires_at ON oauth_states (expires_at);
                """),
    ]
}
