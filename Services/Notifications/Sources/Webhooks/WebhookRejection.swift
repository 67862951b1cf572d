import HTTPServer
import StripeAPI

/// Why a webhook request was refused, with its HTTP status and metric label.
///
/// Nothing is stored for a refused request. Thread-safe value type.
public enum WebhookRejection: Error, Sendable, Equatable {
    /// No `Stripe-Signature` header (400).
    case missingSignature
    /// The header cannot be read or has no `v1` (400).
    case malformedSignature
    /// A signature matched but its timestamp is older than the tolerance (400).
    case staleSignature
    /// No `v1` matches any secret: wrong secret or tampered body (400).
    case signatureMismatch
    /// The endpoint has no secret configured (400).
    case noSecrets
    /// A signed body that is not a Stripe event (no `id`/`type`) (400).
    case malformedEvent
    /// Body over the configured cap (413).
    case bodyTooLarge
    /// Not `POST` (405).
    case wrongMethod
    /// `Content-Type` is not `application/json` (415).
    case unsupportedMediaType
    /// The database cannot store the event now; Stripe retries (503).
    case unavailable

    /// The rejection for a signature check failure.
    init(_ error: WebhookSignatureError) {
        switch error {
        case .missingHeader: self = .missingSignature
        case .malformedHeader, .noV1Signature: self = .malformedSignature
        case .staleTimestamp: self = .staleSignature
        case .noMatch: self = .signatureMismatch
        case .noSecrets: self = .noSecrets
        }
    }

    /// The metric label and short reason in the response body.
    public var reason: String {
        switch self {
        case .missingSignature: "missing_signature"
        case .malformedSignature: "malformed_signature"
        case .staleSignature: "stale_timestamp"
        case .signatureMismatch: "no_matching_signature"
        case .noSecrets: "no_secrets"
        case .malformedEvent: "malformed_event"
        case .bodyTooLarge: "body_too_large"
        case .wrongMethod: "method_not_allowed"
        case .unsupportedMediaType: "unsupported_media_type"
        case .unavailable: "unavailable"
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

    /// The JSON response `{"error":"<reason>"}` (with `Allow: POST` for 405, `Retry-After` for 503).
    var response: HTTPResponse {
        var headers: [String: String] = [:]
        if self == .wrongMethod { headers["Allow"] = "POST" }
        if self == .unavailable { headers["Retry-After"] = "5" }
        return .json(status, Array("{\"error\":\"\(reason)\"}".utf8), headers: headers)
    }
}
