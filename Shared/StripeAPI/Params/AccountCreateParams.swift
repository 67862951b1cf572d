/// Parameters of `POST /v1/accounts` (https://docs.stripe.com/api/accounts/create).
///
/// Use either `type` (legacy) or `controller` properties, as Stripe recommends for new
/// integrations. `requestedCapabilities` become `capabilities[<name>][requested]=true`.
public struct AccountCreateParams: StripeParams, Equatable {
    /// The legacy account type (`standard`, `express`, `custom`).
    public var type: Account.AccountType?
    /// Controller properties (fees payer, losses, requirement collection, dashboard).
    public var controller: Controller?
    /// Two-letter country code.
    public var country: String?
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
    /// `external_account`: where payouts go.
    public var externalAccount: ExternalAccountParams?
    /// `tos_acceptance[…]`: the account holder's acceptance of Stripe's terms.
    public var tosAcceptance: TosAcceptanceParams?
    /// `settings[…]`: statement descriptor, payout schedule.
    public var settings: AccountSettingsParams?
    /// Capabilities to request, e.g. `card_payments`, `transfers` (sent sorted).
    public var requestedCapabilities: [String]?
    /// Three-letter default currency.
    public var defaultCurrency: String?
    /// Your key-value data (sent sorted by key).
    public var metadata: [String: String]?
    /// Fields to expand in the response.
    public var expand: [String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// `controller[…]` parameters.
    public struct Controller: Sendable, Equatable {
        /// `fees[payer]`: `account` or `application`.
        public var feesPayer: String?
        /// `losses[payments]`: `application` or `stripe`.
        public var lossesPayments: String?
        /// `requirement_collection`: `stripe` or `application`.
        public var requirementCollection: String?
        /// `stripe_dashboard[type]`: `express`, `full` or `none`.
        public var stripeDashboardType: String?

        /// Controller properties.
        public init(
            feesPayer: String? = nil, lossesPayments: String? = nil,
            requirementCollection: String? = nil, stripeDashboardType: String? = nil
        ) {
            self.feesPayer = feesPayer; self.lossesPayments = lossesPayments
            self.requirementCollection = requirementCollection; self.stripeDashboardType = stripeDashboardType
        }

        var formParams: FormParams {
            var p = FormParams()
            if let feesPayer { p["fees"] = ["payer": .string(feesPayer)] }
            if let lossesPayments { p["losses"] = ["payments": .string(lossesPayments)] }
            p.set("requirement_collection", requirementCollection)
            if let stripeDashboardType { p["stripe_dashboard"] = ["type": .string(stripeDashboardType)] }
            return p
        }
    }

    /// Account parameters.
    public init(
        type: Account.AccountType? = nil, controller: Controller? = nil, country: String? = nil, email: String? = nil,
        businessType: String? = nil, businessProfile: BusinessProfileParams? = nil,
        individual: PersonParams? = nil, company: CompanyParams? = nil,
        externalAccount: ExternalAccountParams? = nil, tosAcceptance: TosAcceptanceParams? = nil,
        settings: AccountSettingsParams? = nil,
        requestedCapabilities: [String]? = nil, defaultCurrency: String? = nil,
        metadata: [String: String]? = nil, expand: [String]? = nil, extra: FormParams = FormParams()
    ) {
        self.type = type; self.controller = controller; self.country = country; self.email = email
        self.businessType = businessType; self.businessProfile = businessProfile
        self.individual = individual; self.company = company; self.externalAccount = externalAccount
        self.tosAcceptance = tosAcceptance; self.settings = settings
        self.requestedCapabilities = requestedCapabilities; self.defaultCurrency = defaultCurrency
        self.metadata = metadata; self.expand = expand; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("type", type)
        p.set("controller", controller?.formParams)
        p.set("country", country)
        p.set("email", email)
        p.set("business_type", businessType)
        p.set("business_profile", businessProfile?.formParams)
        p.set("individual", individual?.formParams)
        p.set("company", company?.formParams)
        externalAccount?.set(into: &p)
        p.set("tos_acceptance", tosAcceptance?.formParams)
        p.set("settings", settings?.formParams)
        p.set("capabilities", requestedCapabilities.map(Self.capabilities))
        p.set("default_currency", defaultCurrency)
        p.set("metadata", metadata)
        p.set("expand", expand)
        return p.merging(extra)
    }
}

extension AccountCreateParams {
    /// `capabilities[<name>][requested]=true` for each name, sorted; nothing for none.
    static func capabilities(_ names: [String]) -> FormParams {
        var caps = FormParams()
        for name in names.sorted() { caps[name] = ["requested": true] }
        return caps
    }
}

/// `business_profile[…]` parameters of an account.
public struct BusinessProfileParams: Sendable, Equatable {
    /// Customer-facing business name.
    public var name: String?
    /// Website.
    public var url: String?
    /// Merchant category code.
    public var mcc: String?
    /// What the business sells.
    public var productDescription: String?
    /// Support email.
    public var supportEmail: String?

    /// Business profile parameters.
    public init(
        name: String? = nil, url: String? = nil, mcc: String? = nil,
        productDescription: String? = nil, supportEmail: String? = nil
    ) {
        self.name = name; self.url = url; self.mcc = mcc
        self.productDescription = productDescription; self.supportEmail = supportEmail
    }

    var formParams: FormParams {
        var p = FormParams()
        p.set("name", name); p.set("url", url); p.set("mcc", mcc)
        p.set("product_description", productDescription); p.set("support_email", supportEmail)
        return p
    }
}
