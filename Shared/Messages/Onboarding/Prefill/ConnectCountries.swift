/// The countries where Stripe lets a platform create connected accounts (Stripe's list of
/// supported countries for Connect), the ones `onboarding` can onboard. Anything else is
/// refused before Stripe is called with `validation.unsupported_country`.
public enum ConnectCountries {
    /// Two-letter ISO 3166-1 codes, sorted.
    public static let supported: [String] = [
        "AE", "AT", "AU", "BE", "BG", "BR", "CA", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GI",
        "GR", "HK", "HR", "HU", "IE", "IT", "JP", "LI", "LT", "LU", "LV", "MT", "MX", "MY", "NL", "NO", "NZ", "PL",
        "PT", "RO", "SE", "SG", "SI", "SK", "TH", "US",
    ]

    /// Checks a country code is well formed, then that Stripe can onboard it.
    /// - Throws: `validation.invalid_value` for a malformed code, `validation.unsupported_country`
    ///   for one outside ``supported``.
    public static func validate(_ country: String?, field: String = "country") throws(ReplyError) {
        guard let country else { return }
        try Validation.country(country, field: field)
        guard supported.contains(country) else {
            throw .invalid(
                field, "Stripe cannot onboard accounts in \(country); supported: \(supported.joined(separator: " "))",
                code: ReplyError.Code.unsupportedCountry)
        }
    }

    /// The rule of ``validate(_:field:)`` in the catalogue's JSON Schema.
    public static var rule: SchemaRule { SchemaRule.country.and(.allowed(supported)) }
}
