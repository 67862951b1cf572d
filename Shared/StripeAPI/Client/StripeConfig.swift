/// Settings of one ``StripeClient``.
///
/// `description`, `debugDescription` and the mirror show the key masked
/// (`sk_test_[REDACTED]`), never in full. Thread-safe: a value type.
public struct StripeConfig: Sendable, Equatable {
    /// The secret or restricted key sent as `Authorization: Bearer …`.
    public var apiKey: String
    /// Base URL without a trailing `/v1`, default `https://api.stripe.com` (the simulator:
    /// `http://127.0.0.1:12111`).
    public var apiBase: String
    /// Base URL of Connect's OAuth endpoints (`/oauth/token`, `/oauth/deauthorize`), default
    /// `https://connect.stripe.com` (Stripe serves them there, not on the API host); the
    /// simulator serves them on its own base URL. Used by requests whose
    /// ``RequestOptions/host`` is ``StripeHost/connect``.
    public var connectBase: String
    /// The pinned `Stripe-Version` sent on every request unless a request overrides it.
    public var apiVersion: String
    /// Time allowed to establish a connection (default 10 s).
    public var connectTimeout: Duration
    /// Time allowed for one whole attempt (default 80 s, as Stripe's libraries).
    public var timeout: Duration
    /// Retries and backoff.
    public var retry: RetryPolicy
    /// Sent in `User-Agent: ConnectBus/<version>`.
    public var clientVersion: String

    /// The API version this project is written against (``StripeAPIVersion/current``);
    /// a deployment pins another with `STRIPE_API_VERSION`.
    public static let defaultAPIVersion = StripeAPIVersion.current
    /// Stripe's host for Connect OAuth, ``connectBase``'s default.
    public static let defaultConnectBase = "https://connect.stripe.com"

    /// Settings; only the key is required.
    public init(
        apiKey: String, apiBase: String = "https://api.stripe.com",
        connectBase: String = StripeConfig.defaultConnectBase,
        apiVersion: String = StripeConfig.defaultAPIVersion,
        connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(80),
        maxRetries: Int = 2, clientVersion: String = "0.1.0"
    ) {
        self.apiKey = apiKey; self.apiBase = apiBase; self.connectBase = connectBase; self.apiVersion = apiVersion
        self.connectTimeout = connectTimeout; self.timeout = timeout
        self.retry = RetryPolicy(maxRetries: maxRetries); self.clientVersion = clientVersion
    }

    /// The number of retries after the first attempt (shortcut for `retry.maxRetries`).
    public var maxRetries: Int {
        get { retry.maxRetries }
        set { retry.maxRetries = max(0, newValue) }
    }

    /// Every problem with these settings (empty when valid): empty key, a key with
    /// whitespace or control characters, an API or Connect base that is not http(s).
    public func problems() -> [String] {
        var problems: [String] = []
        if apiKey.isEmpty { problems.append("apiKey is empty") }
        if apiKey.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            problems.append("apiKey contains whitespace or control characters")
        }
        if !(apiBase.hasPrefix("http://") || apiBase.hasPrefix("https://")) {
            problems.append("apiBase must start with http:// or https://")
        }
        if !(connectBase.hasPrefix("http://") || connectBase.hasPrefix("https://")) {
            problems.append("connectBase must start with http:// or https://")
        }
        if apiVersion.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            problems.append("apiVersion contains control characters")
        }
        return problems
    }
}

extension StripeConfig: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The settings with the key masked.
    public var description: String {
        "StripeConfig(apiKey: \(SecretRedactor.mask(apiKey)), apiBase: \(SecretRedactor.redact(apiBase, secret: apiKey)), "
            + "apiVersion: \(apiVersion), maxRetries: \(retry.maxRetries))"
    }
    /// Same as ``description``.
    public var debugDescription: String { description }
    /// A mirror with the key masked (used by `dump` and string interpolation of nested values).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "apiKey": SecretRedactor.mask(apiKey), "apiBase": SecretRedactor.redact(apiBase, secret: apiKey),
                "apiVersion": apiVersion, "retry": retry,
            ], displayStyle: .struct)
    }
}
