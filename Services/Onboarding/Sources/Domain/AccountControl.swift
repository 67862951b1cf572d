/// Who controls a connected account, as far as what the platform may change depends on it:
/// who collects its requirements and which dashboard the seller has (Stripe's `controller`,
/// or the values Stripe derives from `type`: Standard → `stripe`/`full`, Express →
/// `stripe`/`express`, Custom → `application`/`none`). Value type, Sendable.
public struct AccountControl: Sendable, Equatable {
    /// `controller.requirement_collection`: `stripe` or `application`; nil when unknown.
    public var requirementCollection: String?
    /// `controller.stripe_dashboard.type`: `full`, `express` or `none`; nil when unknown.
    public var dashboardType: String?
    /// Whether an account link or account session has been issued (Stripe then locks some
    /// fields of accounts whose requirements it collects).
    public var onboardingStarted: Bool

    /// Creates the value.
    public init(requirementCollection: String?, dashboardType: String?, onboardingStarted: Bool = false) {
        self.requirementCollection = requirementCollection
        self.dashboardType = dashboardType
        self.onboardingStarted = onboardingStarted
    }

    /// The control Stripe gives an account of `type` (Accounts v1) when its response has no `controller`.
    public static func derived(type: String?, requirementCollection: String?, dashboardType: String?) -> AccountControl {
        let collection = requirementCollection ?? (type == "custom" ? "application" : type == nil ? nil : "stripe")
        let dashboard = dashboardType ?? ["standard": "full", "express": "express", "custom": "none"][type ?? ""]
        return AccountControl(requirementCollection: collection, dashboardType: dashboard)
    }

    /// Fields Stripe does not let the platform send for this account, of `fields` (wire
    /// names): `tos_acceptance` unless the platform collects requirements; once onboarding
    /// has started on an account whose requirements Stripe collects, also `business_type`,
    /// `business_profile`, `individual`, `company` and `external_account` (the seller keeps
    /// them up to date through Stripe; Stripe API, Update an account, 2026-10-28.endive).
    /// `email`, `settings`, `metadata` and `capabilities` stay writable: Stripe's reference
    /// sets no such limit on them. Unknown control refuses nothing (Stripe decides).
    public func forbidden(_ fields: [String]) -> [String] {
        guard requirementCollection == "stripe" else { return [] }
        var locked: Set<String> = ["tos_acceptance"]
        if onboardingStarted { locked.formUnion(["business_type", "business_profile", "individual", "company", "external_account"]) }
        return fields.filter(locked.contains)
    }
}
