/// What Stripe said about a failed request, carried in a ``ReplyError`` so the platform can
/// show or act on it (Stripe API reference, "Errors": `type`, `code`, `decline_code`,
/// `param`, and the `Request-Id` response header).
public struct StripeErrorInfo: Codable, Sendable, Equatable {
    /// Stripe's error type: `card_error`, `invalid_request_error`, `api_error`, `idempotency_error`, ….
    public var type: String?
    /// Stripe's error code, e.g. `card_declined`, `resource_missing`, `amount_too_small`.
    public var code: String?
    /// For card declines, the issuer's reason, e.g. `insufficient_funds`, `generic_decline`.
    public var declineCode: String?
    /// The request parameter the error is about, e.g. `line_items[0][price]`.
    public var param: String?
    /// Stripe's `Request-Id` (`req_…`) for support and log correlation.
    public var requestId: String?

    /// Creates the info; every field is optional because Stripe omits what does not apply.
    public init(
        type: String? = nil, code: String? = nil, declineCode: String? = nil,
        param: String? = nil, requestId: String? = nil
    ) {
        self.type = type
        self.code = code
        self.declineCode = declineCode
        self.param = param
        self.requestId = requestId
    }
}
