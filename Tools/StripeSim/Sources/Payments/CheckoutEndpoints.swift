import HTTPServer

/// `/v1/checkout/sessions` in `payment` mode: hosted (`success_url`, `url` served by the
/// simulator at `/sim/checkout/<id>`), embedded page or elements (`return_url` unless
/// `redirect_on_completion=never`, `client_secret`); retrieve, list, line items, expire. The
/// `ui_mode` names and the method-list parameter are those of the request's API version
/// (``SimAPIVersion``). See https://docs.stripe.com/api/checkout/sessions.
enum CheckoutEndpoints {
    static let createFields: Set<String> = [
        "mode", "line_items", "success_url", "cancel_url", "ui_mode", "return_url", "redirect_on_completion",
        "payment_intent_data", "customer", "customer_email", "customer_creation", "metadata", "client_reference_id",
        "expires_at", "locale", "submit_type", "billing_address_collection",
        "allow_promotion_codes", "automatic_tax", "phone_number_collection", "shipping_address_collection",
        "consent_collection", "custom_text", "payment_method_options", "saved_payment_method_options", "currency",
    ]
    static let paymentIntentDataFields: Set<String> = [
        "application_fee_amount", "capture_method", "description", "metadata", "receipt_email", "setup_future_usage",
        "statement_descriptor", "statement_descriptor_suffix", "transfer_data", "transfer_group", "on_behalf_of",
    ]

    /// The payment method types a session takes.
    static let methodTypes: Set<String> = [
        "card", "sepa_debit", "link", "bancontact", "eps", "ideal", "p24", "klarna", "paypal", "us_bank_account",
    ]

