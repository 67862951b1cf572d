import HTTPServer

/// `/v1/accounts` (create with `type` or controller properties, retrieve, update, list,
/// delete) and `/v1/account`. Accounts belong to the platform; a connected account may
/// read itself through `Stripe-Account`. See https://docs.stripe.com/api/accounts.
enum AccountEndpoints {
    static let writable: Set<String> = [
        "email", "metadata", "business_profile", "business_type", "company", "individual", "settings",
        "tos_acceptance", "capabilities", "default_currency", "external_account",
    ]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("POST", "/v1/accounts", Endpoint(writable.union(["type", "controller", "country"]), create))
        paths.add(
            "GET", "/v1/accounts",
            Endpoint(SimList.parameters) { call throws(SimError) in
                guard call.account == nil else { throw SimError.invalidRequest("Connected accounts cannot list accounts.", param: nil) }
                return try SimList.page(
                    call.state.list(type: "account", scope: SimState.platform),
                    url: "/v1/accounts", params: call.params)
            })
        paths.add("GET", "/v1/accounts/:id", Endpoint([]) { call throws(SimError) in try visible(call, call.id()) })
        paths.add(
            "GET", "/v1/account",
            Endpoint([]) { call throws(SimError) in
                guard let account = call.account else { return platformAccount }
                return try visible(call, account)
            })
        paths.add("POST", "/v1/accounts/:id", Endpoint(writable, update))
        paths.add(
            "GET", "/v1/accounts/:id/capabilities",
            Endpoint([]) { call throws(SimError) in
                let account = try visible(call, call.id(), param: "account")
                let items = (account["capabilities"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.map { name, status in
                    AccountObjects.capability(name, status: status, account: account)
                }
                return ["object": "list", "data": .array(items), "has_more": false, "url": .string("/v1/accounts/\(call.id())/capabilities")]
            })
        paths.add(
            "DELETE", "/v1/accounts/:id",
            Endpoint([]) { call throws(SimError) in
                _ = try visible(call, call.id())
                call.state.remove(call.id())
                return call.deletedObject("account")
            })
    }

    static let platformAccount: JSONValue = [
        "id": "acct_platform", "object": "account", "type": "standard", "charges_enabled": true,
        "payouts_enabled": true, "details_submitted": true, "country": "US", "default_currency": "usd",
    ]

    /// The account `id` if the caller may see it (the platform, or the account itself).
    static func visible(_ call: SimCall, _ id: String, param: String = "id") throws(SimError) -> JSONValue {
        guard call.account == nil || call.account == id,
            let account = call.state.get(id, scope: SimState.platform), account["object"] == "account"
        else {
            throw SimError.missingResource("account", id, param: param)
        }
        return account
    }

    static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        guard call.account == nil else {
            throw SimError.invalidRequest("Connected accounts cannot create accounts.", param: nil)
        }
        let params = call.params
        let (type, controller) = try AccountObjects.typeAndController(params)
        let id = SimIDs.make("acct", length: 16)
        let country = try params.string("country") ?? "US"
        let currency = try params.string("default_currency") ?? (country == "US" ? "usd" : country == "GB" ? "gbp" : "eur")
        var account: JSONValue = [
            "id": .string(id), "object": "account", "type": .string(type), "controller": controller,
            "business_profile": ["mcc": nil, "name": nil, "url": nil, "support_email": nil, "product_description": nil],
            "business_type": nil,
            "capabilities": try AccountObjects.capabilities(params),
            "charges_enabled": false, "payouts_enabled": false, "details_submitted": false,
            "country": .string(country), "created": .int(call.now),
            "default_currency": .string(currency),
            "email": nil,
            "external_accounts": [
                "object": "list", "data": [], "has_more": false,
                "url": .string("/v1/accounts/\(id)/external_accounts"),
            ],
            "future_requirements": AccountObjects.requirements([], disabledReason: nil),
            "metadata": try params.metadata() ?? [:],
            "requirements": AccountObjects.requirements([], disabledReason: nil),
            "settings": AccountObjects.settings(type: type),
            "tos_acceptance": ["date": nil, "ip": nil, "user_agent": nil],
        ]
        try applyPrefill(call, params, to: &account, currency: currency, country: country, onboardingStarted: false)
        AccountRequirements.recompute(&account, state: call.state)
        call.state.insert(account, scope: SimState.platform)
        PayoutMachine.scheduleNextRun(state: call.state, account: id)
        return account
    }

    /// Fields Stripe locks once onboarding started on an account whose requirements Stripe
    /// collects (https://docs.stripe.com/api/accounts/update: `business_type`, `company`,
    /// `individual`, `external_account` "can only be updated for accounts where
    /// controller.requirement_collection is application" once an Account Link or Account
    /// Session exists).
    static let lockedAfterOnboarding = ["business_type", "business_profile", "individual", "company", "external_account"]

