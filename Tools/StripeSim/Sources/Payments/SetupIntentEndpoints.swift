import HTTPServer

/// `/v1/setup_intents`: create (optionally confirming), retrieve, update, confirm, cancel.
/// See https://docs.stripe.com/api/setup_intents. A SetupIntent saves a PaymentMethod for
/// later without charging it: `requires_payment_method` → (`requires_confirmation`) →
/// (`requires_action` for 3-D Secure: `4000002500003155` and `4000002760003184` ask for it
/// when set up) → `succeeded`, which attaches the method to the `customer` and, with
/// `usage=off_session` (the default), marks it set up for off-session payments. A declining
/// card answers 402 with `setup_intent` in the error and `setup_intent.setup_failed`.
enum SetupIntentEndpoints {
    static let createFields: Set<String> = [
        "customer", "payment_method_types", "allowed_payment_method_types", "automatic_payment_methods", "usage",
        "payment_method", "confirm", "metadata", "description", "on_behalf_of", "return_url", "payment_method_options",
        "flow_directions", "mandate_data", "payment_method_data", "single_use", "use_stripe_sdk", "attach_to_self",
        "excluded_payment_method_types",
    ]
    static let updateFields: Set<String> = [
        "customer", "payment_method", "payment_method_types", "allowed_payment_method_types", "metadata", "description",
        "payment_method_options", "flow_directions", "excluded_payment_method_types",
    ]
    static let confirmFields: Set<String> = [
        "payment_method", "return_url", "payment_method_options", "mandate_data", "use_stripe_sdk", "payment_method_data",
    ]
    /// The types a SetupIntent can save in the simulator.
    static let savableTypes: Set<String> = ["card", "sepa_debit", "us_bank_account", "link"]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("POST", "/v1/setup_intents", Endpoint(createFields, create))
        // Stripe's SetupIntent list, filtered by `customer` and `payment_method`, newest first.
        paths.add(
            "GET", "/v1/setup_intents",
            Endpoint(SimList.parameters.union(["customer", "payment_method", "attach_to_self"])) { call throws(SimError) in
                let customer = try call.params.string("customer")
                let method = try call.params.string("payment_method")
                _ = try call.params.bool("attach_to_self")
                let items = call.state.list(type: "setup_intent", scope: call.scope) {
                    (customer == nil || $0["customer"]?.stringValue == customer) && (method == nil || $0["payment_method"]?.stringValue == method)
                }
                return try SimList.page(items, url: "/v1/setup_intents", params: call.params)
            })
        paths.add(
            "GET", "/v1/setup_intents/:id",
            Endpoint(["client_secret"]) { call throws(SimError) in
                try call.state.require(call.id(), type: "setup_intent", scope: call.scope, noun: "setupintent")
            })
        paths.add(
            "POST", "/v1/setup_intents/:id",
            Endpoint(updateFields) { call throws(SimError) in
                var si = try call.state.require(call.id(), type: "setup_intent", scope: call.scope, noun: "setupintent")
                guard ["requires_payment_method", "requires_confirmation", "requires_action"].contains(si["status"]?.stringValue ?? "") else {
                    throw SimError.unexpectedState(
                        "setup_intent_unexpected_state",
                        "This SetupIntent could not be updated because it has a status of \(si["status"]?.stringValue ?? "").")
                }
                try apply(call, to: &si)
                call.state.replace(si)
                return si
            })
        paths.add(
            "POST", "/v1/setup_intents/:id/confirm",
            Endpoint(confirmFields) { call throws(SimError) in
                try confirm(call, si: try call.state.require(call.id(), type: "setup_intent", scope: call.scope, noun: "setupintent"))
            })
        paths.add(
            "POST", "/v1/setup_intents/:id/cancel",
            Endpoint(["cancellation_reason"]) { call throws(SimError) in
                var si = try call.state.require(call.id(), type: "setup_intent", scope: call.scope, noun: "setupintent")
                guard ["requires_payment_method", "requires_confirmation", "requires_action"].contains(si["status"]?.stringValue ?? "") else {
                    throw SimError.unexpectedState(
                        "setup_intent_unexpected_state",
                        "You cannot cancel this SetupIntent because it has a status of \(si["status"]?.stringValue ?? "").")
                }
                si["status"] = "canceled"
                si["cancellation_reason"] = .optional(try call.params.string("cancellation_reason"))
                call.state.replace(si)
                call.emit("setup_intent.canceled", si)
                return si
            })
    }

    private static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        let id = SimIDs.make("seti")
        var si: JSONValue = [
            "id": .string(id), "object": "setup_intent", "application": nil, "automatic_payment_methods": nil,
            "cancellation_reason": nil, "client_secret": .string("\(id)_secret_\(SimIDs.make("s", length: 24).dropFirst(2))"),
            "created": .int(call.now), "customer": nil, "description": nil, "flow_directions": nil, "last_setup_error": nil,
            "latest_attempt": nil, "livemode": false, "mandate": nil, "metadata": [:], "next_action": nil, "on_behalf_of": nil,
            "payment_method": nil, "payment_method_configuration_details": nil, "payment_method_options": [:],
            "payment_method_types": ["card"], "single_use_mandate": nil, "status": "requires_payment_method",
            "usage": "off_session", "excluded_payment_method_types": nil,
        ]
        if let usage = try call.params.string("usage") {
            guard ["on_session", "off_session"].contains(usage) else {
                throw SimError.notOneOf("usage", ["off_session", "on_session"])
            }
            si["usage"] = .string(usage)
        }
        if let automatic = try call.params.hash("automatic_payment_methods", allowed: ["enabled", "allow_redirects"]) {
            if call.params.has("payment_method_types") || call.params.has("allowed_payment_method_types") {
                throw SimError.invalidRequest(
                    "You may only specify one of these parameters: automatic_payment_methods, payment_method_types.",
                    param: "automatic_payment_methods")
            }
            let enabled = try automatic.bool("enabled") ?? false
            si["automatic_payment_methods"] = [
                "enabled": .bool(enabled), "allow_redirects": .string(try automatic.string("allow_redirects") ?? "always"),
            ]
            if enabled { si["payment_method_types"] = ["card"] }
        }
        try apply(call, to: &si)
        if let returnURL = try call.params.string("return_url") { call.state.secrets["return:\(id)"] = returnURL }
        if si["payment_method"]?.stringValue != nil { si["status"] = "requires_confirmation" }
        call.state.insert(si, scope: call.scope)
        call.emit("setup_intent.created", si)
        if try call.params.bool("confirm") == true { return try confirm(call, si: si) }
        return si
    }

    private static func apply(_ call: SimCall, to si: inout JSONValue) throws(SimError) {
        let params = call.params
        for key in ["payment_method_types", "allowed_payment_method_types"] {
            guard let types = try params.stringArray(key) else { continue }
            for type in types where !savableTypes.contains(type) {
                throw SimError.invalidRequest("The payment method type \"\(type)\" is invalid.", param: key, code: "setup_intent_invalid_parameter")
            }
            si["payment_method_types"] = .strings(types)
        }
        if let customer = try params.string("customer") {
            _ = try call.state.require(customer, type: "customer", scope: call.scope, param: "customer")
            si["customer"] = .string(customer)
        }
        for key in ["description", "on_behalf_of"] {
            if let value = try params.string(key) { si[key] = value.isEmpty ? .null : .string(value) }
        }
        if let options = params.json("payment_method_options") { si["payment_method_options"] = options }
        if let metadata = try params.metadata() { si["metadata"] = metadata }
        if let method = try params.string("payment_method") {
            si["payment_method"] = .string(
                try TestPaymentMethod.resolve(method, call: call, param: "payment_method").object["id"]?.stringValue ?? method)
        }
    }

    /// Confirms `si` with the `payment_method` parameter or the one already set.
    static func confirm(_ call: SimCall, si old: JSONValue) throws(SimError) -> JSONValue {
        var si = old
        let status = si["status"]?.stringValue ?? ""
        guard ["requires_payment_method", "requires_confirmation", "requires_action"].contains(status) else {
            throw SimError.unexpectedState(
                "setup_intent_unexpected_state",
                "You cannot confirm this SetupIntent because it has a status of \(status).")
        }
        let id = si["id"]?.stringValue ?? ""
        if let returnURL = try call.params.string("return_url") { call.state.secrets["return:\(id)"] = returnURL }
        guard let name = try call.params.string("payment_method") ?? si["payment_method"]?.stringValue else {
            throw SimError.unexpectedState(
                "setup_intent_unexpected_state",
                "You cannot confirm this SetupIntent because it's missing a payment method.")
        }
        let (method, behaviour) = try TestPaymentMethod.resolve(name, call: call, param: "payment_method")
        let allowed = si["payment_method_types"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard allowed.contains(behaviour.type) else {
            throw SimError.invalidRequest(
                "The PaymentMethod provided (\(behaviour.type)) is not allowed for this SetupIntent.",
                param: "payment_method", code: "setup_intent_incompatible_payment_method")
        }
        if let owner = method["customer"]?.stringValue, owner != si["customer"]?.stringValue {
            throw SimError.invalidRequest(
                "The provided PaymentMethod is attached to another Customer (\(owner)).",
                param: "payment_method", code: "payment_method_invalid_parameter")
        }
        si["payment_method"] = method["id"] ?? nil
        si["last_setup_error"] = nil
        si["next_action"] = nil
        switch behaviour.outcome {
        case .succeed, .succeedLater:
            return succeed(call, si: si, methodId: method["id"]?.stringValue ?? "")
        case .failLater:
            return succeed(call, si: si, methodId: method["id"]?.stringValue ?? "")
        case .requireAction, .redirect:
            si["status"] = "requires_action"
            let url = "\(call.state.baseURL)/sim/setup_intents/\(id)/authenticate"
            if let returnURL = call.state.secrets["return:\(id)"] {
                si["next_action"] = ["type": "redirect_to_url", "redirect_to_url": ["return_url": .string(returnURL), "url": .string(url)]]
            } else {
                si["next_action"] = ["type": "use_stripe_sdk", "use_stripe_sdk": ["type": "three_d_secure_redirect", "stripe_js": .string(url)]]
            }
            call.state.replace(si)
            call.emit("setup_intent.requires_action", si)
            return si
        case .decline(let code, let declineCode, let message):
            si["status"] = "requires_payment_method"
            si["payment_method"] = nil
            si["last_setup_error"] = [
                "type": "card_error", "code": .string(code), "decline_code": .string(declineCode),
                "message": .string(message), "payment_method": method,
            ]
            call.state.replace(si)
            call.emit("setup_intent.setup_failed", si)
            var error = SimError(status: 402, type: "card_error", code: code, message: message, declineCode: declineCode)
            error.extra = ["setup_intent": si, "payment_method": method]
            throw error
        }
    }

    /// Marks `si` succeeded and saves its method for its customer.
    static func succeed(_ call: SimCall, si old: JSONValue, methodId: String) -> JSONValue {
        var si = old
        si["status"] = "succeeded"
        si["payment_method"] = .string(methodId)
        si["next_action"] = nil
        if let customer = si["customer"]?.stringValue {
            SavedPaymentMethods.attach(call: call, methodId: methodId, customer: customer, offSession: si["usage"] == "off_session")
        }
        call.state.replace(si)
        call.emit("setup_intent.succeeded", si)
        return si
    }
}
