/// How Checkout is shown (Stripe API reference: Checkout Sessions, `ui_mode`; the names of
/// 2026-03-25.dahlia on, https://docs.stripe.com/changelog/dahlia/2026-03-25/updates-available-checkout-session-ui-modes).
/// `hosted` and `embedded` are accepted as aliases of `hosted_page` and `embedded_page`;
/// the service sends each in the spelling of its Stripe API version.
public enum CheckoutUIMode: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Stripe's hosted page: needs `success_url`; the reply carries the session `url`.
    case hostedPage = "hosted_page"
    /// Embedded Checkout page in the platform's site: needs `return_url` with
    /// `{CHECKOUT_SESSION_ID}` (unless `redirect_on_completion` is `never`); the reply carries
    /// `client_secret`.
    case embeddedPage = "embedded_page"
    /// The Payment Element mounted from the session (`stripe.initCheckoutElementsSdk`): the same
    /// rules as `embedded_page`; the reply carries `client_secret`.
    case elements
    /// Alias of `hosted_page` (the name before 2026-03-25.dahlia).
    case hosted
    /// Alias of `embedded_page` (the name before 2026-03-25.dahlia).
    case embedded

    /// The current name: `hosted` → `hosted_page`, `embedded` → `embedded_page`.
    public var normalized: CheckoutUIMode {
        switch self {
        case .hosted: .hostedPage
        case .embedded: .embeddedPage
        default: self
        }
    }

    /// Whether the buyer pays on Stripe's page (`success_url`, reply `url`).
    public var isHosted: Bool { normalized == .hostedPage }

    /// The values that mean a page in the platform's site (`embedded_page`, `elements`, `embedded`).
    public static let inSiteValues: [String] = [CheckoutUIMode.embeddedPage, .elements, .embedded].map(\.rawValue)
}

/// What an embedded page or elements session does once paid (Stripe: Checkout Sessions,
/// `redirect_on_completion`): `always` sends the buyer to `return_url` (Stripe's default),
/// `if_required` only after a redirect-based payment method, `never` keeps the buyer on the page
/// (then `return_url` must be absent).
public enum CheckoutRedirectOnCompletion: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// Always redirect to `return_url`.
    case always
    /// Redirect only when the payment method needs it.
    case ifRequired = "if_required"
    /// Never redirect; no `return_url`.
    case never
}
