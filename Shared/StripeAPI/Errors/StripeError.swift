/// A failed Stripe call: Stripe's error object plus HTTP status and `Request-Id`, or a
/// local failure (network, decoding, misuse).
///
/// `message` and `description` never contain a secret key: the client redacts anything
/// that looks like a Stripe secret (`sk_…`, `rk_…`, `whsec_…`) and the configured key
/// before building an error. See https://docs.stripe.com/api/errors.
public struct StripeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category, from Stripe's `type` or the failure mode.
    public var kind: StripeErrorKind
    /// The HTTP status, or `nil` when no response arrived.
    public var httpStatus: Int?
    /// Stripe's `type` string as sent (e.g. `card_error`), when there was one.
    public var type: String?
    /// Stripe's `code` (e.g. `card_declined`, `resource_missing`, `parameter_unknown`),
    /// or for network errors `curl_<n>`.
    public var code: String?
    /// Stripe's `decline_code` for card errors (e.g. `insufficient_funds`).
    public var declineCode: String?
    /// The parameter Stripe blamed (e.g. `line_items[0][price]`).
    public var param: String?
    /// A human-readable message, safe to log (secrets redacted).
    public var message: String
    /// Stripe's `Request-Id` response header, for support and logs.
    public var requestId: String?
    /// Stripe's `Stripe-Should-Retry` header: `true` forces, `false` forbids a retry.
    public var stripeShouldRetry: Bool?
    /// The id of the PaymentIntent (or other object) the error concerns, when sent.
    public var objectId: String?

    /// A new error; `message` is redacted by the caller (the client does this).
    public init(
        kind: StripeErrorKind, httpStatus: Int? = nil, type: String? = nil, code: String? = nil,
        declineCode: String? = nil, param: String? = nil, message: String,
        requestId: String? = nil, stripeShouldRetry: Bool? = nil, objectId: String? = nil
    ) {
        self.kind = kind; self.httpStatus = httpStatus; self.type = type; self.code = code
        self.declineCode = declineCode; self.param = param; self.message = message
        self.requestId = requestId; self.stripeShouldRetry = stripeShouldRetry; self.objectId = objectId
    }

    /// Whether repeating the same request (same idempotency key) may succeed: decided by
    /// ``RetryPolicy/isRetryable(status:stripeShouldRetry:)``.
    public var isRetryable: Bool {
        if kind == .decoding || kind == .invalidConfiguration { return false }
        return RetryPolicy.isRetryable(status: httpStatus, stripeShouldRetry: stripeShouldRetry)
    }

    /// A stable machine code for metrics and replies: `stripe.<code>` when Stripe sent a
    /// code, otherwise `stripe.<kind>` (e.g. `stripe.card_declined`, `stripe.network`).
    public var stableCode: String { "stripe." + (code.map { $0.hasPrefix("curl_") ? kind.rawValue : $0 } ?? kind.rawValue) }

    /// One log-safe line: kind, status, code, decline code, param, message, request id.
    public var description: String {
        var parts = ["StripeError(\(kind.rawValue)"]
        if let httpStatus { parts.append("status=\(httpStatus)") }
        if let code { parts.append("code=\(code)") }
        if let declineCode { parts.append("decline_code=\(declineCode)") }
        if let param { parts.append("param=\(param)") }
        if let requestId { parts.append("request_id=\(requestId)") }
        return parts.joined(separator: " ") + "): " + message
    }
}
