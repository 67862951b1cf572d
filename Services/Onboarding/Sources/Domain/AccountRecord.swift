/// One connected account as this service stores it: who it belongs to on the platform and
/// its onboarding projection. Value type, Sendable.
public struct AccountRecord: Sendable, Equatable {
    /// The platform's own seller reference (unique: one Stripe account per reference).
    public var sellerReference: String
    /// Account type asked for at creation (`standard`, `express`, `custom`), or `nil` when the
    /// account was created with controller properties.
    public var accountType: String?
    /// Two-letter country code given at creation, when any.
    public var country: String?
    /// Email given at creation, when any.
    public var email: String?
    /// The onboarding projection (holds the Stripe account id).
    public var projection: AccountProjection

    /// Creates a record; see the properties.
    public init(
        sellerReference: String, accountType: String?, country: String?, email: String?,
        projection: AccountProjection
    ) {
        self.sellerReference = sellerReference
        self.accountType = accountType
        self.country = country
        self.email = email
        self.projection = projection
    }
}
