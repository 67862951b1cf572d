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
