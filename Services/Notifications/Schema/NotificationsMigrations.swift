public import Store

/// The numbered migrations of the notifications schema (applied by the runtime's `Migrator`
/// under its advisory lock, after the runtime's own inbox/outbox tables, with `search_path`
/// set to the service's schema).
///
/// Tables:
/// - `stripe_events`: every verified Stripe webhook event, keyed by Stripe's event id (so
///   a redelivered event is stored once), with the bytes Stripe sent less their
///   `client_secret` members;
/// - `emails` (version 2): one row per message to a person, keyed by the notification id
///   (`<source message_id>:<template>`, so one event never sends the same message twice),
///   with recipient, template, status, attempts and the last error;
/// - `recipients` (version 2): the e-mail address last seen for a connected account, from
///   events that carry one (`onboarding.account.created`, `…requirements_due`).
///
/// Version 4 adds the backfill sweep's progress (``BackfillStore``): `backfill_scopes`, one
/// row per scope (`platform` or a connected account's `acct_…`) with its high-water mark
/// (Unix seconds), the sweep in progress (its lower bound, its `starting_after` cursor, the
/// newest `created` seen) and the events it recovered; `backfill_requests`, sweeps asked
/// for by `notifications.backfill` not yet run.
///
/// Version 7 adds `backfill_scopes.unreachable_since`: when Stripe first refused to list a
/// connected account's events with `account_invalid` (the account deauthorized the
/// platform, or no longer exists); such a scope is left out of the scheduled sweeps for
/// `BackfillSettings.unreachableRetrySeconds` (expand-only: the previous release ignores it).
///
/// Version 6 stores new payloads compressed with LZ4 instead of pglz where the server has it
/// (`Migration.lz4CompressionSQL`): an event of about 2 KB is compressed on every insert.
///
/// Version 3 removes the `client_secret` members from the events stored before the ingress
/// did so itself (``EventBodyScrubber``): each payload holding one is rewritten through
/// `jsonb` (so its formatting becomes PostgreSQL's: keys reordered, `": "` spacing), the
/// others keep their bytes; a payload
/// PostgreSQL cannot read as JSON in UTF-8 is left as it is, and the migration still succeeds.
public enum NotificationsMigrations {
    /// The Postgres schema these migrations build, owned by the service's role (`notifications`).
    public static let schema = "notifications"
    /// The migrations, in order.
    public static let all: [Migration] = [
        Migration(
            version: 1, name: "stripe_events",
            sql: """
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
        Migration(
            version: 2, name: "emails_and_recipients",
            sql: """
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
        Migration(
            version: 3, name: "stripe_events_without_client_secrets",
            sql: """
                CREATE FUNCTION without_client_secret_v3(value jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $fn$
                BEGIN
                    IF jsonb_typeof(value) = 'object' THEN
                        RETURN COALESCE((SELECT jsonb_object_agg(key, without_client_secret_v3(member))
                                         FROM jsonb_each(value) AS m(key, member) WHERE key <> 'client_secret'), '{}'::jsonb);
                    ELSIF jsonb_typeof(value) = 'array' THEN
                        RETURN COALESCE((SELECT jsonb_agg(without_client_secret_v3(item) ORDER BY ordinal)
                                         FROM jsonb_array_elements(value) WITH ORDINALITY AS a(item, ordinal)), '[]'::jsonb);
                    END IF;
                    RETURN value;
                END
                $fn$;
                DO $do$
                DECLARE
                    stored record;
                    original jsonb;
                    cleaned jsonb;
                BEGIN
                    FOR stored IN SELECT event_id, payload FROM stripe_events
                                  WHERE position('client_secret'::bytea IN payload) > 0 LOOP
                        BEGIN
                            original := convert_from(stored.payload, 'UTF8')::jsonb;
                            cleaned := without_client_secret_v3(original);
                            IF cleaned <> original THEN
                                UPDATE stripe_events SET payload = convert_to(cleaned::text, 'UTF8')
                                 WHERE event_id = stored.event_id;
                            END IF;
                        EXCEPTION WHEN others THEN
                            RAISE WARNING 'stripe_events %: payload left as stored (%)', stored.event_id, SQLERRM;
                        END;
                    END LOOP;
                END
                $do$;
                DROP FUNCTION without_client_secret_v3(jsonb);
                """),
        Migration(
            version: 4, name: "backfill",
            sql: """
                CREATE TABLE backfill_scopes (
                    scope          text PRIMARY KEY,
                    high_water     bigint,
                    sweep_since    bigint,
                    sweep_cursor   text,
                    sweep_newest   bigint,
                    sweep_started  boolean NOT NULL DEFAULT false,
                    last_sweep_at  timestamptz,
                    recovered      bigint NOT NULL DEFAULT 0
                );
                CREATE TABLE backfill_requests (
                    id            bigserial PRIMARY KEY,
                    since         bigint,
                    requested_at  timestamptz NOT NULL DEFAULT now()
                );
                CREATE INDEX stripe_events_account_created_idx ON stripe_events (account, created);
                """),
        Migration(
            version: 5, name: "emails_retention_index",
            sql: """
                CREATE INDEX emails_ended_updated_at_idx ON emails (updated_at) WHERE status IN ('sent', 'parked');
                """),
        Migration(
            version: 6, name: "stripe_events_payload_lz4",
            sql: Migration.lz4CompressionSQL(table: "stripe_events", columns: ["payload"])),
        Migration(
            version: 7, name: "backfill_unreachable_scopes",
            sql: """
                ALTER TABLE backfill_scopes ADD COLUMN unreachable_since timestamptz;
                """),
    ]
}
