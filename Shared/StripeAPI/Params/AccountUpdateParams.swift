/// Parameters of `POST /v1/accounts/{id}` (https://docs.stripe.com/api/accounts/update).
public struct AccountUpdateParams: StripeParams, Equatable {
    /// The account's email.
    public var email: String?
    /// `individual`, `company`, `non_profit` or `government_entity`.
    public var businessType: String?
    /// Public business details.
    public var businessProfile: BusinessProfileParams?
    /// `individual[…]`: the person an individual account represents.
    public var individual: PersonParams?
    /// `company[…]`: the company's details.
    public var company: CompanyParams?
    /// `external_account`: where payouts go (replaces the default one).
    public var externalAccount: ExternalAccountParams?
    /// `tos_acceptance[…]`: the account holder's acceptance of Stripe's terms.
    public var tosAcceptance: TosAcceptanceParams?
    /// `settings[…]`: statement descriptor, payout schedule.
    public var settings: AccountSettingsParams?
    /// Capabilities to request, e.g. `card_payments`, `transfers` (sent sorted).
    public var requestedCapabilities: [String]?
    /// Your key-value data; an empty value removes that key.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Update parameters; absent parts are not sent (and so left as they are).
    public init(
        email: String? = nil, businessType: String? = nil, businessProfile: BusinessProfileParams? = nil,
        individual: PersonParams? = nil, company: CompanyParams? = nil,
        externalAccount: ExternalAccountParams? = nil, tosAcceptance: TosAcceptanceParams? = nil,
        settings: AccountSettingsParams? = nil, requestedCapabilities: [String]? = nil,
        metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.email = email; self.businessType = businessType; self.businessProfile = businessProfile
        self.individual = individual; self.company = company; self.externalAccount = externalAccount
        self.tosAcceptance = tosAcceptance; self.settings = settings
        self.requestedCapabilities = requestedCapabilities; self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order (an empty object is not sent).
    public var formParams: FormParams {
        var p = FormParams()
        p.set("email", email)
        p.set("business_type", businessType)
        p.set("business_profile", businessProfile?.formParams)
        p.set("individual", individual?.formParams)
        p.set("company", company?.formParams)
        externalAccount?.set(into: &p)
        p.set("tos_acceptance", tosAcceptance?.formParams)
        p.set("settings", settings?.formParams)
        p.set("capabilities", requestedCapabilities.map(AccountCreateParams.capabilities))
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
