public import Store

/// The numbered migrations of the payments schema (applied by the runtime's `Migrator`
/// under its advisory lock, after the runtime's own inbox/outbox tables; names are
/// unqualified, the migrator sets `search_path`).
///
/// Tables:
/// - `orders`: one row per (account, order reference): channel, Checkout Session and
///   PaymentIntent ids (each unique when set), amount, currency, application fee, refunded
///   total, state and the newest event time, when it was paid;
/// - `refunds`: each Refund made by the service, keyed by its id;
/// - `customers`: the Customer created per (account, platform customer reference);
/// - `account_charges`: the projection of which connected accounts can take charges;
/// - `saved_payment_methods` (2): each PaymentMethod saved for a Customer on an account
///   (from a PaymentIntent with `setup_future_usage`, a SetupIntent, or a check against
///   Stripe), with the platform's customer reference when known; `orders.state` may be
///   `requires_action` (an off-session charge waits for the buyer's authentication).
///
/// Version 3 adds `orders.shipping` (the order's Stripe `shipping` hash as given with the
/// payment, JSON in the `Shipping` message shape; null when none was given).
///
/// Version 4 adds `disputes` (each dispute on an order's payment, keyed by `dp_…`: reason,
/// amount, status, evidence deadline and submissions, whether the platform is liable, the
/// funds withdrawn and reinstated, the newest event applied, and whether `.closed` and
/// `.evidence_due_soon` were published) and `account_charges.losses_payments` (the
/// account's `controller.losses.payments` from `onboarding.account.created`).
///
/// Version 5 adds `refunds.application_fee_refunded` (the part of the application fee each
/// refund returned) and `order_application_fees` (the order's ApplicationFee, `fee_…`, and how
/// much of it is refunded, from the refund's charge and `application_fee.refunded`).
///
/// Version 7 adds `statement_runs` (per time zone, the last local date whose daily
/// statements the scheduler published: one claim per zone and day across replicas).
public enum PaymentsMigrations {
    /// The Postgres schema these migrations build, owned by the service's role (`payments`).
    public static let schema = "payments"
    /// The migrations, in order.
    public static let all: [Migration] = [
        Migration(
            version: 1, name: "orders",
            sql: """
                CREATE TABLE orders (
                    account                text NOT NULL,
                    order_reference        text NOT NULL,
                    channel                text NOT NULL CONSTRAINT orders_channel_check CHECK
                                           (channel IN ('checkout', 'payment_intent', 'payment_sheet', 'server_confirm')),
                    state                  text NOT NULL CONSTRAINT orders_state_check CHECK
                                           (state IN ('open', 'awaiting_payment', 'paid', 'payment_failed',
                                                      'partially_refunded', 'refunded')),
                    checkout_session       text CONSTRAINT orders_checkout_session_key UNIQUE,
                    ui_mode                text,
                    payment_intent         text CONSTRAINT orders_payment_intent_key UNIQUE,
                    customer               text,
                    customer_email         text,
                    amount                 bigint,
                    currency               text,
                    application_fee_amount bigint,
                    amount_refunded        bigint NOT NULL DEFAULT 0,
                    last_event_at          bigint NOT NULL DEFAULT 0,
                    paid_at                timestamptz,
                    created_message_id     text NOT NULL,
                    created_at             timestamptz NOT NULL DEFAULT now(),
                    updated_at             timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (account, order_reference)
                );
                CREATE TABLE refunds (
                    refund          text PRIMARY KEY,
                    account         text NOT NULL,
                    order_reference text NOT NULL,
                    amount          bigint NOT NULL,
                    status          text NOT NULL,
                    created_at      timestamptz NOT NULL DEFAULT now(),
                    FOREIGN KEY (account, order_reference) REFERENCES orders (account, order_reference)
                );
                CREATE TABLE customers (
                    account            text NOT NULL,
                    customer_reference text NOT NULL,
                    customer           text NOT NULL,
                    created_at         timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (account, customer_reference)
                );
                CREATE TABLE account_charges (
                    account         text PRIMARY KEY,
                    charges_enabled boolean NOT NULL DEFAULT false,
                    deauthorized    boolean NOT NULL DEFAULT false,
                    last_event_at   bigint NOT NULL DEFAULT 0,
                    updated_at      timestamptz NOT NULL DEFAULT now()
                );
                """),
        Migration(
            version: 2, name: "saved_payment_methods",
            sql: """
                ALTER TABLE orders DROP CONSTRAINT orders_channel_check;
                ALTER TABLE orders ADD CONSTRAINT orders_channel_check CHECK
                    (channel IN ('checkout', 'payment_intent', 'payment_sheet', 'server_confirm', 'off_session'));
                ALTER TABLE orders DROP CONSTRAINT orders_state_check;
                ALTER TABLE orders ADD CONSTRAINT orders_state_check CHECK
                    (state IN ('open', 'awaiting_payment', 'requires_action', 'paid', 'payment_failed',
                               'partially_refunded', 'refunded'));
                CREATE TABLE saved_payment_methods (
                    account            text NOT NULL,
                    payment_method     text NOT NULL,
                    customer           text NOT NULL,
                    customer_reference text,
                    type               text NOT NULL,
                    usage              text,
                    saved_at           bigint NOT NULL,
                    detached           boolean NOT NULL DEFAULT false,
                    updated_at         timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (account, payment_method)
                );
                CREATE INDEX saved_payment_methods_customer ON saved_payment_methods (account, customer, saved_at DESC);
                """),
        Migration(
            version: 3, name: "orders_shipping",
            sql: """
                ALTER TABLE orders ADD COLUMN shipping jsonb;
                """),
        Migration(
            version: 4, name: "disputes",
            sql: """
                ALTER TABLE account_charges ADD COLUMN losses_payments text;
                CREATE TABLE disputes (
                    dispute                text PRIMARY KEY,
                    account                text NOT NULL,
                    order_reference        text NOT NULL,
                    charge                 text,
                    payment_intent         text,
                    amount                 bigint NOT NULL,
                    currency               text NOT NULL,
                    reason                 text NOT NULL,
                    status                 text NOT NULL,
                    evidence_due_by        bigint,
                    has_evidence           boolean NOT NULL DEFAULT false,
                    submission_count       integer NOT NULL DEFAULT 0,
                    platform_liable        boolean,
                    funds_withdrawn        bigint NOT NULL DEFAULT 0,
                    funds_reinstated       bigint NOT NULL DEFAULT 0,
                    last_event_at          bigint NOT NULL DEFAULT 0,
                    closed_published       boolean NOT NULL DEFAULT false,
                    due_soon_published_at  timestamptz,
                    created_at             timestamptz NOT NULL DEFAULT now(),
                    updated_at             timestamptz NOT NULL DEFAULT now(),
                    FOREIGN KEY (account, order_reference) REFERENCES orders (account, order_reference)
                );
                CREATE INDEX disputes_order ON disputes (account, order_reference);
                CREATE INDEX disputes_reminder_due ON disputes (evidence_due_by)
                    WHERE due_soon_published_at IS NULL AND status IN ('needs_response', 'warning_needs_response');
                """),
        Migration(
            version: 5, name: "application_fee_refunds",
            sql: """
                ALTER TABLE refunds ADD COLUMN application_fee_refunded bigint;
                CREATE TABLE order_application_fees (
                    account          text NOT NULL,
                    order_reference  text NOT NULL,
                    application_fee  text NOT NULL CONSTRAINT order_application_fees_fee_key UNIQUE,
                    amount_refunded  bigint NOT NULL DEFAULT 0,
                    updated_at       timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (account, order_reference),
                    FOREIGN KEY (account, order_reference) REFERENCES orders (account, order_reference)
                );
                """),
        Migration(
            version: 6, name: "account_balances",
            sql: """
                CREATE TABLE account_balances (
                    account        text PRIMARY KEY,
                    available      jsonb NOT NULL,
                    pending        jsonb NOT NULL,
                    last_event_at  bigint NOT NULL,
                    updated_at     timestamptz NOT NULL DEFAULT now()
                );
                """),
        Migration(
            version: 7, name: "statement_runs",
            sql: """
                CREATE TABLE statement_runs (
                    time_zone        text PRIMARY KEY,
                    last_local_date  text NOT NULL,
                    published_at     timestamptz NOT NULL DEFAULT now()
                );
                """),
    ]
}
