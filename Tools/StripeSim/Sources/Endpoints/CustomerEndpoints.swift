import HTTPServer

/// `/v1/customers`, `/v1/customer_sessions` and `/v1/ephemeral_keys`, scoped to the
/// calling account. See https://docs.stripe.com/api/customers,
/// https://docs.stripe.com/api/customer_sessions.
enum CustomerEndpoints {
    static let writable: Set<String> = [
        "email", "name", "description", "metadata", "phone", "address", "shipping", "payment_method",
        "invoice_settings", "preferred_locales",
    ]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/customers",
            Endpoint(writable) { call throws(SimError) in
                var customer: JSONValue = [
                    "id": .string(SimIDs.make("cus", length: 14)), "object": "customer", "created": .int(call.now),
                    "address": nil, "balance": 0, "currency": nil, "default_source": nil, "delinquent": false, "discount": nil,
                    "next_invoice_sequence": 1,
                    "description": nil, "email": nil, "invoice_prefix": .string(String(SimIDs.make("x", length: 7).dropFirst(2)).uppercased()),
                    "invoice_settings": ["custom_fields": nil, "default_payment_method": nil, "footer": nil],
                    "livemode": false, "metadata": [:], "name": nil, "phone": nil, "preferred_locales": [],
                    "shipping": nil, "tax_exempt": "none", "test_clock": nil,
                ]
                try apply(call.params, to: &customer, state: call.state, scope: call.scope)
                call.state.insert(customer, scope: call.scope)
                call.emit("customer.created", customer)
                return customer
            })
        paths.add(
            "GET", "/v1/customers",
            Endpoint(SimList.parameters.union(["email"])) { call throws(SimError) in
                let email = try call.params.string("email")
                let items = call.state.list(type: "customer", scope: call.scope) { email == nil || $0["email"]?.stringValue == email }
                return try SimList.page(items, url: "/v1/customers", params: call.params)
            })
        paths.add(
            "GET", "/v1/customers/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "customer", scope: call.scope)
            })
        paths.add(
            "POST", "/v1/customers/:id",
            Endpoint(writable) { call throws(SimError) in
                let old = try call.state.require(call.id(), type: "customer", scope: call.scope)
                var customer = old
                try apply(call.params, to: &customer, state: call.state, scope: call.scope)
                call.state.replace(customer)
                call.emit("customer.updated", customer, previous: SimState.previousAttributes(old: old, new: customer))
                return customer
            })
        paths.add(
            "DELETE", "/v1/customers/:id",
            Endpoint([]) { call throws(SimError) in
                let customer = try call.state.require(call.id(), type: "customer", scope: call.scope)
                call.state.remove(call.id())
                call.emit("customer.deleted", customer)
                return call.deletedObject("customer")
            })
        paths.add("POST", "/v1/customer_sessions", Endpoint(["customer", "components"], createSession))
        paths.add("POST", "/v1/ephemeral_keys", Endpoint(["customer", "issuing_card", "nonce", "verification_session"], createEphemeralKey))
        paths.add(
            "DELETE", "/v1/ephemeral_keys/:id",
            Endpoint([]) { call throws(SimError) in
                var key = try call.state.require(call.id(), type: "ephemeral_key", scope: call.scope)
                call.state.remove(call.id())
                key["secret"] = nil
                key["expires"] = .int(call.now)
                return key
            })
    }

    /// `method` when it is attached to `customer`, else Stripe's refusal of
    /// `invoice_settings[default_payment_method]`: "No such PaymentMethod" for an unknown id,
    /// "The customer does not have a payment method with the ID …" for one attached to
    /// nobody or to another customer (400, `resource_missing`).
    private static func attachedMethod(_ method: String, customer: JSONValue, state: SimState, scope: String) throws(SimError) -> String {
        let param = "invoice_settings[default_payment_method]"
        guard let found = state.get(method, scope: scope), found["object"] == "payment_method" else {
            throw SimError.invalidRequest("No such PaymentMethod: '\(method)'", param: param, code: "resource_missing")
        }
        guard let owner = found["customer"]?.stringValue, owner == customer["id"]?.stringValue else {
            throw SimError.invalidRequest(
                "The customer does not have a payment method with the ID \(method). The payment method must be attached to the customer.",
                param: param, code: "resource_missing")
        }
        return method
    }

    private static func apply(_ params: Params, to customer: inout JSONValue, state: SimState, scope: String) throws(SimError) {
        for key in ["email", "name", "description", "phone"] {
            if let value = try params.string(key) { customer[key] = value.isEmpty ? .null : .string(value) }
        }
        for key in ["address", "shipping"] { if let value = params.json(key) { customer[key] = value } }
        if let settings = try params.hash("invoice_settings", allowed: ["custom_fields", "default_payment_method", "footer", "rendering_options"]) {
            var merged = customer["invoice_settings"] ?? [:]
            for key in settings.values.keys where key != "default_payment_method" { merged[key] = params.json("invoice_settings")?[key] ?? .null }
            if let method = try settings.string("default_payment_method") {
                merged["default_payment_method"] =
                    method.isEmpty ? .null : .string(try attachedMethod(method, customer: customer, state: state, scope: scope))
            }
            customer["invoice_settings"] = merged
        }
        if let locales = try params.stringArray("preferred_locales") { customer["preferred_locales"] = .strings(locales) }
        if let metadata = try params.metadata() { customer["metadata"] = metadata }
    }

    /// The `features` each customer session component takes (Stripe's
    /// `components[<name>][features]` create parameters) with the value each has when not
    /// sent: Stripe's defaults for the Payment Element (`payment_method_allow_redisplay_filters`
    /// `["always"]`, the others `disabled`, the limit and usage unset), unset (`null`) for the
    /// mobile Payment Element and the Customer Sheet as Stripe answers them. A component without
    /// features takes only `enabled`. Any other key is `parameter_unknown`, with its full
    /// bracketed name.
    static let featureDefaults: [String: [String: JSONValue]] = [
        "payment_element": [
            "payment_method_allow_redisplay_filters": ["always"], "payment_method_redisplay": "disabled",
            "payment_method_redisplay_limit": nil, "payment_method_remove": "disabled", "payment_method_save": "disabled",
            "payment_method_save_usage": nil,
        ],
        "mobile_payment_element": [
            "payment_method_allow_redisplay_filters": nil, "payment_method_redisplay": nil, "payment_method_remove": nil,
            "payment_method_save": nil, "payment_method_save_allow_redisplay_override": nil,
        ],
        "customer_sheet": ["payment_method_allow_redisplay_filters": nil, "payment_method_remove": nil],
    ]

    /// Every component of Stripe's `customer_session` (each is in the answer).
    static let componentNames: Set<String> = [
        "mobile_payment_element", "payment_element", "customer_sheet", "buy_button", "pricing_table",
        "active_entitlements", "customer_portal",
    ]

    private static func createSession(_ call: SimCall) throws(SimError) -> JSONValue {
        let customerId = try call.params.requiredString("customer")
        _ = try call.state.require(customerId, type: "customer", scope: call.scope, param: "customer")
        guard let components = try call.params.hash("components", allowed: componentNames) else {
            throw SimError.missing("components")
        }
        var rendered: [String: JSONValue] = [:]
        for name in componentNames.sorted() {
            rendered[name] = ["enabled": false]
            if let defaults = featureDefaults[name] { rendered[name]?["features"] = .object(defaults) }
        }
        var anyEnabled = false
        for name in components.values.keys.sorted() {
            let defaults = featureDefaults[name]
            guard let component = try components.hash(name, allowed: defaults == nil ? ["enabled"] : ["enabled", "features"]) else {
                continue
            }
            let enabled = try component.bool("enabled") ?? false
            anyEnabled = anyEnabled || enabled
            rendered[name]?["enabled"] = .bool(enabled)
            if let defaults, let sent = try component.hash("features", allowed: Set(defaults.keys)) {
                var features = defaults
                for key in sent.values.keys {
                    features[key] =
                        key == "payment_method_redisplay_limit"
                        ? .optional(try sent.int(key)) : (sent.json(key) ?? .null)
                }
                rendered[name]?["features"] = .object(features)
            }
        }
        guard anyEnabled else {
            throw SimError.invalidRequest("At least one component must be enabled.", param: "components")
        }
        let session: JSONValue = [
            "object": "customer_session", "client_secret": .string(SimIDs.make("cuss_secret", length: 40)),
            "components": .object(rendered), "created": .int(call.now), "customer": .string(customerId),
            "expires_at": .int(call.now + 1800), "livemode": false, "customer_account": nil,
        ]
        return session
    }

    private static func createEphemeralKey(_ call: SimCall) throws(SimError) -> JSONValue {
        guard let version = call.stripeVersion, !version.isEmpty else {
            throw SimError.invalidRequest(
                "Stripe-Version header is required when creating ephemeral keys; use the API version the mobile SDK asks for.", param: nil)
        }
        let customerId = try call.params.requiredString("customer")
        _ = try call.state.require(customerId, type: "customer", scope: call.scope, param: "customer")
        let key: JSONValue = [
            "id": .string(SimIDs.make("ephkey")), "object": "ephemeral_key",
            "created": .int(call.now), "expires": .int(call.now + 3600), "livemode": false,
            "secret": .string(SimIDs.make("ek_test", length: 40)),
        ]
        call.state.insert(key, scope: call.scope)
        return key
    }
}
