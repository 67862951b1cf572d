/// A freshly created Account Link: a single-use, short-lived secret URL that goes into the
/// command's reply and nowhere else (never stored, logged or published).
public struct IssuedAccountLink: Sendable, Equatable {
    /// `url`: the Stripe-hosted onboarding page for this one visit.
    public var url: String
    /// `expires_at`: Unix seconds after which the link no longer works.
    public var expiresAt: Int64
    /// `created`: Unix seconds.
    public var created: Int64
}
