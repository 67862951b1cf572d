/// Per-request headers of a Stripe call.
///
/// Every POST must carry an ``idempotencyKey`` (derive it from the command's
/// `message_id` and the step, e.g. `"<message_id>:create_account"`), so that a redelivered
/// command or a retried request never creates a second object; the client refuses a POST
/// without one. Thread-safe: a value type.
public struct RequestOptions: Sendable, Equatable {
    /// The connected account to act on (`Stripe-Account: acct_…`), or `nil` for the platform.
    public var stripeAccount: String?
    /// The `Idempotency-Key` (at most 255 characters); required for POST.
    public var idempotencyKey: String?
    /// A `Stripe-Version` for this request only (e.g. the version a mobile SDK asks for
    /// when creating an ephemeral key); `nil` uses the client's pinned version.
    public var stripeVersion: String?
    /// Which of Stripe's hosts the request goes to: the API (default) or Connect's OAuth host.
    public var host: StripeHost = .api

    /// Options; all `nil` by default.
    public init(stripeAccount: String? = nil, idempotencyKey: String? = nil, stripeVersion: String? = nil) {
        self.stripeAccount = stripeAccount; self.idempotencyKey = idempotencyKey; self.stripeVersion = stripeVersion
    }

    /// Options for a mutating call with `key`, optionally on a connected account.
    public static func idempotent(_ key: String, stripeAccount: String? = nil) -> RequestOptions {
        RequestOptions(stripeAccount: stripeAccount, idempotencyKey: key)
    }
}

/// The Stripe host a request is sent to.
public enum StripeHost: Sendable, Equatable {
    /// ``StripeConfig/apiBase`` (`https://api.stripe.com`).
    case api
    /// ``StripeConfig/connectBase`` (`https://connect.stripe.com`): Connect's OAuth endpoints.
    case connect
}
