/// Controller properties of a connected account, used instead of `type` (Stripe API reference:
/// Accounts, `controller`). Values are Stripe's strings.
public struct AccountController: Codable, Sendable, Equatable, FieldDocumented {
    /// `controller[fees][payer]`: `account` or `application`.
    public var feesPayer: String?
    /// `controller[losses][payments]`: `stripe` or `application`.
    public var lossesPayments: String?
    /// `controller[requirement_collection]`: `stripe` or `application`.
    public var requirementCollection: String?
    /// `controller[stripe_dashboard][type]`: `full`, `express` or `none`.
    public var stripeDashboardType: String?

    /// Creates the value; optional fields default to absent.
    public init(feesPayer: String? = nil, lossesPayments: String? = nil, requirementCollection: String? = nil, stripeDashboardType: String? = nil) {
        self.feesPayer = feesPayer
        self.lossesPayments = lossesPayments
        self.requirementCollection = requirementCollection
        self.stripeDashboardType = stripeDashboardType
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "fees_payer": "`controller[fees][payer]`: `account` or `application`.",
        "losses_payments": "`controller[losses][payments]`: `stripe` or `application`.",
        "requirement_collection": "`controller[requirement_collection]`: `stripe` or `application`.",
        "stripe_dashboard_type": "`controller[stripe_dashboard][type]`: `full`, `express` or `none`.",
    ]

    /// Checks each value against Stripe's allowed strings.
    /// - Throws: `validation.invalid_value` naming the field under `field`.
    public func validate(field: String) throws(ReplyError) {
        let allowed: [(String?, Set<String>, String)] = [
            (feesPayer, ["account", "application"], "fees_payer"),
            (lossesPayments, ["stripe", "application"], "losses_payments"),
            (requirementCollection, ["stripe", "application"], "requirement_collection"),
            (stripeDashboardType, ["full", "express", "none"], "stripe_dashboard_type"),
        ]
        for (value, set, name) in allowed {
            if let value, !set.contains(value) {
                throw .invalid("\(field).\(name)", "must be one of \(set.sorted().joined(separator: ", "))")
            }
        }
    }
}
