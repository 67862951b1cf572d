extension Account {
    /// Who controls a connected account (`controller`): fees, losses, requirement collection
    /// and dashboard. See https://docs.stripe.com/connect/accounts-v1.
    public struct Controller: Codable, Sendable, Equatable {
        /// `application` (the platform controls) or `account` (the account controls itself).
        public var type: String?
        /// `true` when the platform is the controller.
        public var isController: Bool?
        /// Who pays Stripe's fees.
        public var fees: AccountControllerFees?
        /// Who is liable for negative balances.
        public var losses: AccountControllerLosses?
        /// `stripe` or `application`: who collects requirements.
        public var requirementCollection: String?
        /// Which Stripe dashboard the account gets.
        public var stripeDashboard: AccountControllerDashboard?

        /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
        public init(
            type: String? = nil, isController: Bool? = nil, fees: AccountControllerFees? = nil,
            losses: AccountControllerLosses? = nil, requirementCollection: String? = nil,
            stripeDashboard: AccountControllerDashboard? = nil
        ) {
            self.type = type
            self.isController = isController
            self.fees = fees
            self.losses = losses
            self.requirementCollection = requirementCollection
            self.stripeDashboard = stripeDashboard
        }

        enum CodingKeys: String, CodingKey {
            case type
            case isController = "is_controller"
            case fees
            case losses
            case requirementCollection = "requirement_collection"
            case stripeDashboard = "stripe_dashboard"
        }
    }
}

/// Who pays Stripe's fees for a connected account.
public struct AccountControllerFees: Codable, Sendable, Equatable {
    /// `account`, `application`, `application_custom` or `application_express`.
    public var payer: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(payer: String? = nil) {
        self.payer = payer
    }

    enum CodingKeys: String, CodingKey {
        case payer
    }
}

/// Who is liable for a connected account's losses.
public struct AccountControllerLosses: Codable, Sendable, Equatable {
    /// `application` or `stripe`.
    public var payments: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(payments: String? = nil) {
        self.payments = payments
    }

    enum CodingKeys: String, CodingKey {
        case payments
    }
}

/// The dashboard a connected account can use.
public struct AccountControllerDashboard: Codable, Sendable, Equatable {
    /// `express`, `full` or `none`.
    public var type: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(type: String? = nil) {
        self.type = type
    }

    enum CodingKeys: String, CodingKey {
        case type
    }
}
