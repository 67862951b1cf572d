import HTTPServer

/// `POST /v1/account_sessions`: a session for Connect embedded components with a client
/// secret that expires after 30 minutes. Components and features are checked against
/// Stripe's lists; `disable_stripe_user_authentication` may be true only where the platform
/// collects requirements. See https://docs.stripe.com/api/account_sessions/create.
enum AccountSessionEndpoints {
    static let accountFeatures: Set<String> = ["external_account_collection", "disable_stripe_user_authentication"]
    static let components: [String: Set<String>] = [
        "account_onboarding": accountFeatures, "account_management": accountFeatures,
        "notification_banner": accountFeatures,
        "payments": ["refund_management", "dispute_management", "capture_payments", "destination_on_behalf_of_charge_management"],
        "payouts": [
            "edit_payout_schedule", "instant_payouts", "standard_payouts", "external_account_collection",
            "disable_stripe_user_authentication",
        ],
        "payment_method_settings": [],
        "balances": [
            "edit_payout_schedule", "instant_payouts", "standard_payouts",
            "external_account_collection", "disable_stripe_user_authentication",
        ],
        "documents": [],
        "payment_details": [
            "refund_management", "dispute_management", "capture_payments",
            "destination_on_behalf_of_charge_management",
        ],
        "payouts_list": [], "tax_settings": [], "tax_registrations": [],
    ]

    static func register(_ router: inout Router<Endpoint>) {
        router.add(
            "POST", "/v1/account_sessions",
            Endpoint(["account", "components", "expand"]) { call throws(SimError) in
                guard call.account == nil else {
                    throw SimError.invalidRequest("Account sessions can only be created by the platform.", param: nil)
                }
                let accountId = try call.params.requiredString("account")
                let account = try AccountEndpoints.visible(call, accountId, param: "account")
                guard let requested = try call.params.hash("components", allowed: Set(components.keys)), !requested.values.isEmpty else {
                    throw SimError.missing("components")
                }
                var rendered: [String: JSONValue] = [:]
                for name in components.keys.sorted() {
                    guard let component = try requested.hash(name, allowed: ["enabled", "features"]) else {
                        rendered[name] = ["enabled": false, "features": [:]]
                        continue
                    }
                    guard let enabled = try component.bool("enabled") else { throw SimError.missing(component.name("enabled")) }
                    var features: [String: JSONValue] = [:]
                    if let given = try component.hash("features", allowed: components[name] ?? []) {
                        for key in given.values.keys.sorted() {
                            let value = try given.bool(key) ?? false
                            if key == "disable_stripe_user_authentication", value,
                                account.value(at: "controller.requirement_collection") != "application"
                            {
                                throw SimError.invalidRequest(
                                    "`disable_stripe_user_authentication` can only be true for accounts where `controller.requirement_collection` is `application`.",
                                    param: given.name(key))
                            }
                            features[key] = .bool(value)
                        }
                    }
                    rendered[name] = ["enabled": .bool(enabled), "features": .object(features)]
                }
                call.state.secrets["onboarding_started:\(accountId)"] = "account_session"
                let secret = SimIDs.make("accs_secret_", length: 40)
                return [
                    "object": "account_session", "account": .string(accountId), "client_secret": .string(secret),
                    "expires_at": .int(call.now + 1800), "livemode": false, "components": .object(rendered),
                ]
            })
    }
}
