public import HTTPServer
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A service's configuration, read from the environment in exactly one place
/// (12-factor; DESIGN §9) and validated all at once.
///
/// Variables (each may instead be given as `<NAME>_FILE`, the path of a file holding the
/// value, which is how secrets are mounted):
/// - `AMQP_URL` (required): `amqp://` or `amqps://` URL of the broker.
/// - `DATABASE_URL` (required): `postgres://` or `postgresql://` URL (libpq). Behind a pooler
///   in transaction mode (PgBouncer `pool_mode = transaction`) add `prepared_statements=off`
///   to its query (``Store/DatabaseURL/preparedStatementsOption``): statements then run
///   unnamed, and no session state is relied on across transactions.
/// - `DATABASE_DIRECT_URL` (default `DATABASE_URL`): a direct Postgres URL for the work that
///   needs a session of its own: migrations at start-up and the backfill sweeper's lock.
///   Required when `DATABASE_URL` says `prepared_statements=off`.
/// - `STRIPE_API_KEY`: secret or restricted key (`sk_…`/`rk_…`); required when the caller
///   says so. `STRIPE_API_BASE` (default `https://api.stripe.com`), `STRIPE_API_VERSION`.
/// - `STRIPE_CONNECT_BASE` (default `https://connect.stripe.com`): where Connect's OAuth
///   endpoints are (`/oauth/authorize`, `/oauth/token`, `/oauth/deauthorize`); stripe-sim's URL
///   in tests and the demo (it serves them beside the API).
/// - `STRIPE_WEBHOOK_SECRETS`: comma-separated `whsec_…` secrets (several during rotation).
/// - `STRIPE_RATE_LIMIT`: Stripe requests per second shared by a process's workers (default 20);
///   with `STRIPE_RATE_LIMITS`, the process's own limit in degraded mode only.
/// - `STRIPE_RATE_LIMITS`: the budget every process using the same key shares, through
///   Postgres (``StripeRateBudget/parse(_:)``: `global=100,endpoint=25[,burst=0.1]`); unset:
///   per-process limits only. `STRIPE_RATE_LIMIT_TIMEOUT_MS` (default 100, 1…5000): longest
///   wait for the database's decision before the process decides alone.
/// - `WORKERS` (default 2, 1…256): worker threads per consumed queue; `--workers` overrides.
/// - `PREFETCH` (default 50, 1…1000): deliveries per batch for batched queues.
/// - `HTTP_PORT` (default given by the service, 0 = any free port), `HTTP_BIND`
///   (`loopback`, the default, or `all`), `HTTP_THREADS` (`1`…`64` threads in a pool, or
///   `per-connection`; default ``ServiceHost/defaultHTTPThreading(serviceEndpoints:)``).
/// - `RETRY_DELAYS_MS` (default `1000,10000,60000`): delay queues' TTLs in milliseconds.
/// - `REDELIVERY_LIMIT` (default 15, 1…1000): a delivery whose broker redelivery count
///   (`x-delivery-count`, set by quorum queues) reached it is parked in `<queue>.dlq` without
///   running its handler (``RedeliveryPolicy/redeliveryLimit``).
/// - `OUTBOX_RELAY_GRACE_MS` (default 2000, 100…3600000): age after which the relay publishes
///   a row a worker wrote (the worker's own until then: it publishes the row after its
///   commit and deletes it with its next statement; rows written for the relay do not wait);
///   `OUTBOX_RELAY_BATCH` (default 500, 1…10000): most rows per relay transaction and
///   confirm wait (smaller batches spread the broker's work more evenly);
///   `OUTBOX_RELAY_LINGER_MS` (default 5, 0…1000): after a short batch of rows written for
///   the relay (webhook events), how long it lets more gather before the next batch
///   (``OutboxRelay/linger``; 0 takes them as each commit nudges it).
/// - `MESSAGE_LOG_RETENTION` (default `7d`; a whole number of `s`, `m`, `h` or `d` up to
///   `3650d`, or `0`/`off` to keep every row): how long `message_log` rows are kept after
///   their last write (``RowRetention``).
/// - `INBOX_RETENTION` (default `7d`, same forms; `0` or `off` keeps them): `inbox` rows
///   (handled message ids) are deleted that long after they were received (``RowRetention``).
/// - `AMQP_HEARTBEAT` (seconds, default 30), `LOG_LEVEL` (`debug`, `info`, `warning`, `error`).
///
/// Thread-safety: an immutable value.
public struct ServiceConfig: Sendable {
    /// The service's name, used as AMQP `app_id`, connection name and log field.
    public var service: String
    /// Broker URL (contains a password: never log it unredacted).
    public var amqpURL: String
    /// Database URL (contains a password: never log it unredacted).
    public var databaseURL: String
    /// `DATABASE_DIRECT_URL`: a direct (unpooled) database URL for work that needs a
    /// session of its own, or `nil` to use ``databaseURL`` (contains a password).
    public var directDatabaseURL: String?
    /// The URL for migrations and session locks: ``directDatabaseURL``, else ``databaseURL``.
    public var sessionDatabaseURL: String { directDatabaseURL ?? databaseURL }
    /// Stripe secret key, if configured.
    public var stripeAPIKey: String?
    /// Stripe API base URL, e.g. `https://api.stripe.com` or a stripe-sim URL.
    public var stripeAPIBase: String
    /// Pinned `Stripe-Version`, or `nil` for the client's default.
    public var stripeAPIVersion: String?
    /// Base URL of Connect's OAuth endpoints (`STRIPE_CONNECT_BASE`), e.g.
    /// `https://connect.stripe.com` (the default) or a stripe-sim URL.
    public var stripeConnectBase: String = ServiceConfig.defaultStripeConnectBase
    /// `STRIPE_CONNECT_BASE`'s default: Stripe's host for Connect OAuth.
    public static let defaultStripeConnectBase = "https://connect.stripe.com"
    /// Webhook signing secrets, newest first.
    public var webhookSecrets: [String]
    /// Stripe requests per second allowed for the whole process.
    public var stripeRequestsPerSecond: Double
    /// The fleet's shared Stripe budget (`STRIPE_RATE_LIMITS`), or nil for per-process limits.
    public var stripeRateBudget: StripeRateBudget? = nil
    /// Longest wait for the fleet limiter's database (`STRIPE_RATE_LIMIT_TIMEOUT_MS`).
    public var stripeRateLimitTimeout: Duration = .milliseconds(100)
    /// Worker threads per consumed queue.
    public var workers: Int
    /// Prefetch (and, unless ``batchSize`` is set, batch size) of batched queues.
    public var prefetch: Int
    /// Deliveries per transaction on batched queues (`BATCH_SIZE`); `nil` = ``prefetch``.
    /// Values above the prefetch are capped at it.
    public var batchSize: Int? = nil
    /// Prefetch of Stripe-bound queues (`STRIPE_BOUND_PREFETCH`, default 1): they still run
    /// one message per transaction, in delivery order per worker; a prefetch above 1 saves
    /// the broker round trip between two messages, at the cost of holding that many
    /// messages per worker while it waits on Stripe.
    public var stripeBoundPrefetch: Int = 1
    /// HTTP port for health, metrics and webhooks (0 = any free port).
    public var httpPort: UInt16
    /// Whether the HTTP server binds 127.0.0.1 only.
    public var httpLoopbackOnly: Bool
    /// libmicrohttpd threads of the HTTP server (`HTTP_THREADS`: 1…64 or `per-connection`);
    /// `nil` = the runtime's default, ``ServiceHost/defaultHTTPThreading(serviceEndpoints:)``.
    public var httpThreading: HTTPThreading?
    /// Queues this process consumes (from `--queues`); `nil` = all of the service's.
    public var queues: [String]?
    /// TTLs of the retry delay queues, in attempt order.
    public var retryDelays: [Duration]
    /// Failed deliveries (the broker's `x-delivery-count`) after which a delivery is parked
    /// without running its handler (`REDELIVERY_LIMIT`; ``RedeliveryPolicy/redeliveryLimit``).
    public var redeliveryLimit: Int = RedeliveryPolicy.defaultRedeliveryLimit
    /// Age after which the outbox relay publishes a row a worker left behind (never zero in a
    /// service: the worker owns its rows until it deleted them, docs/DESIGN.md §5).
    public var relayGrace: Duration
    /// Most rows the relay publishes per transaction and confirm wait.
    public var relayBatchSize: Int
    /// After a short batch of rows written for the relay, how long the relay lets more
    /// gather before it takes the next (``OutboxRelay/linger``).
    public var relayLinger: Duration = ServiceConfig.defaultRelayLinger
    /// `OUTBOX_RELAY_LINGER_MS`'s default.
    public static let defaultRelayLinger: Duration = .milliseconds(5)
    /// How long `message_log` rows are kept after their last write (`MESSAGE_LOG_RETENTION`);
    /// `nil` keeps them for ever. The outbox relay deletes older ones (``RowRetention``).
    public var messageLogRetention: Duration? = ServiceConfig.defaultMessageLogRetention
    /// Time between two retention passes of the relay (one minute; tests shorten it).
    public var messageLogPruneInterval: Duration = .seconds(60)
    /// AMQP heartbeat interval in seconds.
    public var heartbeatSeconds: Int
    /// Least severe level that is logged.
    public var logLevel: LogLevel