    /// Applies the prefillable parameters (e-mail, business type and profile, individual,
    /// company, bank account, terms, settings) to `account`, refusing what Stripe refuses the
    /// platform: `tos_acceptance` unless the platform collects requirements, and the locked
    /// fields once onboarding started on an account whose requirements Stripe collects.
    static func applyPrefill(
        _ call: SimCall, _ params: Params, to account: inout JSONValue, currency: String,
        country: String, onboardingStarted: Bool
    ) throws(SimError) {
        let stripeCollects = account.value(at: "controller.requirement_collection") != "application"
        if stripeCollects, params.has("tos_acceptance") {
            throw SimError.invalidRequest(
                "You cannot accept the Terms of Service on behalf of accounts where `controller.requirement_collection` is `stripe` (including Standard and Express accounts); Stripe collects it during onboarding.",
                param: "tos_acceptance")
        }
        if stripeCollects, onboardingStarted, let locked = lockedAfterOnboarding.first(where: params.has) {
            throw SimError.invalidRequest(
                "This account's `\(locked)` can no longer be updated by the platform: onboarding has started and `controller.requirement_collection` is `stripe`, so the account holder maintains it.",
                param: locked)
        }
        if let email = try params.string("email") { account["email"] = email.isEmpty ? .null : .string(email) }
        if let businessType = try params.string("business_type") {
            guard ["individual", "company", "non_profit", "government_entity"].contains(businessType) else {
                throw SimError.notOneOf("business_type", ["individual", "company", "non_profit", "government_entity"])
            }
            account["business_type"] = .string(businessType)
        }
        if let profile = params.json("business_profile") { account["business_profile"] = merge(account["business_profile"], profile) }
        for key in ["individual", "company"] {
            guard var given = params.json(key) else { continue }
            guard given.objectValue != nil else { throw SimError.invalidRequest("Invalid hash", param: key, code: "parameter_invalid_hash") }
            // Secrets are never echoed: Stripe answers `*_provided` flags instead.
            for (secret, flag) in [
                ("id_number", "id_number_provided"), ("ssn_last_4", "ssn_last_4_provided"),
                ("tax_id", "tax_id_provided"),
            ] where given[secret] != nil {
                given[secret] = nil
                given[flag] = true
            }
            account[key] = merge(account[key], typed(given, integers: ["day", "month", "year"]))
        }
        if let bank = try ExternalAccounts.bankAccount(
            params, accountId: account["id"]?.stringValue ?? "",
            currency: currency, country: country)
        {
            ExternalAccounts.attach(bank, to: &account)
            if let id = bank["id"]?.stringValue, let code = try PayoutTestAccounts.failureCode(params) {
                call.state.secrets[PayoutTestAccounts.annotationKey(id)] = code
            }
        }
        if let tos = params.json("tos_acceptance") {
            account["tos_acceptance"] = merge(account["tos_acceptance"], typed(tos, integers: ["date"]))
        }
        if let settings = params.json("settings") {
            account["settings"] = merge(
                account["settings"],
                typed(settings, integers: ["delay_days", "monthly_anchor"], booleans: ["debit_negative_balances", "avs_failure", "cvc_failure"]))
        }
        if let currency = try params.string("default_currency") { account["default_currency"] = .string(currency) }
    }

    /// `value` (form parameters as JSON: every scalar a string) with the members named in
    /// `integers` and `booleans` as Stripe's object types them (`tos_acceptance[date]=1796353897`
    /// is the integer 1796353897); a value that does not parse stays as sent.
    static func typed(_ value: JSONValue, integers: Set<String>, booleans: Set<String> = []) -> JSONValue {
        guard case .object(let members) = value else { return value }
        var typedMembers: [String: JSONValue] = [:]
        for (key, member) in members {
            switch member {
            case .string(let text) where integers.contains(key): typedMembers[key] = Int(text).map { .int($0) } ?? member
            case .string(let text) where booleans.contains(key): typedMembers[key] = Bool(text).map { .bool($0) } ?? member
            default: typedMembers[key] = typed(member, integers: integers, booleans: booleans)
            }
        }
        return .object(typedMembers)
    }

    /// `patch` deep-merged into `base` (objects member by member; anything else replaced).
    static func merge(_ base: JSONValue?, _ patch: JSONValue) -> JSONValue {
        guard case .object(var merged) = base ?? .null, case .object(let changes) = patch else { return patch }
        for (key, value) in changes { merged[key] = merge(merged[key], value) }
        return .object(merged)
    }

    private static func update(_ call: SimCall) throws(SimError) -> JSONValue {
        let old = try visible(call, call.id())
        var account = old
        let params = call.params
        let started = call.state.secrets["onboarding_started:\(call.id())"] != nil
        try applyPrefill(
            call, params, to: &account, currency: account["default_currency"]?.stringValue ?? "usd",
            country: account["country"]?.stringValue ?? "US", onboardingStarted: started)
        if let changes = try params.hash("metadata") {
            var merged = account["metadata"]?.objectValue ?? [:]
            for (key, value) in changes.values {
                let text = value.stringValue ?? ""
                merged[key] = text.isEmpty ? nil : .string(text)
            }
            account["metadata"] = .object(merged)
        }
        if params.has("capabilities") {
            var capabilities = account["capabilities"]?.objectValue ?? [:]
            for (name, status) in try AccountObjects.capabilities(params).objectValue ?? [:] where capabilities[name] == nil {
                capabilities[name] = status
            }
            account["capabilities"] = .object(capabilities)
        }
        AccountRequirements.recompute(&account, state: call.state)
        guard account != old else { return account }
        call.state.replace(account)
        let newBanks =
            (account.value(at: "external_accounts.data")?.arrayValue ?? []).count
            - (old.value(at: "external_accounts.data")?.arrayValue ?? []).count
        if newBanks > 0, let bank = account.value(at: "external_accounts.data")?.arrayValue?.first {
            call.state.emit(
                "account.external_account.created", bank, scope: call.id(),
                requestId: call.requestId, idempotencyKey: call.idempotencyKey)
        }
        call.state.emit(
            "account.updated", account, scope: call.id(),
            previous: SimState.previousAttributes(old: old, new: account),
            requestId: call.requestId, idempotencyKey: call.idempotencyKey)
        return account
    }
}
