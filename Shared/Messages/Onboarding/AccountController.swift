/// Controller properties of a connected account, used instead of `type`, in Stripe's own
/// nested shape (Stripe API reference: Accounts, `controller`): what a platform developer
/// copies from Stripe's docs is what this command takes, and it is sent to Stripe as
/// `controller[fees][payer]`, `controller[losses][payments]`,
/// `controller[requirement_collection]` and `controller[stripe_dashboard][type]`.
///
/// At least one property must be given. Values are Stripe's strings.
public struct AccountController: Codable, Sendable, Equatable, FieldDocumented {
    /// `controller[fees]`: who pays Stripe's fees.
    public struct Fees: Codable, Sendable, Equatable, FieldDocumented {
        /// `controller[fees][payer]`: `account` or `application`.
        public var payer: String
        /// Creates the value.
        public init(payer: String) { self.payer = payer }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "payer": "`controller[fees][payer]`: `account` or `application`."
        ]
    }

    /// `controller[losses]`: who is liable for refunds, disputes and negative balances.
    public struct Losses: Codable, Sendable, Equatable, FieldDocumented {
        /// `controller[losses][payments]`: `stripe` or `application`.
        public var payments: String
        /// Creates the value.
        public init(payments: String) { self.payments = payments }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "payments": "`controller[losses][payments]`: `stripe` or `application`."
        ]
    }

    /// `controller[stripe_dashboard]`: the dashboard the seller gets.
    public struct StripeDashboard: Codable, Sendable, Equatable, FieldDocumented {
        /// `controller[stripe_dashboard][type]`: `full`, `express` or `none`.
        public var type: String
        /// Creates the value.
        public init(type: String) { self.type = type }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "type": "`controller[stripe_dashboard][type]`: `full`, `express` or `none`."
        ]
    }

    /// Who pays Stripe's fees.
    public var fees: Fees?
    /// Who is liable for losses.
    public var losses: Losses?
    /// `controller[requirement_collection]`: `stripe` or `application`.
    public var requirementCollection: String?
    /// The seller's dashboard.
    public var stripeDashboard: StripeDashboard?

    /// Creates the value from Stripe's nested parts; absent parts are not sent.
    public init(
        fees: Fees? = nil, losses: Losses? = nil, requirementCollection: String? = nil,
        stripeDashboard: StripeDashboard? = nil
    ) {
        self.fees = fees
        self.losses = losses
        self.requirementCollection = requirementCollection
        self.stripeDashboard = stripeDashboard
    }

    /// Creates the value from the leaf values (`fees.payer`, `losses.payments`,
    /// `requirement_collection`, `stripe_dashboard.type`); nil leaves their part absent.
    public init(
        feesPayer: String?, lossesPayments: String? = nil, requirementCollection: String? = nil,
        stripeDashboardType: String? = nil
    ) {
        self.init(
            fees: feesPayer.map(Fees.init(payer:)), losses: lossesPayments.map(Losses.init(payments:)),
            requirementCollection: requirementCollection,
            stripeDashboard: stripeDashboardType.map(StripeDashboard.init(type:)))
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "fees": "Who pays Stripe's fees (`controller[fees]`).",
        "losses": "Who is liable for refunds, disputes and negative balances (`controller[losses]`).",
        "requirement_collection": "`controller[requirement_collection]`: `stripe` or `application`.",
        "stripe_dashboard": "The seller's dashboard (`controller[stripe_dashboard]`).",
    ]

    /// The allowed values of each leaf, by wire path under `controller`, in Stripe's terms.
    public static let allowedValues: [(path: String, values: [String])] = [
        ("fees.payer", ["account", "application"]),
        ("losses.payments", ["application", "stripe"]),
        ("requirement_collection", ["application", "stripe"]),
        ("stripe_dashboard.type", ["express", "full", "none"]),
    ]

    /// Checks that at least one property is given and each value is one Stripe allows.
    /// - Throws: `validation.invalid_value` naming the field under `field`
    ///   (e.g. `controller.stripe_dashboard.type`).
    public func validate(field: String) throws(ReplyError) {
        let given = [fees?.payer, losses?.payments, requirementCollection, stripeDashboard?.type]
        guard given.contains(where: { $0 != nil }) else {
            throw .invalid(field, "give at least one of fees, losses, requirement_collection, stripe_dashboard")
        }
        for ((path, values), value) in zip(Self.allowedValues, given) {
            if let value, !values.contains(value) {
                throw .invalid("\(field).\(path)", "must be one of \(values.joined(separator: ", "))")
            }
        }
    }
}

extension AccountController: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "requirement_collection": .allowed(["application", "stripe"])
        ]
    }

    /// The cross-field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [
            SchemaRule(["minProperties": .int(1)])
        ]
    }
}

extension AccountController.Fees: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "payer": .allowed(["account", "application"])
        ]
    }
}

extension AccountController.Losses: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "payments": .allowed(["application", "stripe"])
        ]
    }
}

extension AccountController.StripeDashboard: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "type": .allowed(["express", "full", "none"])
        ]
    }
}
