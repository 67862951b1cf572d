import Store

/// The numbered migrations of the notifications schema (applied by the runtime's `Migrator`
/// under its advisory lock, after the runtime's own inbox/outbox tables, with `search_path`
/// set to the service's schema).
///
/// Tables:
/// - `stripe_events`: every verified Stripe webhook event, keyed by Stripe's event id (so
///   a redelivered event is stored once), with the raw bytes exactly as Stripe sent them;
/// - `emails` (version 2): one row per message to a person, keyed by the notification id
///   (`<source message_id>:<template>`, so one event never sends the same message twice),
///   with recipient, template, status, attempts and the last error;
/// - `recipients` (version 2): the e-mail address last seen for a connected account, from
///   events that carry one (`onboarding.account.created`, `…requirements_due`).
public enum NotificationsMigrations {
    /// The migrations, in order.
    public static let all: [Migration] = [
        Migration(version: 1, name: "stripe_events", sql: """
            CREATE TABLE stripe_events (
                event_id     text PRIMARY KEY,
                endpoint     text NOT NULL CHECK (endpoint IN ('platform', 'connect')),
                type         text NOT NULL,
                account      text,
                api_version  text,
                livemode     boolean NOT NULL DEFAULT false,
                created      bigint,
                payload      bytea NOT NULL,
                received_at  timestamptz NOT NULL DEFAULT now()
            );
            CREATE INDEX stripe_events_received_at_idx ON stripe_events (received_at);
            """),
        Migration(version: 2, name: "emails_and_recipients", sql: """
            CREATE TABLE emails (
                notification       text PRIMARY KEY,
                source_message_id  text NOT NULL,
                source_event       text NOT NULL,
                template           text NOT NULL,
                recipient          text NOT NULL,
                account            text,
                order_reference    text,
                status             text NOT NULL CHECK (status IN ('sending', 'retrying', 'sent', 'parked')),
                attempts           integer NOT NULL DEFAULT 0,
                last_error_code    text,
                last_error         text,
                sent_at            timestamptz,
                created_at         timestamptz NOT NULL DEFAULT now(),
                updated_at         timestamptz NOT NULL DEFAULT now(),
                UNIQUE (source_message_id, template)
            );
            CREATE TABLE recipients (
                account     text PRIMARY KEY,
                email       text NOT NULL,
                updated_at  timestamptz NOT NULL DEFAULT now()
            );
            """),
    ]
}
