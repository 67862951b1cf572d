/// Parameters of `POST /v1/accounts/{id}` (https://docs.stripe.com/api/accounts/update).
public struct AccountUpdateParams: StripeParams, Equatable {
    /// The account's email.
    public var email: String?
    /// Public business details.
    public var businessProfile: BusinessProfileParams?
    /// Your key-value data; an empty value removes that key.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Update parameters.
    public init(email: String? = nil, businessProfile: BusinessProfileParams? = nil,
                metadata: [String: String]? = nil, extra: FormParams = FormParams()) {
        self.email = email; self.businessProfile = businessProfile; self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("email", email)
        p.set("business_profile", businessProfile?.formParams)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
