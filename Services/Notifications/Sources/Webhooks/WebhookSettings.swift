/// How the webhook ingress verifies and bounds requests.
///
/// Thread-safe value type. Secrets are never logged.
public struct WebhookSettings: Sendable {
    /// `whsec_…` secrets of the platform endpoint, newest first (`STRIPE_WEBHOOK_SECRETS`).
    public var platformSecrets: [String]
    /// Secrets of the connect endpoint (`STRIPE_CONNECT_WEBHOOK_SECRETS`; defaults to the
    /// platform secrets when unset).
    public var connectSecrets: [String]
    /// Largest accepted body in bytes (`WEBHOOK_MAX_BODY_BYTES`, default 1 MiB; the host's
    /// HTTP server caps bodies at 1 MiB whatever this says).
    public var maxBodyBytes: Int
    /// Largest accepted age of the signature's timestamp (Stripe's default: 300 s).
    ///
    /// Only age is bounded: a timestamp in the future is accepted at any distance, as
    /// Stripe's official libraries do. Decision: a host clock running behind Stripe's must
    /// not fail every webhook, and a future `t` cannot be forged (the HMAC covers it), so
    /// the bound on age is what limits replays. `WebhookIngressIntegrationTests` and
    /// `WebhookSignatureTests` pin this (600 s ahead is accepted).
    public var tolerance: Duration
    /// Writer threads of the ingress's group commit, each with its own Postgres connection
    /// (`WEBHOOK_WRITERS`, default 1, 1…16).
    public var writers: Int
    /// Most events stored by one statement and commit (`WEBHOOK_MAX_BATCH`, default 64,
    /// 1…1000).
    public var maxBatch: Int
    /// Shortest time between two log lines of one route and one rejection reason (or one
    /// secret notice); the lines held back are counted in the next one (default 60 s).
    public var logInterval: Duration

    /// Creates settings.
    public init(
        platformSecrets: [String], connectSecrets: [String]? = nil, maxBodyBytes: Int = 1 << 20,
        tolerance: Duration = .seconds(300), writers: Int = 1, maxBatch: Int = 64, logInterval: Duration = .seconds(60)
    ) {
        self.platformSecrets = platformSecrets
        self.connectSecrets = connectSecrets ?? platformSecrets
        self.maxBodyBytes = maxBodyBytes
        self.tolerance = tolerance
        self.writers = writers
        self.maxBatch = maxBatch
        self.logInterval = logInterval
    }

    /// The secrets of `endpoint`.
    public func secrets(for endpoint: WebhookEndpoint) -> [String] {
        switch endpoint {
        case .platform: platformSecrets
        case .connect: connectSecrets
        }
    }
}

/// The two Stripe webhook endpoints the service serves, each with its own signing secrets.
///
/// - `platform`: `POST /webhooks/stripe`, events of the platform account.
/// - `connect`: `POST /webhooks/stripe/connect`, events of connected accounts (they carry
///   `account`).
/// Thread-safe value type.
public enum WebhookEndpoint: String, Sendable, CaseIterable {
    /// Platform events.
    case platform
    /// Connected-account events.
    case connect

    /// The request path of the endpoint.
    public var path: String {
        switch self {
        case .platform: "/webhooks/stripe"
        case .connect: "/webhooks/stripe/connect"
        }
    }

    /// The environment variable listing the endpoint's secrets (named in logs and
    /// `/readyz`; the secrets themselves never are).
    public var secretsVariable: String {
        switch self {
        case .platform: "STRIPE_WEBHOOK_SECRETS"
        case .connect: "STRIPE_CONNECT_WEBHOOK_SECRETS"
        }
    }

    /// The endpoint served at `path`, if any.
    public init?(path: String) {
        guard let endpoint = WebhookEndpoint.allCases.first(where: { $0.path == path }) else { return nil }
        self = endpoint
    }
}
