/// What went wrong with a Stripe call, from Stripe's error `type` or, for failures that
/// never reached Stripe, from the client itself.
public enum StripeErrorKind: String, Sendable, Equatable, CaseIterable {
    /// `api_error`: a problem on Stripe's side (usually 5xx); retryable.
    case api
    /// `card_error`: the card was declined or could not be charged (402); see `declineCode`.
    case card
    /// `idempotency_error`: the key was reused with different parameters (400/409).
    case idempotency
    /// `invalid_request_error`: bad parameters or unknown id (400/404); see `param`.
    case invalidRequest = "invalid_request"
    /// 401: the API key is missing, wrong or revoked.
    case authentication
    /// 403: the key may not do this (restricted key, wrong account).
    case permission
    /// 429: too many requests; retryable.
    case rateLimit = "rate_limit"
    /// The request did not complete: connection refused or reset, DNS, TLS, timeout.
    case network
    /// Stripe answered 2xx but the body did not decode as the expected model.
    case decoding
    /// The client was misused before any request was sent (bad configuration, missing
    /// idempotency key on a POST).
    case invalidConfiguration = "invalid_configuration"
    /// Any other answer (an error `type` or HTTP status this client does not know).
    case unknown

    /// The kind for Stripe's error `type` string, or `nil` when the type is not known.
    public init?(stripeType: String) {
        switch stripeType {
        case "api_error": self = .api
        case "card_error": self = .card
        case "idempotency_error": self = .idempotency
        case "invalid_request_error": self = .invalidRequest
        case "authentication_error": self = .authentication
        case "permission_error": self = .permission
        case "rate_limit_error": self = .rateLimit
        default: return nil
        }
    }

    /// The kind implied by an HTTP status when the body names no known type.
    public init(httpStatus: Int) {
        switch httpStatus {
        case 401: self = .authentication
        case 402: self = .card
        case 403: self = .permission
        case 429: self = .rateLimit
        case 400, 404: self = .invalidRequest
        case 409: self = .idempotency
        case 500...599: self = .api
        default: self = .unknown
        }
    }
}
