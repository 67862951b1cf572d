import HTTPServer

/// `/v1/accounts` (create with `type` or controller properties, retrieve, update, list,
/// delete) and `/v1/account`. Accounts belong to the platform; a connected account may
/// read itself through `Stripe-Account`. See https://docs.stripe.com/api/accounts.
enum AccountEndpoints {
    static let writable: Set<String> = [
        "email", "metadata", "business_profile", "business_type", "company", "individual", "settings",
        "tos_acceptance", "capabilities", "default_currency", "external_account",
    ]

    static func register(_ router: inout Router<Endpoint>) {
        router.add("POST", "/v1/accounts", Endpoint(writable.union(["type", "controller", "country"]), create))
        router.add("GET", "/v1/accounts", Endpoint(SimList.parameters) { call throws(SimError) in
            guard call.account == nil else { throw SimError.invalidRequest("Connected accounts cannot list accounts.", param: nil) }
            return try SimList.page(call.state.list(type: "account", scope: SimState.platform),
                                    url: "/v1/accounts", params: call.params)
        })
        router.add("GET", "/v1/accounts/:id", Endpoint([]) { call throws(SimError) in try visible(call, call.id()) })
        router.add("GET", "/v1/account", Endpoint([]) { call throws(SimError) in
            guard let account = call.account else { return platformAccount }
            return try visible(call, account)
        })
        router.add("POST", "/v1/accounts/:id", Endpoint(writable, update))
        router.add("DELETE", "/v1/accounts/:id", Endpoint([]) { call throws(SimError) in
            _ = try visible(call, call.id())
            call.state.remove(call.id())
            return ["id": .string(call.id()), "object": "account", "deleted": true]
        })
    }

    static let platformAccount: JSONValue = [
        "id": "acct_platform", "object": "account", "type": "standard", "charges_enabled": true,
        "payouts_enabled": true, "details_submitted": true, "country": "US", "default_currency": "usd",
    ]

    /// The account `id` if the caller may see it (the platform, or the account itself).
    static func visible(_ call: SimCall, _ id: String, param: String = "id") throws(SimError) -> JSONValue {
        guard call.account == nil || call.account == id,
              let account = call.state.get(id, scope: SimState.platform), account["object"] == "account" else {
            throw SimError.missingResource("account", id, param: param)
        }
        return account
    }

    private static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        guard call.account == nil else {
            throw SimError.invalidRequest("Connected accounts cannot create accounts.", param: nil)
        }
        let params = call.params
        let (type, controller) = try AccountObjects.typeAndController(params)
        let id = SimIDs.make("acct", length: 16)
        let country = try params.string("country") ?? "US"
        let account: JSONValue = [
            "id": .string(id), "object": "account", "type": .string(type), "controller": controller,
            "business_profile": params.json("business_profile") ?? ["mcc": nil, "name": nil, "url": nil, "support_email": nil],
            "business_type": .optional(try params.string("business_type")),
            "capabilities": try AccountObjects.capabilities(params),
            "charges_enabled": false, "payouts_enabled": false, "details_submitted": false,
            "country": .string(country), "created": .int(call.now),
            "default_currency": .string(try params.string("default_currency") ?? (country == "US" ? "usd" : "eur")),
            "email": .optional(try params.string("email")),
            "external_accounts": ["object": "list", "data": [], "has_more": false, "url": .string("/v1/accounts/\(id)/external_accounts")],
            "future_requirements": AccountObjects.requirements([], disabledReason: nil),
            "metadata": try params.metadata() ?? [:],
            "requirements": AccountObjects.requirements(AccountObjects.onboardingRequirements, disabledReason: "requirements.past_due"),
            "settings": ["dashboard": ["display_name": nil, "timezone": "Etc/UTC"], "payouts": ["schedule": ["delay_days": 2, "interval": "daily"]]],
            "tos_acceptance": ["date": nil, "ip": nil, "user_agent": nil],
        ]
        call.state.insert(account, scope: SimState.platform)
        return account
    }

    private static func update(_ call: SimCall) throws(SimError) -> JSONValue {
        let old = try visible(call, call.id())
        var account = old
        let params = call.params
        if let email = try params.string("email") { account["email"] = email.isEmpty ? .null : .string(email) }
        if let changes = try params.hash("metadata") {
            var merged = account["metadata"]?.objectValue ?? [:]
            for (key, value) in changes.values {
                let text = value.stringValue ?? ""
                merged[key] = text.isEmpty ? nil : .string(text)
            }
            account["metadata"] = .object(merged)
        }
        for key in ["business_profile", "business_type", "company", "individual", "settings", "default_currency"] {
            if let value = params.json(key) { account[key] = value }
        }
        if let tos = params.json("tos_acceptance") { account["tos_acceptance"] = tos }
        if params.has("capabilities") {
            var capabilities = account["capabilities"]?.objectValue ?? [:]
            for (name, status) in try AccountObjects.capabilities(params).objectValue ?? [:] where capabilities[name] == nil {
                capabilities[name] = status
            }
            account["capabilities"] = .object(capabilities)
        }
        guard account != old else { return account }
        call.state.replace(account)
        call.state.emit("account.updated", account, scope: call.id(),
                        previous: SimState.previousAttributes(old: old, new: account),
                        requestId: call.requestId, idempotencyKey: call.idempotencyKey)
        return account
    }
}
