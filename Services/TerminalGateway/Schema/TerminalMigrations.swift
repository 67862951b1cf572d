public import Store

/// The numbered migrations of the `terminal` schema (applied by the runtime's `Migrator`
/// under its advisory lock, after the runtime's own inbox/outbox tables).
///
/// Tables:
/// - `payments`: one row per point-of-sale order reference (primary key, so an order can
///   never get a second PaymentIntent), its PaymentIntent (unique; `NULL` only while the
///   creating command is calling Stripe — `creating_message_id` then owns the row), the
///   state machine's columns and a reconciliation lease (`reconcile_claimed_by/_until`);
/// - `orders`: what the point-of-sale app said (completed, paid otherwise);
/// - `payments.origin` (migration 4): `gateway` (created by `terminal.create_payment_intent`)
///   or `app` (created by the point-of-sale app and adopted when a command or event named it);
/// - `accounts` (migration 5): each connected account's country, learnt from onboarding's
///   `onboarding.account.created`/`…updated` events (or fetched from Stripe once), for the
///   regional rules (`manual_preferred` in Australia, `interac_present` in Canada);
/// - `locations`, `readers` (migration 6): each location's IANA time zone (from
///   `terminal.create_location`) and each reader's location (from `terminal.register_reader`),
///   so a payment's reconciliation follows its reader's local day; `orders.abandoned`;
///   `reconcile_runs`: per time zone, the last local date its daily run was published for
///   (advanced in the publishing transaction, so with many replicas each day runs once);
/// - `reconcile_schedule`: one row with the next scheduled reconciliation time, so that
///   with many replicas only one publishes each scheduled `terminal.reconcile`.
public enum TerminalMigrations {
    /// The Postgres schema these migrations build, owned by the service's role (`terminal`).
    public static let schema = "terminal"
    /// The migrations, in order. Names are unqualified: the `Migrator` runs each with
    /// `search_path` set to the service's schema.
    public static let all: [Migration] = [
        Migration(
            version: 1, name: "payments",
            sql: """
                CREATE TABLE payments (
                    order_reference         text PRIMARY KEY,
                    payment_intent_id       text CONSTRAINT payments_payment_intent_id_key UNIQUE,
                    creating_message_id     text NOT NULL,
                    account                 text,
                    amount                  bigint NOT NULL CHECK (amount > 0),
                    currency                text NOT NULL,
                    capture_method          text NOT NULL CHECK (capture_method IN ('manual', 'automatic')),
                    application_fee_amount  bigint,
                    state                   text NOT NULL CONSTRAINT payments_state_check CHECK (state IN
                                            ('requires_payment_method', 'processing', 'requires_capture', 'captured', 'canceled')),
                    reader                  text,
                    amount_authorized       bigint,
                    amount_captured         bigint,
                    overcapture_supported   boolean NOT NULL DEFAULT false,
                    authorized_at           bigint,
                    expires_at              bigint,
                    last_charge_id          text,
                    decline_code            text,
                    failure_code            text,
                    failure_message         text,
                    cancellation_reason     text,
                    capture_key             text,
                    process_key             text,
                    reconcile_claimed_by    text,
                    reconcile_claimed_until timestamptz,
                    created_at              timestamptz NOT NULL DEFAULT now(),
                    updated_at              timestamptz NOT NULL DEFAULT now()
                );
                CREATE INDEX payments_requires_capture ON payments (authorized_at) WHERE state = 'requires_capture';
                CREATE INDEX payments_reader ON payments (reader) WHERE state = 'processing';
                """),
        Migration(
            version: 2, name: "orders",
            sql: """
                CREATE TABLE orders (
                    order_reference       text PRIMARY KEY,
                    completed             boolean NOT NULL DEFAULT false,
                    paid_otherwise        boolean NOT NULL DEFAULT false,
                    paid_otherwise_method text,
                    updated_at            timestamptz NOT NULL DEFAULT now()
                );
                """),
        Migration(
            version: 3, name: "reconcile_schedule",
            sql: """
                CREATE TABLE reconcile_schedule (
                    id          integer PRIMARY KEY CHECK (id = 1),
                    next_run_at timestamptz NOT NULL
                );
                INSERT INTO reconcile_schedule (id, next_run_at) VALUES (1, now());
                """),
        Migration(
            version: 4, name: "app_created_payments",
            sql: """
                ALTER TABLE payments DROP CONSTRAINT payments_capture_method_check;
                ALTER TABLE payments ADD CONSTRAINT payments_capture_method_check
                    CHECK (capture_method IN ('manual', 'automatic', 'automatic_async', 'manual_preferred'));
                ALTER TABLE payments ADD COLUMN origin text NOT NULL DEFAULT 'gateway'
                    CONSTRAINT payments_origin_check CHECK (origin IN ('gateway', 'app'));
                """),
        Migration(
            version: 5, name: "accounts",
            sql: """
                CREATE TABLE accounts (
                    account    text PRIMARY KEY,
                    country    text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
                    source     text NOT NULL CHECK (source IN ('onboarding', 'stripe')),
                    updated_at timestamptz NOT NULL DEFAULT now()
                );
                """),
        Migration(
            version: 6, name: "daily_reconciliation",
            sql: """
                CREATE TABLE locations (
                    location   text PRIMARY KEY,
                    account    text,
                    time_zone  text,
                    created_at timestamptz NOT NULL DEFAULT now()
                );
                CREATE TABLE readers (
                    reader     text PRIMARY KEY,
                    location   text NOT NULL,
                    account    text,
                    created_at timestamptz NOT NULL DEFAULT now()
                );
                CREATE TABLE reconcile_runs (
                    time_zone       text PRIMARY KEY,
                    last_local_date text NOT NULL CHECK (last_local_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
                    published_at    timestamptz NOT NULL DEFAULT now()
                );
                ALTER TABLE orders ADD COLUMN abandoned boolean NOT NULL DEFAULT false;
                """),
    ]
}
