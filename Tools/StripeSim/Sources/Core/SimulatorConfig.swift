/// Everything a ``StripeSimulator`` can be configured with. Build it in code (tests) or
/// from the `stripe-sim` command line.
public struct SimulatorConfig: Sendable {
    /// API version reported when a request sends no `Stripe-Version` header.
    public var apiVersion: String = SimAPIVersion.current
    /// Faults applied to `/v1` requests (changeable at run time through ``StripeSimulator/faults``).
    public var faults: FaultSettings = FaultSettings()
    /// Stripe's rate limits, enforced per key (`--rate-limits`, `/sim/rate_limits`; default off).
    public var rateLimits: SimRateLimits = SimRateLimits()
    /// Webhook endpoints configured at start (more can be created with `POST /v1/webhook_endpoints`).
    public var webhookEndpoints: [WebhookEndpointConfig] = []
    /// Lifetime of an account link in seconds (Stripe: a few minutes; default 300).
    public var accountLinkLifetimeSeconds: Int = 300
    /// Seconds a reader's `process_payment_intent` action waits for a card (simulated
    /// time) before it fails with `terminal_reader_timeout` (default 30; 0: never).
    public var readerConfirmWindowSeconds: Int = 30
    /// Delay in seconds before a delayed payment method (SEPA) succeeds or fails.
    public var asyncPaymentDelaySeconds: Double = 1.0
    /// Waits between webhook delivery attempts, in simulated seconds; attempts = count + 1
    /// (``WebhookRetrySchedule/fast`` by default, ``WebhookRetrySchedule/stripe`` for Stripe's).
    public var webhookRetryDelaysSeconds: [Double] = WebhookRetrySchedule.fast
    /// Seed of object ids and fault draws: the same seed and the same requests give the
    /// same ids (nil: random).
    public var seed: UInt64?
    /// Start with the clock frozen at this Unix time (seconds), if set.
    public var frozenClockAt: Double?
    /// The clock to use (shared with the caller, e.g. one clock for several simulators or
    /// a test's own wall source); nil: a new ``SimClock`` on the system time.
    public var clock: SimClock?
    /// Timeout of one webhook delivery attempt, in seconds.
    public var webhookTimeoutSeconds: Int = 10
    /// When set, every request is also appended as one JSON line to this file.
    public var logFile: String?
    /// When set, every JSON answer of the API is appended as one JSON line to this file
    /// (``ResponseRecorder``; `--record-responses`).
    public var responseRecordFile: String?
    /// Size of the HTTP server's thread pool (blocking fault latency occupies a thread).
    public var threads: Int = 16
    /// Bind every interface instead of 127.0.0.1 only.
    public var listenOnAllInterfaces: Bool = false
    /// Base URL used in hosted-page links; default `http://127.0.0.1:<port>`.
    public var publicBaseURL: String?
    /// The platform's Connect client id (`ca_…`, Dashboard → Connect → Onboarding options →
    /// OAuth): the only `client_id` `/oauth/authorize` and `/oauth/deauthorize` accept, and the
    /// application id of `account.application.deauthorized` events (`--client-id`).
    public var connectClientId: String = SimulatorConfig.defaultConnectClientId

    /// The default ``connectClientId``, `ca_connectbus_sim_platform` (the platform's
    /// `STRIPE_CONNECT_CLIENT_ID` in the demo and the tests).
    public static let defaultConnectClientId = "ca_connectbus_sim_platform"

    /// Defaults: no faults, no endpoints, API version `2026-11-18.endive`.
    public init() {}
}

/// Fault injection settings. All rates are probabilities in 0...1.
public struct FaultSettings: Sendable, Equatable {
    /// Latency added to every `/v1` request, in milliseconds.
    public var latencyMs: Int = 0
    /// Share of `/v1` requests answered `500 api_error` before doing anything.
    public var failRate: Double = 0
    /// Share of `/v1` requests whose connection is dropped after the request was executed
    /// (so an idempotent retry replays the stored result).
    public var dropRate: Double = 0
    /// Requests per second accepted before answering `429 rate_limit` (nil = unlimited).
    public var rateLimitPerSecond: Int?

    /// No faults.
    public init(latencyMs: Int = 0, failRate: Double = 0, dropRate: Double = 0, rateLimitPerSecond: Int? = nil) {
        self.latencyMs = latencyMs
        self.failRate = failRate
        self.dropRate = dropRate
        self.rateLimitPerSecond = rateLimitPerSecond
    }
}

/// One webhook endpoint: where events go and the secret that signs them.
public struct WebhookEndpointConfig: Sendable, Equatable {
    /// Destination URL (http or https).
    public var url: String
    /// Signing secret, e.g. `whsec_...`.
    public var secret: String
    /// `true`: receives events of connected accounts (carrying `account`); `false`: platform events.
    public var connect: Bool
    /// Event types delivered; `["*"]` for all.
    public var enabledEvents: [String]
    /// `true`: deliveries skip TLS certificate checks (`connectbus sim listen --skip-verify`).
    public var skipVerify = false
    /// `true`: a temporary endpoint of `connectbus sim listen` (`POST /sim/webhooks/listen`),
    /// removed when the listener stops.
    public var listen = false

    /// Builds an endpoint configuration.
    public init(url: String, secret: String, connect: Bool = false, enabledEvents: [String] = ["*"]) {
        self.url = url
        self.secret = secret
        self.connect = connect
        self.enabledEvents = enabledEvents
    }
}
