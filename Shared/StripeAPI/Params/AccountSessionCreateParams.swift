/// Parameters of `POST /v1/account_sessions` (https://docs.stripe.com/api/account_sessions/create):
/// the connected account and the embedded components to enable, each with its features.
public struct AccountSessionCreateParams: StripeParams, Equatable {
    /// The connected account, `acct_…`.
    public var account: String
    /// `components[<name>][…]`, in the order given.
    public var components: [Component]
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// One embedded component: `components[<name>][enabled]` and
    /// `components[<name>][features][<feature>]` (features without a value are not sent).
    public struct Component: Sendable, Equatable {
        /// The component, e.g. `account_onboarding`, `payments`.
        public var name: String
        /// Whether it is enabled.
        public var enabled: Bool
        /// Its features by name, e.g. `external_account_collection`, in the order given.
        public var features: [Feature]

        /// One feature flag; `nil` leaves Stripe's default.
        public struct Feature: Sendable, Equatable {
            /// Stripe's feature name.
            public var name: String
            /// Its value.
            public var value: Bool?

            /// A feature flag.
            public init(_ name: String, _ value: Bool?) { self.name = name; self.value = value }
        }

        /// A component.
        public init(name: String, enabled: Bool, features: [Feature] = []) {
            self.name = name; self.enabled = enabled; self.features = features
        }

        var formParams: FormParams {
            var p = FormParams()
            p.set("enabled", enabled)
            var f = FormParams()
            for feature in features { f.set(feature.name, feature.value) }
            p.set("features", f)
            return p
        }
    }

    /// Account session parameters.
    public init(account: String, components: [Component], extra: FormParams = FormParams()) {
        self.account = account; self.components = components; self.extra = extra
    }

    /// The form parameters in a fixed order (an empty object is not sent).
    public var formParams: FormParams {
        var p = FormParams()
        p.set("account", account)
        var c = FormParams()
        for component in components { c.set(component.name, component.formParams) }
        p.set("components", c)
        return p.merging(extra)
    }
}