    /// The create parameters of `version`: `allowed_payment_method_types` and
    /// `excluded_payment_method_types` from 2026-09-30.endive on, `payment_method_types` before.
    static func createFields(_ version: SimAPIVersion) -> Set<String> {
        createFields.union(version.allowedTypesOnly ? ["allowed_payment_method_types", "excluded_payment_method_types"] : ["payment_method_types"])
    }

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("POST", "/v1/checkout/sessions", Endpoint(versioned: createFields, create))
        paths.add(
            "GET", "/v1/checkout/sessions",
            Endpoint(SimList.parameters.union(["payment_intent", "customer", "status"])) { call throws(SimError) in
                let pi = try call.params.string("payment_intent")
                let items = call.state.list(type: "checkout.session", scope: call.scope) { pi == nil || $0["payment_intent"]?.stringValue == pi }
                return try SimList.page(items, url: "/v1/checkout/sessions", params: call.params)
            })
        paths.add(
            "GET", "/v1/checkout/sessions/:id",
            Endpoint([]) { call throws(SimError) in
                var session = try find(call)
                if (try? call.params.stringArray("expand"))??.contains("line_items") == true {
                    session["line_items"] = lineItems(call, session)
                }
                return session
            })
        // Stripe's Checkout Session update: `metadata` (its `collected_information`,
        // `shipping_options` and `line_items` are not simulated: `parameter_unknown`).
        paths.add(
            "POST", "/v1/checkout/sessions/:id",
            Endpoint(["metadata"]) { call throws(SimError) in
                var session = try find(call)
                try SimUpdate.apply(call.params, to: &session)
                call.state.replace(session)
                return session
            })
        paths.add(
            "GET", "/v1/checkout/sessions/:id/line_items",
            Endpoint(SimList.parameters) { call throws(SimError) in
                lineItems(call, try find(call))
            })
        paths.add(
            "POST", "/v1/checkout/sessions/:id/expire",
            Endpoint([]) { call throws(SimError) in
                let session = try find(call)
                guard session["status"] == "open" else {
                    throw SimError.unexpectedState(
                        "checkout_session_unexpected_state",
                        "Only Checkout Sessions with a status of `open` can be expired. This session has a status of `\(session["status"]?.stringValue ?? "")`."
                    )
                }
                return CheckoutMachine.expire(call: call, session: session)
            })
    }

    static func find(_ call: SimCall) throws(SimError) -> JSONValue {
        let session = try call.state.require(call.id(), type: "checkout.session", scope: call.scope, noun: "checkout.session")
        return CheckoutMachine.expireIfDue(call: call, session: session)
    }

    private static func lineItems(_ call: SimCall, _ session: JSONValue) -> JSONValue {
        let id = session["id"]?.stringValue ?? ""
        return [
            "object": "list", "data": call.state.attachments["line_items:\(id)"] ?? [], "has_more": false,
            "url": .string("/v1/checkout/sessions/\(id)/line_items"),
        ]
    }

    private static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        let params = call.params
        let mode = try params.requiredString("mode")
        guard mode == "payment" else {
            throw SimError.invalidRequest("The simulator supports Checkout in payment mode only.", param: "mode")
        }
        let version = call.version
        let sent = try params.string("ui_mode") ?? version.uiModes[0]
        guard version.uiModes.contains(sent) else {
            throw SimError.notOneOf("ui_mode", version.uiModes)
        }
        let uiMode = SimAPIVersion.storedUIMode(sent)
        let successURL = try params.string("success_url")
        let returnURL = try params.string("return_url")
        let redirect = try params.string("redirect_on_completion")
        if uiMode == "hosted_page" {
            if returnURL != nil {
                throw SimError.invalidRequest(
                    "`return_url` can only be used with `ui_mode: \(version.uiMode("embedded_page"))` or `ui_mode: \(version.uiMode("elements"))`.",
                    param: "return_url")
            }
            if redirect != nil {
                throw SimError.invalidRequest(
                    "`redirect_on_completion` can only be used with `ui_mode: \(version.uiMode("embedded_page"))` or `ui_mode: \(version.uiMode("elements"))`.",
                    param: "redirect_on_completion")
            }
            guard successURL != nil else { throw SimError.missing("success_url") }
        } else {
            if successURL != nil || params.has("cancel_url") {
                throw SimError.invalidRequest(
                    "`success_url` and `cancel_url` cannot be used with `ui_mode: \(sent)`.", param: successURL != nil ? "success_url" : "cancel_url")
            }
            if let redirect, !["always", "if_required", "never"].contains(redirect) {
                throw SimError.notOneOf("redirect_on_completion", ["always", "if_required", "never"])
            }
            if redirect == "never" {
                if returnURL != nil {
                    throw SimError.invalidRequest("`return_url` cannot be set when `redirect_on_completion` is `never`.", param: "return_url")
                }
            } else if returnURL == nil {
                throw SimError.missing("return_url")
            }
        }
        let methodParam = version.allowedTypesOnly ? "allowed_payment_method_types" : "payment_method_types"
        var methods = try params.stringArray(methodParam)
        let excluded = version.allowedTypesOnly ? try params.stringArray("excluded_payment_method_types") : nil
        if let methods {
            for type in methods where !methodTypes.contains(type) {
                throw SimError.invalidRequest(
                    "The payment method type provided: \(type) is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.",
                    param: methodParam)
            }
        }
        let (items, currency, total) = try CheckoutLineItems.build(call, params: params)
        // Methods limited to some currencies (iDEAL to EUR, …): refused in another currency;
        // `allowed_payment_method_types` drops them silently, as on PaymentIntents.
        if let listed = methods {
            let fits = { (type: String) in PaymentIntentEndpoints.typeCurrencies[type]?.contains(currency) ?? true }
            if version.allowedTypesOnly { methods = listed.filter(fits) }
            guard (methods ?? []).allSatisfy(fits), methods?.isEmpty == false else {
                throw SimError.invalidRequest(
                    "The currency provided (\(currency)) is invalid for one or more payment method types.", param: methodParam)
            }
        }
        let piData = try params.hash("payment_intent_data", allowed: paymentIntentDataFields)
        if let fee = try piData?.int("application_fee_amount") {
            guard call.account != nil || piData?.has("transfer_data") == true else {
                throw SimError.invalidRequest(
                    "Can only apply an application_fee_amount when the Checkout Session is attempting a direct payment (Stripe-Account header) or destination payment.",
                    param: "payment_intent_data[application_fee_amount]")
            }
            guard fee <= total else {
                throw SimError.invalidRequest("The application fee must not exceed the amount.", param: "payment_intent_data[application_fee_amount]")
            }
        }
        if let customer = try params.string("customer") {
            _ = try call.state.require(customer, type: "customer", scope: call.scope, param: "customer")
        }
        let expiresAt = try params.int("expires_at") ?? call.now + 86_400
        guard expiresAt >= call.now + 1800, expiresAt <= call.now + 86_400 else {
            throw SimError.invalidRequest(
                "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", param: "expires_at")
        }
        let id = SimIDs.make("cs_test_a1", length: 56)
        let session: JSONValue = [
            "id": .string(id), "object": "checkout.session", "mode": "payment", "ui_mode": .string(uiMode),
            "amount_subtotal": .int(total), "amount_total": .int(total), "currency": .string(currency),
            "cancel_url": .optional(try params.string("cancel_url")), "success_url": .optional(successURL), "return_url": .optional(returnURL),
            "client_reference_id": .optional(try params.string("client_reference_id", maxLength: 200)),
            "client_secret": uiMode != "hosted_page" ? .string("\(id)_secret_\(SimIDs.make("x", length: 24).dropFirst(2))") : nil,
            "redirect_on_completion": uiMode == "hosted_page" ? nil : .string(redirect ?? "always"),
            "url": uiMode == "hosted_page" ? .string("\(call.state.baseURL)/sim/checkout/\(id)") : nil,
            "created": .int(call.now), "expires_at": .int(expiresAt), "customer": .optional(try params.string("customer")),
            "customer_email": .optional(try params.string("customer_email")), "customer_details": nil, "livemode": false,
            "locale": .optional(try params.string("locale")), "metadata": try params.metadata() ?? [:],
            "payment_intent": nil, "payment_link": nil, "payment_method_types": .strings(methods ?? ["card"]),
            "allowed_payment_method_types": version.allowedTypesOnly ? (methods.map { JSONValue.strings($0) } ?? .null) : .null,
            "excluded_payment_method_types": excluded.map { JSONValue.strings($0) } ?? .null,
            "payment_status": "unpaid", "status": "open", "submit_type": .optional(try params.string("submit_type")),
            "total_details": ["amount_discount": 0, "amount_shipping": 0, "amount_tax": 0],
            "automatic_tax": ["enabled": false, "liability": nil, "status": nil, "provider": nil], "invoice": nil, "setup_intent": nil,
            "subscription": nil, "adaptive_pricing": ["enabled": false], "after_expiration": nil,
            "allow_promotion_codes": try params.bool("allow_promotion_codes").map { JSONValue.bool($0) } ?? .null,
            "billing_address_collection": .optional(try params.string("billing_address_collection")), "collected_information": nil,
            "consent": nil, "consent_collection": nil, "currency_conversion": nil, "custom_fields": [],
            "custom_text": ["after_submit": nil, "shipping_address": nil, "submit": nil, "terms_of_service_acceptance": nil],
            "customer_account": nil, "customer_creation": .string(try params.string("customer_creation") ?? "if_required"), "discounts": [],
            "integration_identifier": nil,
            "invoice_creation": [
                "enabled": false,
                "invoice_data": [
                    "account_tax_ids": nil, "custom_fields": nil,
                    "description": nil, "footer": nil, "issuer": nil, "metadata": [:], "rendering_options": nil,
                ],
            ],
            "managed_payments": nil, "origin_context": nil, "payment_method_collection": "if_required",
            "payment_method_configuration_details": nil, "payment_method_options": [:], "permissions": nil,
            "phone_number_collection": ["enabled": false], "recovered_from": nil, "saved_payment_method_options": nil,
            "shipping_address_collection": nil, "shipping_cost": nil, "shipping_options": [], "wallet_options": nil,
        ]
        call.state.insert(session, scope: call.scope)
        call.state.attachments["line_items:\(id)"] = .array(items)
        call.state.attachments["pidata:\(id)"] = piData.map { FormValue.dict($0.values).json } ?? [:]
        return session
    }
}
