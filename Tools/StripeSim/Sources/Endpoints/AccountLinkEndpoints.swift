import HTTPServer

/// `POST /v1/account_links` and `POST /v1/accounts/:id/login_links`. A link's `url` is
/// served by the simulator itself (`/sim/account_links/<id>`): single use, expiring after
/// the configured lifetime (300 s by default). See https://docs.stripe.com/api/account_links.
enum AccountLinkEndpoints {
    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/account_links",
            Endpoint(
                ["account", "type", "refresh_url", "return_url", "collect", "collection_options"], createLink))
        paths.add(
            "POST", "/v1/accounts/:id/login_links",
            Endpoint([]) { call throws(SimError) in
                guard call.account == nil else {
                    throw SimError.invalidRequest("Login links can only be created by the platform.", param: nil)
                }
                let account = try AccountEndpoints.visible(call, call.id(), param: "account")
                guard account.value(at: "controller.stripe_dashboard.type") == "express" || account["type"] == "express" else {
                    throw SimError.invalidRequest(
                        "Login links can only be created for accounts with access to the Express Dashboard (`controller.stripe_dashboard.type` `express`).",
                        param: "account")
                }
                let id = SimIDs.make("ll")
                return [
                    "object": "login_link", "created": .int(call.now),
                    "url": .string("\(call.state.baseURL)/sim/login_links/\(id)"),
                ]
            })
    }

    private static func createLink(_ call: SimCall) throws(SimError) -> JSONValue {
        let params = call.params
        guard call.account == nil else {
            throw SimError.invalidRequest("Account links can only be created by the platform.", param: nil)
        }
        let accountId = try params.requiredString("account")
        _ = try AccountEndpoints.visible(call, accountId, param: "account")
        let type = try params.requiredString("type")
        guard ["account_onboarding", "account_update"].contains(type) else {
            throw SimError.notOneOf("type", ["account_onboarding", "account_update"])
        }
        let refreshURL = try params.requiredString("refresh_url")
        let returnURL = try params.requiredString("return_url")
        if let collect = try params.string("collect"), !["currently_due", "eventually_due"].contains(collect) {
            throw SimError.invalidRequest("Invalid collect", param: "collect")
        }
        let id = SimIDs.make("acctlink")
        let link: JSONValue = [
            "id": .string(id), "object": "sim.account_link", "account": .string(accountId), "type": .string(type),
            "refresh_url": .string(refreshURL), "return_url": .string(returnURL), "used": false,
            "created": .int(call.now), "expires_at": .int(call.now + call.state.accountLinkLifetime),
        ]
        call.state.insert(link, scope: SimState.platform)
        call.state.secrets["onboarding_started:\(accountId)"] = "account_link"
        return [
            "object": "account_link", "created": .int(call.now), "expires_at": link["expires_at"] ?? nil,
            "url": .string("\(call.state.baseURL)/sim/account_links/\(id)"),
        ]
    }

    /// Completes onboarding: details submitted, requirements cleared, terms accepted; each
    /// requested capability goes `inactive` → `pending` (a `capability.updated` event) while
    /// Stripe "verifies", then `active` (another), and charges and payouts are enabled with
    /// one `account.updated`. Future requirements stay as they were.
    static func completeOnboarding(_ state: SimState, accountId: String) {
        guard let old = state.get(accountId, scope: SimState.platform) else { return }
        var account = old
        var capabilities = account["capabilities"]?.objectValue ?? [:]
        if capabilities.isEmpty { capabilities = ["card_payments": "inactive", "transfers": "inactive"] }
        for status in ["pending", "active"] {
            for name in capabilities.keys.sorted()
            where capabilities[name]?.stringValue != status
                && capabilities[name]?.stringValue != "active"
            {
                capabilities[name] = .string(status)
                state.emit(
                    "capability.updated", capability(name, status: status, accountId: accountId, now: state.now),
                    scope: accountId, previous: ["status": status == "pending" ? "inactive" : "pending"])
            }
        }
        account["details_submitted"] = true
        account["charges_enabled"] = true
        account["payouts_enabled"] = true
        account["requirements"] = AccountObjects.requirements([], disabledReason: nil)
        account["capabilities"] = .object(capabilities)
        account["tos_acceptance"] = ["date": .int(state.now), "ip": "127.0.0.1", "user_agent": "stripe-sim"]
        guard account != old else { return }
        state.replace(account)
        state.emit(
            "account.updated", account, scope: accountId,
            previous: SimState.previousAttributes(old: old, new: account))
    }

    /// A Capability object (https://docs.stripe.com/api/capabilities/object).
    static func capability(_ name: String, status: String, accountId: String, now: Int) -> JSONValue {
        [
            "id": .string(name), "object": "capability", "account": .string(accountId), "requested": true,
            "requested_at": .int(now), "status": .string(status),
            "requirements": AccountObjects.requirements([], disabledReason: nil),
            "future_requirements": AccountObjects.requirements([], disabledReason: nil),
        ]
    }
}
