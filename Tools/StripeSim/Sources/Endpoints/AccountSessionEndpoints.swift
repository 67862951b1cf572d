import HTTPServer

/// `POST /v1/account_sessions`: a session for Connect embedded components with a client
/// secret that expires after 30 minutes. Components and features are checked against
/// Stripe's lists; `disable_stripe_user_authentication` may be true only where the platform
/// collects requirements. See https://docs.stripe.com/api/account_sessions/create.
enum AccountSessionEndpoints {
    /// Each component Stripe's `account_session` carries (every one is in the answer,
    /// `enabled: false` unless requested) with its features and their defaults: Stripe's API
    /// reference where it states one (`external_account_collection` true,
    /// `disable_stripe_user_authentication` false, `destination_on_behalf_of_charge_management`,
    /// `edit_payout_schedule` and `standard_payouts` false), otherwise the value of Stripe's
    /// example object (`fixtures3.json`).
    static let components: [String: [String: Bool]] = {
        let account = ["external_account_collection": true, "disable_stripe_user_authentication": false]
        let payments = [
            "refund_management": true, "dispute_management": true, "capture_payments": true,
            "destination_on_behalf_of_charge_management": false, "smart_disputes_management": true,
        ]
        let payouts = account.merging(["edit_payout_schedule": false, "instant_payouts": true, "standard_payouts": false]) { a, _ in a }
        let issuing = [
            "card_management": true, "card_spend_dispute_management": true, "cardholder_management": true,
            "spend_control_management": true,
        ]
        var table: [String: [String: Bool]] = [
            "account_onboarding": account, "account_management": account, "notification_banner": account,
            "payments": payments, "payment_details": payments, "disputes_list": payments,
            "payment_disputes": payments.filter { $0.key != "capture_payments" },
            "payouts": payouts, "balances": payouts,
            "instant_payouts_promotion": account.merging(["instant_payouts": true]) { a, _ in a },
            "payment_method_settings": ["disable_stripe_user_authentication": false],
            "financial_account": account.merging(["send_money": true, "transfer_balance": true]) { a, _ in a },
            "financial_account_transactions": ["card_spend_dispute_management": true],
            "issuing_card": issuing,
            "issuing_cards_list": issuing.merging(["disable_stripe_user_authentication": false]) { a, _ in a },
        ]
        for name in [
            "documents", "payouts_list", "payout_details", "payout_reconciliation_report", "balance_report",
            "tax_settings", "tax_registrations", "reporting_chart", "terminal_hardware_orders", "terminal_hardware_shop",
        ] {
            table[name] = [:]
        }
        return table
    }()

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
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
                        rendered[name] = ["enabled": false, "features": .object((components[name] ?? [:]).mapValues { .bool($0) })]
                        continue
                    }
                    guard let enabled = try component.bool("enabled") else { throw SimError.missing(component.name("enabled")) }
                    var features = (components[name] ?? [:]).mapValues { JSONValue.bool($0) }
                    if let given = try component.hash("features", allowed: Set((components[name] ?? [:]).keys)) {
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
