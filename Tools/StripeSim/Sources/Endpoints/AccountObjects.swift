/// Builders for account-shaped JSON (shapes follow Stripe's `account` and `person` examples).
enum AccountObjects {
    /// What an account must provide before it can take charges and receive payouts.
    static let onboardingRequirements = [
        "business_profile.mcc", "business_profile.url", "external_account",
        "representative.first_name", "representative.last_name", "tos_acceptance.date", "tos_acceptance.ip",
    ]

    static let nullAddress: JSONValue = [
        "city": nil, "country": nil, "line1": nil, "line2": nil, "postal_code": nil, "state": nil,
    ]

    static func requirements(_ due: [String], disabledReason: String?) -> JSONValue {
        [
            "alternatives": [], "current_deadline": nil, "currently_due": .strings(due),
            "disabled_reason": .optional(disabledReason), "errors": [], "eventually_due": .strings(due),
            "past_due": .strings(due), "pending_verification": [],
        ]
    }

    /// A new account's `settings`, in the shape of Stripe's example account (every member
    /// Stripe's `account.settings` requires: `branding`, `card_payments`, `dashboard`,
    /// `payments`, and `payouts` with `debit_negative_balances`: Stripe's default, false for
    /// Custom accounts, true for the others). `decline_on` starts false (a decision: Stripe
    /// documents no default).
    static func settings(type: String) -> JSONValue {
        var settings = defaultSettings
        settings["payouts"]?["debit_negative_balances"] = .bool(type != "custom")
        return settings
    }

    private static let defaultSettings: JSONValue = [
        "bacs_debit_payments": ["display_name": nil, "service_user_number": nil],
        "branding": ["icon": nil, "logo": nil, "primary_color": nil, "secondary_color": nil],
        "card_issuing": ["tos_acceptance": ["date": nil, "ip": nil]],
        "card_payments": [
            "decline_on": ["avs_failure": false, "cvc_failure": false], "statement_descriptor_prefix": nil,
            "statement_descriptor_prefix_kana": nil, "statement_descriptor_prefix_kanji": nil,
        ],
        "dashboard": ["display_name": nil, "timezone": "Etc/UTC"],
        "invoices": ["default_account_tax_ids": nil, "hosted_payment_method_save": nil],
        "payments": [
            "statement_descriptor": nil, "statement_descriptor_kana": nil, "statement_descriptor_kanji": nil,
            "statement_descriptor_prefix_kana": nil, "statement_descriptor_prefix_kanji": nil,
        ],
        "payouts": ["debit_negative_balances": false, "schedule": ["delay_days": 2, "interval": "daily"], "statement_descriptor": nil],
        "sepa_debit_payments": [:],
    ]

    /// A person's `requirements` (and `future_requirements`): Stripe's shape has neither the
    /// account's `current_deadline` nor its `disabled_reason`.
    static let personRequirements: JSONValue = [
        "alternatives": [], "currently_due": [], "errors": [], "eventually_due": [], "past_due": [],
        "pending_verification": [],
    ]

    /// The `type` and `controller` members from either `type` or `controller[...]` parameters.
    static func typeAndController(_ params: Params) throws(SimError) -> (type: String, controller: JSONValue) {
        let type = try params.string("type")
        // `controller=` asks to unset the controller, which an account cannot do (Stripe:
        // `parameter_invalid_empty`); so is `controller[fees]=` and the like.
        for path in ["controller", "controller[fees]", "controller[losses]", "controller[stripe_dashboard]"]
        where params.isEmptyValue(path) {
            throw SimError.cannotUnset(path)
        }
        let controller = try params.hash("controller", allowed: ["fees", "losses", "requirement_collection", "stripe_dashboard"])
        if type != nil, controller != nil {
            throw SimError.invalidRequest("You cannot specify both `type` and `controller`.", param: "controller")
        }
        if let type {
            guard ["standard", "express", "custom"].contains(type) else {
                throw SimError.invalidRequest(
                    "Invalid type: must be one of standard, express, or custom", param: "type", code: "parameter_invalid_string")
            }
            return (type, controllerOf(type: type))
        }
        // Neither: the platform's default controller properties, the ones with the lowest
        // onboarding complexity (Stripe-hosted dashboard, Stripe collects requirements).
        let dashboard = try controller?.hash("stripe_dashboard", allowed: ["type"])?.string("type") ?? "full"
        let feesPayer = try controller?.hash("fees", allowed: ["payer"])?.string("payer") ?? "account"
        let losses = try controller?.hash("losses", allowed: ["payments"])?.string("payments") ?? "stripe"
        let collection = try controller?.string("requirement_collection") ?? "stripe"
        let derived: String
        switch dashboard {
        case "full": derived = "standard"
        case "express": derived = "express"
        case "none": derived = "custom"
        default:
            throw SimError.invalidRequest("Invalid stripe_dashboard type", param: "controller[stripe_dashboard][type]")
        }
        return (
            derived,
            [
                "type": controller == nil ? "account" : "application", "is_controller": .bool(controller != nil),
                "fees": ["payer": .string(feesPayer)], "losses": ["payments": .string(losses)],
                "requirement_collection": .string(collection), "stripe_dashboard": ["type": .string(dashboard)],
            ]
        )
    }

    /// The controller properties Stripe gives an account of `type`
    /// (https://docs.stripe.com/connect/migrate-to-controller-properties).
    static func controllerOf(type: String) -> JSONValue {
        switch type {
        case "standard":
            return [
                "type": "account", "is_controller": false, "fees": ["payer": "account"], "losses": ["payments": "stripe"],
                "requirement_collection": "stripe", "stripe_dashboard": ["type": "full"],
            ]
        case "express":
            return [
                "type": "application", "is_controller": true, "fees": ["payer": "application"],
                "losses": ["payments": "application"], "requirement_collection": "stripe",
                "stripe_dashboard": ["type": "express"],
            ]
        default:
            return [
                "type": "application", "is_controller": true, "fees": ["payer": "application"],
                "losses": ["payments": "application"], "requirement_collection": "application",
                "stripe_dashboard": ["type": "none"],
            ]
        }
    }

    /// Stripe's `capability` object for one of an account's capabilities (`status` as stored:
    /// `active`, `inactive`, `pending`), requested when the account was created, with empty
    /// `requirements` and `future_requirements` (the account's own requirements say what is due).
    static func capability(_ name: String, status: JSONValue, account: JSONValue) -> JSONValue {
        let requirements: JSONValue = [
            "alternatives": [], "current_deadline": nil, "currently_due": [], "disabled_reason": nil, "errors": [],
            "eventually_due": [], "past_due": [], "pending_verification": [],
        ]
        return [
            "id": .string(name), "object": "capability", "account": account["id"] ?? nil, "requested": true,
            "requested_at": account["created"] ?? nil, "status": status, "requirements": requirements,
            "future_requirements": requirements,
        ]
    }

    /// Requested capabilities as `{name: "inactive"}`.
    static func capabilities(_ params: Params) throws(SimError) -> JSONValue {
        var result: [String: JSONValue] = [:]
        guard let capabilities = try params.hash("capabilities") else { return .object(result) }
        for name in capabilities.values.keys {
            if try capabilities.hash(name, allowed: ["requested"])?.bool("requested") == true {
                result[name] = "inactive"
            }
        }
        return .object(result)
    }
}
