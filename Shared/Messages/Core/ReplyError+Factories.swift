extension ReplyError {
    /// `validation.missing_field` for the wire field `field`.
    public static func missingField(_ field: String) -> ReplyError {
        ReplyError(code: Code.missingField, message: "\(field) is required", field: field)
    }

    /// `validation.invalid_value` (or the given validation `code`) for `field`.
    public static func invalid(_ field: String, _ message: String, code: String = Code.invalidValue) -> ReplyError {
        ReplyError(code: code, message: "\(field): \(message)", field: field)
    }

    /// `not_found.<entity>`, e.g. `notFound("account", id: "acct_1")` → `not_found.account`.
    public static func notFound(_ entity: String, id: String) -> ReplyError {
        ReplyError(code: "not_found.\(entity)", message: "\(entity) \(id) not found")
    }

    /// `conflict.<detail>`, e.g. `conflict("already_captured", …)`.
    public static func conflict(_ detail: String, _ message: String) -> ReplyError {
        ReplyError(code: "conflict.\(detail)", message: message)
    }

    /// `stripe.<code or type>` from Stripe's error, e.g. `stripe.card_declined`;
    /// `stripe.unknown` when Stripe gave neither.
    public static func stripe(_ info: StripeErrorInfo, message: String, retryable: Bool) -> ReplyError {
        let detail = info.code ?? info.type ?? "unknown"
        return ReplyError(code: Code.stripePrefix + detail, message: message, retryable: retryable, stripe: info)
    }

    /// `internal`: an unexpected failure; retryable unless stated otherwise.
    public static func `internal`(_ message: String, retryable: Bool = true) -> ReplyError {
        ReplyError(code: Code.internal, message: message, retryable: retryable)
    }

    /// `timeout`: the work did not finish in time; always retryable.
    public static func timeout(_ message: String) -> ReplyError {
        ReplyError(code: Code.timeout, message: message, retryable: true)
    }
}
