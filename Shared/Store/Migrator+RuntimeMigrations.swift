extension Migrator {
    /// The runtime's own tables, applied before a service's migrations under reserved
    /// versions ≤ 0 in the same `schema_migrations` history:
    ///
    /// - `inbox(message_id text primary key, queue text, received_at timestamptz)` with an
    ///   index on `received_at` (for pruning);
    /// - `outbox(id bigserial primary key, exchange, routing_key, message_id, type,
    ///   correlation_id, reply_to, app_id, content_type, message_timestamp, headers jsonb,
    ///   body bytea, mandatory bool, created_at timestamptz)` with an index on
    ///   `(created_at, id)` for the relay and for lag. `headers` is the AMQP headers table as
    ///   a JSON object (`x-schema-version`, `x-causation-id`, `x-stripe-account`,
    ///   `traceparent`, `x-attempt`, …); the other columns are the AMQP properties, so a row
    ///   holds everything needed to rebuild the message. `for_relay` (-995, default `false`)
    ///   says who publishes the row: `false`, the worker that wrote it (the relay only after
    ///   its grace period, when that worker died); `true`, the relay at once (a writer that
    ///   never publishes, such as the webhook ingress), found through the partial index
    ///   `outbox_for_relay_idx` on `(created_at, id) WHERE for_relay` (docs/DESIGN.md §5
    ///   "One publisher per row").
    ///
    /// - `message_log(message_id text primary key, queue, type, outcome, reply jsonb,
    ///   stripe_calls jsonb, first_at, last_at)`: for messages of Stripe-bound routes that
    ///   called Stripe or replied, the reply as sent and every Stripe HTTP attempt (method,
    ///   path, status, request id, idempotency key, account, attempt, time) across
    ///   deliveries — what `connectbus trace` reads (written with the message's own
    ///   transaction, or after a failed one, by `MessageLog`).
    ///
    /// - `inbox` gains `body_sha256 bytea` (SHA-256 of the command's body), the `reply_to` it
    ///   carried and the reply as sent (`reply_message_id text`, `reply_type text`,
    ///   `reply_headers jsonb`, `reply_body bytea`), filled for
    ///   commands that carried a `reply_to`, so a command published again with the same
    ///   `message_id` gets its stored reply (or `conflict.message_id_reused` for another body)
    ///   for as long as the inbox keeps the id (DESIGN §4, §5). Nullable, added to the
    ///   existing table: a release that does not know them still inserts its rows.
    /// - `message_log` gains `outcomes jsonb` (`[{"at_ms": …, "outcome": …}]`, one element per
    ///   write: `done`, a failure's code, `parked <code>`), so `connectbus trace` shows a
    ///   message parked and later replayed as both.
    /// - `outbox.body` is compressed with LZ4 where the server has it (-994,
    ///   ``Migration/lz4CompressionSQL(table:columns:)``): a body above the TOAST threshold (a
    ///   Stripe event the webhook ingress re-publishes) costs Postgres less CPU to write and read.
    ///
    /// Reserved versions start at -1000; a later runtime change is appended with the next
    /// version up (-998, -997, …), never reusing one, so runtime tables always migrate
    /// before a service's own versions (≥ 1).
    public static let runtimeMigrations: [Migration] = [
        Migration(
            version: -1000, name: "runtime_inbox",
            sql: """
                CREATE TABLE inbox (
                    message_id text PRIMARY KEY,
                    queue text NOT NULL,
                    received_at timestamptz NOT NULL DEFAULT now()
                );
                CREATE INDEX inbox_received_at_idx ON inbox (received_at);
                """),
        Migration(
            version: -999, name: "runtime_outbox",
            sql: """
                CREATE TABLE outbox (
                    id bigserial PRIMARY KEY,
                    exchange text NOT NULL,
                    routing_key text NOT NULL,
                    message_id text NOT NULL,
                    type text NOT NULL,
                    correlation_id text,
                    reply_to text,
                    app_id text NOT NULL,
                    content_type text NOT NULL,
                    message_timestamp timestamptz NOT NULL,
                    headers jsonb NOT NULL DEFAULT '{}',
                    body bytea NOT NULL,
                    mandatory boolean NOT NULL,
                    created_at timestamptz NOT NULL DEFAULT now()
                );
                CREATE INDEX outbox_created_at_idx ON outbox (created_at, id);
                """),
        Migration(
            version: -998, name: "runtime_message_log",
            sql: """
                CREATE TABLE message_log (
                    message_id text PRIMARY KEY,
                    queue text NOT NULL,
                    type text NOT NULL,
                    outcome text NOT NULL,
                    reply jsonb,
                    stripe_calls jsonb NOT NULL DEFAULT '[]',
                    first_at timestamptz NOT NULL DEFAULT now(),
                    last_at timestamptz NOT NULL DEFAULT now()
                );
                CREATE INDEX message_log_last_at_idx ON message_log (last_at);
                """),
        Migration(
            version: -997, name: "runtime_inbox_replies",
            sql: """
                ALTER TABLE inbox
                    ADD COLUMN body_sha256 bytea,
                    ADD COLUMN reply_to text,
                    ADD COLUMN reply_message_id text,
                    ADD COLUMN reply_type text,
                    ADD COLUMN reply_headers jsonb,
                    ADD COLUMN reply_body bytea;
                """),
        Migration(
            version: -996, name: "runtime_message_log_outcomes",
            sql: """
                ALTER TABLE message_log ADD COLUMN outcomes jsonb NOT NULL DEFAULT '[]';
                """),
        Migration(
            version: -995, name: "runtime_outbox_for_relay",
            sql: """
                ALTER TABLE outbox ADD COLUMN for_relay boolean NOT NULL DEFAULT false;
                CREATE INDEX outbox_for_relay_idx ON outbox (created_at, id) WHERE for_relay;
                """),
        Migration(
            version: -994, name: "runtime_outbox_body_lz4",
            sql: Migration.lz4CompressionSQL(table: "outbox", columns: ["body"])),
    ]
}
