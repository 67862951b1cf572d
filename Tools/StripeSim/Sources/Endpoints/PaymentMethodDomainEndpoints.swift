import HTTPServer

/// `/v1/payment_method_domains`: create, retrieve, update, list and validate, per account
/// (`Stripe-Account`), in Stripe's object shape
/// (https://docs.stripe.com/api/payment_method_domains/object). In test mode every wallet is
/// `active` on a registered domain. One domain per hostname and account: registering it again is
/// refused (`domain_name`), as the simulator's own rule, so a client must list first.
enum PaymentMethodDomainEndpoints {
    /// The wallets a payment method domain reports, each `{status, status_details?}`.
    static let wallets = ["amazon_pay", "apple_pay", "google_pay", "klarna", "link", "paypal"]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("POST", "/v1/payment_method_domains", Endpoint(["domain_name", "enabled"], create))
        paths.add(
            "GET", "/v1/payment_method_domains",
            Endpoint(SimList.parameters.union(["domain_name", "enabled"])) { call throws(SimError) in
                let name = try call.params.string("domain_name")?.lowercased()
                let enabled = try call.params.bool("enabled")
                let items = call.state.list(type: "payment_method_domain", scope: call.scope) { domain in
                    (name == nil || domain["domain_name"]?.stringValue == name)
                        && (enabled == nil || domain["enabled"] == .bool(enabled ?? true))
                }
                return try SimList.page(items, url: "/v1/payment_method_domains", params: call.params)
            })
        paths.add(
            "GET", "/v1/payment_method_domains/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "payment_method_domain", scope: call.scope)
            })
        paths.add(
            "POST", "/v1/payment_method_domains/:id",
            Endpoint(["enabled"]) { call throws(SimError) in
                var domain = try call.state.require(call.id(), type: "payment_method_domain", scope: call.scope)
                if let enabled = try call.params.bool("enabled") { domain["enabled"] = .bool(enabled) }
                call.state.replace(domain)
                return domain
            })
        paths.add(
            "POST", "/v1/payment_method_domains/:id/validate",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "payment_method_domain", scope: call.scope)
            })
    }

    private static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        guard let raw = try call.params.string("domain_name") else { throw SimError.missing("domain_name") }
        let name = raw.lowercased()
        guard isHostname(name) else {
            throw SimError.invalidRequest(
                "Invalid domain name: \(raw). Domain names must be valid hostnames without a scheme, port or path.",
                param: "domain_name")
        }
        if !call.state.list(type: "payment_method_domain", scope: call.scope, where: { $0["domain_name"]?.stringValue == name }).isEmpty {
            throw SimError.invalidRequest("The domain \(name) is already registered on this account.", param: "domain_name")
        }
        var domain: JSONValue = [
            "id": .string(SimIDs.make("pmd")), "object": "payment_method_domain", "created": .int(call.now),
            "domain_name": .string(name), "enabled": .bool(try call.params.bool("enabled") ?? true), "livemode": false,
        ]
        for wallet in wallets { domain[wallet] = ["status": "active"] }
        call.state.insert(domain, scope: call.scope)
        return domain
    }

    /// Dot-separated labels of letters, digits and inner hyphens, the last starting with a letter.
    static func isHostname(_ name: String) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, name.utf8.count <= 253 else { return false }
        for label in labels {
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-",
                label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { return false }
        }
        return labels.last?.first?.isLetter == true
    }
}