    /// `MESSAGE_LOG_RETENTION`'s default: seven days.
    public static let defaultMessageLogRetention: Duration = .seconds(7 * 86_400)
    /// How long `inbox` rows (the message ids already handled) are kept after they were
    /// received (`INBOX_RETENTION`); `nil` keeps them for ever. A redelivery of a handled
    /// message older than this would be handled again, so keep it above the longest
    /// redelivery a deployment expects (the retry delays add up to seconds; a platform
    /// resending a command with its old message id; Stripe keeps idempotency keys 24 hours).
    /// The outbox relay deletes older ones (``RowRetention``).
    public var inboxRetention: Duration? = ServiceConfig.defaultInboxRetention
    /// `INBOX_RETENTION`'s default: seven days.
    public static let defaultInboxRetention: Duration = .seconds(7 * 86_400)
    /// The service's own tables with a retention, pruned by the outbox relay with the
    /// runtime's (``RowRetention``, same interval and bounds); a service adds them from its
    /// settings before it builds its host (notifications: stored Stripe events, e-mails).
    public var retainedTables: [TableRetention] = []

    /// Builds a configuration in code (tests, tools) with the documented defaults.
    public init(
        service: String, amqpURL: String, databaseURL: String, stripeAPIKey: String? = nil,
        stripeAPIBase: String = "https://api.stripe.com", stripeAPIVersion: String? = nil,
        webhookSecrets: [String] = [], stripeRequestsPerSecond: Double = 20, workers: Int = 2,
        prefetch: Int = 50, httpPort: UInt16 = 0, httpLoopbackOnly: Bool = true,
        httpThreading: HTTPThreading? = nil, queues: [String]? = nil,
        retryDelays: [Duration] = [.seconds(1), .seconds(10), .seconds(60)],
        relayGrace: Duration = .seconds(2), relayBatchSize: Int = 500, heartbeatSeconds: Int = 30, logLevel: LogLevel = .info
    ) {
        self.service = service
        self.amqpURL = amqpURL
        self.databaseURL = databaseURL
        self.stripeAPIKey = stripeAPIKey
        self.stripeAPIBase = stripeAPIBase
        self.stripeAPIVersion = stripeAPIVersion
        self.webhookSecrets = webhookSecrets
        self.stripeRequestsPerSecond = stripeRequestsPerSecond
        self.workers = workers
        self.prefetch = prefetch
        self.httpPort = httpPort
        self.httpLoopbackOnly = httpLoopbackOnly
        self.httpThreading = httpThreading
        self.queues = queues
        self.retryDelays = retryDelays
        self.relayGrace = relayGrace
        self.relayBatchSize = relayBatchSize
        self.heartbeatSeconds = heartbeatSeconds
        self.logLevel = logLevel
    }
}
