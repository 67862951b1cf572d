/// Parameters of `POST /v1/account_links` (https://docs.stripe.com/api/account_links/create).
public struct AccountLinkCreateParams: StripeParams, Equatable {
    /// The connected account, `acct_…`.
    public var account: String
    /// Where Stripe sends the user when the link expired or was used: create a new link there.
    public var refreshUrl: String
    /// Where Stripe sends the user after leaving onboarding (not proof of completion).
    public var returnUrl: String
    /// `account_onboarding` or `account_update`.
    public var type: String
    /// `collect`: `currently_due` or `eventually_due` (the older form of `collection_options[fields]`).
    public var collect: String?
    /// `collection_options[fields]`: `currently_due` or `eventually_due`.
    public var collectionFields: String?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Account link parameters.
    public init(
        account: String, refreshUrl: String, returnUrl: String, type: String = "account_onboarding",
        collect: String? = nil, collectionFields: String? = nil, extra: FormParams = FormParams()
    ) {
        self.account = account; self.refreshUrl = refreshUrl; self.returnUrl = returnUrl; self.type = type
        self.collect = collect; self.collectionFields = collectionFields; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("account", account)
        p.set("type", type)
        p.set("refresh_url", refreshUrl)
        p.set("return_url", returnUrl)
        p.set("collect", collect)
        if let collectionFields { p["collection_options"] = ["fields": .string(collectionFields)] }
        return p.merging(extra)
    }
}
