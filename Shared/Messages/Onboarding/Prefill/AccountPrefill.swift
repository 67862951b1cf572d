/// The checks shared by `onboarding.create_account` and `onboarding.update_account` for the
/// account data a platform prefills (business profile, individual, company, bank account,
/// capabilities, terms, settings). Pure; thread-safe.
public enum AccountPrefill {
    /// Stripe's `business_type` values.
    public static let businessTypes = ["individual", "company", "non_profit", "government_entity"]
    /// The business types that take `company` details.
    public static let companyTypes = ["company", "non_profit", "government_entity"]

    /// Checks `business_type`.
    /// - Throws: `validation.invalid_value` naming `business_type`.
    public static func validateBusinessType(_ value: String?) throws(ReplyError) {
        if let value, !businessTypes.contains(value) {
            throw .invalid("business_type", "must be individual, company, non_profit or government_entity")
        }
    }

    /// Checks each prefilled part with its own rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError`` naming its field.
    public static func validate(
        businessProfile: BusinessProfile?, individual: IndividualDetails?,
        company: CompanyDetails?, externalAccount: ExternalAccountDetails?,
        capabilities: [String]?, tosAcceptance: TermsAcceptance?,
        settings: AccountSettings?
    ) throws(ReplyError) {
        try Validation.url(businessProfile?.url, field: "business_profile.url")
        try Validation.email(businessProfile?.supportEmail, field: "business_profile.support_email")
        try individual?.validate(field: "individual")
        try company?.address?.validate(field: "company.address")
        try externalAccount?.validate(field: "external_account")
        try Validation.capabilityNames(capabilities)
        try tosAcceptance?.validate(field: "tos_acceptance")
        try settings?.validate(field: "settings")
    }
}
