import HTTPServer
public import StripeAPI

/// Why a webhook request was refused, with its HTTP status and metric label.
///
/// Nothing is stored for a refused request. Thread-safe value type.
public enum WebhookRejection: Error, Sendable, Equatable {
    /// No `Stripe-Signature` header (400).
    case missingSignature
    /// The header cannot be read: no `t=` timestamp, or one that is not an integer (400).
    case malformedSignature
    /// The header has a timestamp but no `v1` signature, e.g. only `v0=` (400): Stripe's
    /// libraries report "no signatures found with expected scheme".
    case noV1Signature
    /// A signature matched but its timestamp is older than the tolerance (400).
    case staleSignature
    /// No `v1` matches any secret: wrong secret, tampered body, or a signature not in
    /// lower-case hex (400).
    case signatureMismatch
    /// The endpoint has no secret configured (400).
    case noSecrets
    /// A signed body that is not a Stripe event: not JSON, or no `id`/`type` (400).
    case malformedEvent
    /// A signed body with a string that is not UTF-8 (or escapes a lone surrogate): answered
    /// as `malformed_event`, counted as `invalid_utf8` (400).
    case invalidUTF8
    /// Body over the configured cap, or over the HTTP server's own (413).
    case bodyTooLarge
    /// Not `POST` (405).
    case wrongMethod
    /// `Content-Type` is not `application/json` (415).
    case unsupportedMediaType
    /// The database cannot store the event now; Stripe retries (503).
    case unavailable

    /// The rejection for a signature check failure.
    public init(_ error: WebhookSignatureError) {
        switch error {
        case .missingHeader: self = .missingSignature
        case .malformedHeader: self = .malformedSignature
        case .noV1Signature: self = .noV1Signature
        case .staleTimestamp: self = .staleSignature
        case .noMatch: self = .signatureMismatch
        case .noSecrets: self = .noSecrets
        }
    }

    /// The label of `connectbus_webhook_events_rejected_total{reason}`: one per case.
    public var reason: String {
        switch self {
        case .missingSignature: "missing_signature"
        case .malformedSignature: "malformed_signature"
        case .noV1Signature: "no_v1_signature"
        case .staleSignature: "stale_timestamp"
        case .signatureMismatch: "no_matching_signature"
        case .noSecrets: "no_secrets"
        case .malformedEvent: "malformed_event"
        case .invalidUTF8: "invalid_utf8"
        case .bodyTooLarge: "too_large"
        case .wrongMethod: "method_not_allowed"
        case .unsupportedMediaType: "unsupported_media_type"
        case .unavailable: "unavailable"
        }
    }

    /// The `error` of the response body: the ``reason``, except that every body that is not
    /// a readable event is `malformed_event` to the sender.
    public var code: String {
        switch self {
        case .invalidUTF8: "malformed_event"
        default: reason
        }
    }

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .bodyTooLarge: 413
        case .wrongMethod: 405
        case .unsupportedMediaType: 415
        case .unavailable: 503
        default: 400
        }
    }

    /// The JSON response `{"error":"<code>"}`, with `"reason":"<reason>"` when the two
    /// differ (`{"error":"malformed_event","reason":"invalid_utf8"}`), `Allow: POST` for 405,
    /// `Retry-After` for 503 and `Connection: close` for 413 (the body was not read).
    var response: HTTPResponse {
        var headers: [String: String] = [:]
        if self == .wrongMethod { headers["Allow"] = "POST" }
        if self == .unavailable { headers["Retry-After"] = "5" }
        if self == .bodyTooLarge { headers["Connection"] = "close" }
        let detail = code == reason ? "" : ",\"reason\":\"\(reason)\""
        return .json(status, Array("{\"error\":\"\(code)\"\(detail)}".utf8), headers: headers)
    }
}
