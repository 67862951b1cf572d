/// The Connect embedded components an Account Session enables, in Stripe's shape
/// (`components[<name>][enabled]`, `components[<name>][features][<feature>]`; Stripe API
/// reference: Account Sessions). At least one component.
public struct EmbeddedComponents: Codable, Sendable, Equatable, FieldDocumented {
    /// Features of the account components (onboarding, management, notification banner).
    public struct AccountFeatures: Codable, Sendable, Equatable, FieldDocumented {
        /// Whether the component collects a bank account (can be false only where the platform collects requirements).
        public var externalAccountCollection: Bool?
        /// Whether Stripe user authentication is off (true only where the platform collects requirements).
        public var disableStripeUserAuthentication: Bool?
        /// Creates the value.
        public init(externalAccountCollection: Bool? = nil, disableStripeUserAuthentication: Bool? = nil) {
            self.externalAccountCollection = externalAccountCollection
            self.disableStripeUserAuthentication = disableStripeUserAuthentication
        }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "external_account_collection": "Whether the component collects a bank account.",
            "disable_stripe_user_authentication":
                "Whether Stripe user authentication is off (Stripe allows true only where the platform collects requirements).",
        ]
    }

    /// An account component: `enabled` and its features.
    public struct AccountComponent: Codable, Sendable, Equatable, FieldDocumented {
        /// Whether the component is enabled.
        public var enabled: Bool
        /// Its features.
        public var features: AccountFeatures?
        /// Creates the value.
        public init(enabled: Bool, features: AccountFeatures? = nil) { self.enabled = enabled; self.features = features }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = ["enabled": "Whether the component is enabled.", "features": "Its features."]
    }

    /// Features of the payments component.
    public struct PaymentsFeatures: Codable, Sendable, Equatable, FieldDocumented {
        /// Whether the seller can refund.
        public var refundManagement: Bool?
        /// Whether the seller can respond to disputes.
        public var disputeManagement: Bool?
        /// Whether the seller can capture authorised payments.
        public var capturePayments: Bool?
        /// Whether destination charges on behalf of the account are shown and managed.
        public var destinationOnBehalfOfChargeManagement: Bool?
        /// Creates the value.
        public init(
            refundManagement: Bool? = nil, disputeManagement: Bool? = nil, capturePayments: Bool? = nil,
            destinationOnBehalfOfChargeManagement: Bool? = nil
        ) {
            self.refundManagement = refundManagement; self.disputeManagement = disputeManagement
            self.capturePayments = capturePayments
            self.destinationOnBehalfOfChargeManagement = destinationOnBehalfOfChargeManagement
        }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "refund_management": "Whether the seller can refund.",
            "dispute_management": "Whether the seller can respond to disputes.",
            "capture_payments": "Whether the seller can capture authorised payments.",
            "destination_on_behalf_of_charge_management": "Whether destination charges on behalf of the account are managed.",
        ]
    }

    /// The payments component.
    public struct PaymentsComponent: Codable, Sendable, Equatable, FieldDocumented {
        /// Whether the component is enabled.
        public var enabled: Bool
        /// Its features.
        public var features: PaymentsFeatures?
        /// Creates the value.
        public init(enabled: Bool, features: PaymentsFeatures? = nil) { self.enabled = enabled; self.features = features }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = ["enabled": "Whether the component is enabled.", "features": "Its features."]
    }

    /// Features of the payouts component.
    public struct PayoutsFeatures: Codable, Sendable, Equatable, FieldDocumented {
        /// Whether the seller can change the payout schedule.
        public var editPayoutSchedule: Bool?
        /// Whether instant payouts are offered.
        public var instantPayouts: Bool?
        /// Whether the seller can make standard payouts.
        public var standardPayouts: Bool?
        /// Whether the component collects a bank account.
        public var externalAccountCollection: Bool?
        /// Whether Stripe user authentication is off.
        public var disableStripeUserAuthentication: Bool?
        /// Creates the value.
        public init(
            editPayoutSchedule: Bool? = nil, instantPayouts: Bool? = nil, standardPayouts: Bool? = nil,
            externalAccountCollection: Bool? = nil, disableStripeUserAuthentication: Bool? = nil
        ) {
            self.editPayoutSchedule = editPayoutSchedule; self.instantPayouts = instantPayouts
            self.standardPayouts = standardPayouts; self.externalAccountCollection = externalAccountCollection
            self.disableStripeUserAuthentication = disableStripeUserAuthentication
        }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "edit_payout_schedule": "Whether the seller can change the payout schedule.",
            "instant_payouts": "Whether instant payouts are offered.",
            "standard_payouts": "Whether the seller can make standard payouts.",
            "external_account_collection": "Whether the component collects a bank account.",
            "disable_stripe_user_authentication": "Whether Stripe user authentication is off.",
        ]
    }

    /// The payouts component.
    public struct PayoutsComponent: Codable, Sendable, Equatable, FieldDocumented {
        /// Whether the component is enabled.
        public var enabled: Bool
        /// Its features.
        public var features: PayoutsFeatures?
        /// Creates the value.
        public init(enabled: Bool, features: PayoutsFeatures? = nil) { self.enabled = enabled; self.features = features }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = ["enabled": "Whether the component is enabled.", "features": "Its features."]
    }

    /// A component without features (payment method settings).
    public struct PlainComponent: Codable, Sendable, Equatable, FieldDocumented {
        /// Whether the component is enabled.
        public var enabled: Bool
        /// Creates the value.
        public init(enabled: Bool) { self.enabled = enabled }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = ["enabled": "Whether the component is enabled."]
    }

    /// Onboarding inside the platform's app.
    public var accountOnboarding: AccountComponent?
    /// The seller edits their account details.
    public var accountManagement: AccountComponent?
    /// Banner telling the seller what Stripe needs.
    public var notificationBanner: AccountComponent?
    /// The list of payments.
    public var payments: PaymentsComponent?
    /// Balance and payouts.
    public var payouts: PayoutsComponent?
    /// Which payment methods the seller accepts.
    public var paymentMethodSettings: PlainComponent?

    /// Creates the value; absent components are not sent.
    public init(
        accountOnboarding: AccountComponent? = nil, accountManagement: AccountComponent? = nil,
        notificationBanner: AccountComponent? = nil, payments: PaymentsComponent? = nil,
        payouts: PayoutsComponent? = nil, paymentMethodSettings: PlainComponent? = nil
    ) {
        self.accountOnboarding = accountOnboarding; self.accountManagement = accountManagement
        self.notificationBanner = notificationBanner; self.payments = payments; self.payouts = payouts
        self.paymentMethodSettings = paymentMethodSettings
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account_onboarding": "Onboarding inside the platform's app.",
        "account_management": "The seller edits their account details.",
        "notification_banner": "Banner telling the seller what Stripe needs.",
        "payments": "The list of payments (refunds, disputes, capture).",
        "payouts": "Balance and payouts.",
        "payment_method_settings": "Which payment methods the seller accepts.",
    ]

    /// Whether no component is given.
    public var isEmpty: Bool {
        accountOnboarding == nil && accountManagement == nil && notificationBanner == nil && payments == nil
            && payouts == nil && paymentMethodSettings == nil
    }
}

extension EmbeddedComponents: SchemaConstrained {
    /// At least one component, as ``CreateAccountSession/validate()`` checks.
    public static var objectRules: [SchemaRule] { [SchemaRule(["minProperties": .int(1)])] }
}
