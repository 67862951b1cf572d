/// Descriptions the catalogue gives fields by their wire name when the type has none of its
/// own, so the units are written down for every amount, currency, account and timestamp.
enum FieldConventions {
    /// The conventional description of `name`, or nil.
    static func description(of name: String) -> String? {
        if name == "account" || name.hasSuffix("_account") {
            return "Connected account id (acct_…); Stripe objects are created on it (Stripe-Account header)."
        }
        if name == "currency" {
            return "Three-letter ISO 4217 currency code, lowercase (e.g. usd, eur)."
        }
        if isAmount(name) {
            return "Integer amount in the currency's smallest unit (e.g. cents for usd, whole yen for jpy)."
        }
        if name.hasSuffix("_at") {
            return "Unix timestamp, seconds."
        }
        if name == "url" || name.hasSuffix("_url") {
            return "Absolute URL."
        }
        if name == "metadata" {
            return "Free-form string key/value pairs, stored with the Stripe object as metadata."
        }
        if name == "client_secret" || name.hasSuffix("_client_secret") {
            return "Client secret for the app or browser; hand it to Stripe's SDK, never log or store it."
        }
        return nil
    }

    /// Extra JSON Schema keywords for `name` (e.g. a lowercase pattern for currencies).
    static func keywords(of name: String) -> [String: JSONValue] {
        if name == "currency" { return ["pattern": .string("^[a-z]{3}$")] }
        return [:]
    }

    /// Whether `name` is an amount field (`amount`, `…_amount`, `amount_…`).
    static func isAmount(_ name: String) -> Bool {
        name == "amount" || name.hasSuffix("_amount") || name.hasPrefix("amount_")
    }

    /// The ``SchemaLimit``s every command field of this name and shape keeps, because the suite
    /// copies it into a Stripe request (DESIGN §4 "Stripe's limits"): `metadata` as Stripe's
    /// metadata less the keys the suite adds, every amount at most Stripe's 8 digits, every
    /// `…_reference` at most Checkout's `client_reference_id` length. Commands only: events and
    /// replies are what Stripe and the suite already wrote.
    static func limits(of name: String, node: SchemaNode) -> [SchemaLimit] {
        switch node {
        case .dictionary where name == "metadata": return [.metadata(keys: StripeLimits.commandMetadataKeys)]
        case .integer where isAmount(name): return [.maximumAmount(StripeLimits.maximumAmount)]
        case .string where name.hasSuffix("_reference"): return [.maxLength(StripeLimits.referenceLength)]
        default: return []
        }
    }
}
