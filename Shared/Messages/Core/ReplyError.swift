/// The error half of a ``Reply``: a stable machine code, a safe message and whether sending
/// the same command again later may succeed.
///
/// Wire form: `{"code": …, "message": …, "retryable": …, "stripe": {type, code, decline_code,
/// param, request_id}, "field": …, "parked": true}` (`stripe`, `field` and `parked` only when
/// they apply). Codes are
/// dot-separated, `<family>.<detail>`, listed in ``ReplyError/Code``, and are safe to use as
/// metric labels. Messages never contain secrets.
public struct ReplyError: Codable, Sendable, Equatable, Error, CustomStringConvertible {
    /// Stable code, e.g. `validation.invalid_amount`, `stripe.card_declined`, `not_found.account`.
    public var code: String
    /// Human-readable, safe explanation.
    public var message: String
    /// True when the same command may succeed if sent again later (Stripe 5xx, timeouts).
    public var retryable: Bool
    /// Stripe's own error details, when the failure came from Stripe.
    public var stripe: StripeErrorInfo?
    /// Wire path of the offending field for validation errors (e.g. `line_items[0].price`).
    public var field: String?
    /// `true` when a transient failure outlasted the retry ladder and the command is parked
    /// in `<queue>.dlq`: an operator's `connectbus dlq replay` completes it later and its
    /// final reply goes to the same `reply_to` (publishing it again with the same
    /// `message_id` also runs it again). Absent otherwise.
    public var parked: Bool?

    /// Creates a reply error.
    public init(
        code: String, message: String, retryable: Bool = false,
        stripe: StripeErrorInfo? = nil, field: String? = nil, parked: Bool? = nil
    ) {
        self.code = code
        self.message = message
        self.retryable = retryable
        self.stripe = stripe
        self.field = field
        self.parked = parked
    }

    /// `"<code>: <message>"`.
    public var description: String { "\(code): \(message)" }
}
