import HTTPServer

/// `/v1/payment_intents`: create, retrieve, update, confirm, capture (partial and, when the
/// card allows it, over-capture), cancel, list. See https://docs.stripe.com/api/payment_intents.
enum PaymentIntentEndpoints {
    static let createFields: Set<String> = [
        "amount", "currency", "automatic_payment_methods", "payment_method_types", "capture_method", "confirm",
        "payment_method", "customer", "description", "metadata", "application_fee_amount", "on_behalf_of",
        "transfer_data", "transfer_group", "statement_descriptor", "statement_descriptor_suffix", "receipt_email",
        "setup_future_usage", "return_url", "payment_method_options", "off_session", "confirmation_method",
        "error_on_requires_action", "use_stripe_sdk", "shipping", "mandate_data", "payment_method_data", "confirmation_token",
    ]
    static let updateFields: Set<String> = [
        "amount", "currency", "payment_method", "payment_method_types", "customer", "description", "metadata",
        "application_fee_amount", "capture_method", "receipt_email", "setup_future_usage", "shipping",
        "statement_descriptor", "statement_descriptor_suffix", "transfer_group", "payment_method_options",
    ]

    /// `fields` plus `allowed_payment_method_types` and `excluded_payment_method_types` where
    /// `version` has them (2026-07-29.dahlia on).
    static func versioned(_ fields: Set<String>) -> @Sendable (SimAPIVersion) -> Set<String> {
        { version in
            version.paymentIntentAllowedTypes ? fields.union(["allowed_payment_method_types", "excluded_payment_method_types"]) : fields
        }
    }

    static let confirmFields: Set<String> = [
        "payment_method", "return_url", "off_session", "payment_method_options", "receipt_email", "setup_future_usage",
        "mandate_data", "error_on_requires_action", "use_stripe_sdk", "capture_method", "shipping", "payment_method_types",
        "payment_method_data", "confirmation_token",
    ]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("POST", "/v1/payment_intents", Endpoint(versioned: versioned(createFields), create))
        paths.add(
            "GET", "/v1/payment_intents",
            Endpoint(SimList.parameters.union(["customer"])) { call throws(SimError) in
                let customer = try call.params.string("customer")
                let created = try SimCreatedFilter.parse(call.params)
                let items = call.state.list(type: "payment_intent", scope: call.scope) {
                    (customer == nil || $0["customer"]?.stringValue == customer)
                        && (created?.matches($0["created"]?.intValue ?? 0) ?? true)
                }
                .map { PaymentIntentMachine.expireAuthorizationIfDue(call: call, pi: $0) }
                return try SimList.page(items, url: "/v1/payment_intents", params: call.params)
            })
        paths.add("GET", "/v1/payment_intents/:id", Endpoint(["client_secret"]) { call throws(SimError) in try find(call) })
        paths.add("POST", "/v1/payment_intents/:id", Endpoint(versioned: versioned(updateFields), update))
        paths.add(
            "POST", "/v1/payment_intents/:id/confirm",
            Endpoint(versioned: versioned(confirmFields)) { call throws(SimError) in
                try refuseRemovedTypes(call)
                return try confirm(call, pi: try find(call))
            })
        paths.add(
            "POST", "/v1/payment_intents/:id/capture",
            Endpoint(
                ["amount_to_capture", "application_fee_amount", "final_capture", "metadata", "statement_descriptor", "statement_descriptor_suffix"],
                PaymentIntentCapture.capture))
        paths.add(
            "POST", "/v1/payment_intents/:id/increment_authorization",
            Endpoint(
                ["amount", "application_fee_amount", "description", "metadata", "statement_descriptor", "transfer_data"],
                PaymentIntentIncrement.increment))
        paths.add("POST", "/v1/payment_intents/:id/cancel", Endpoint(["cancellation_reason"], PaymentIntentCapture.cancel))
    }

    /// The payment method types the simulator's PaymentIntents take.
    static let knownTypes: Set<String> = Set(["card", "card_present", "sepa_debit", "us_bank_account", "interac_present", "link"])
        .union(RedirectPaymentMethod.all.map(\.type))
    /// Methods limited to some currencies, as in Stripe: ACH Direct Debit to USD, each
    /// redirect method to its own (``RedirectPaymentMethod``).
    static let typeCurrencies: [String: Set<String>] = RedirectPaymentMethod.byType.mapValues(\.currencies)
        .merging(["us_bank_account": ["usd"]]) { own, _ in own }

    /// Interac's rules (Stripe's Terminal regional considerations for Canada):
    /// `interac_present` only on a Canadian account (the connected account of the call, or
    /// the simulator's platform, which is in the US), and never with `capture_method` `manual`
    /// (removed for Interac in API version 2025-03-31).
    static func checkInterac(_ call: SimCall, _ pi: JSONValue) throws(SimError) {
        guard pi["payment_method_types"]?.arrayValue?.contains("interac_present") == true else { return }
        let country = call.account.flatMap { call.state.lookup($0)?.value["country"]?.stringValue } ?? "US"
        guard country == "CA" else {
            throw SimError.invalidRequest(
                "The payment method type \"interac_present\" is only available to accounts in Canada (CA); this account is in \(country).",
                param: "payment_method_types", code: "payment_intent_invalid_parameter")
        }
        guard pi["capture_method"]?.stringValue != "manual" else {
            throw SimError.invalidRequest(
                "The capture_method `manual` is not supported for the payment method type interac_present; use `automatic` or `automatic_async`.",
                param: "capture_method", code: "payment_intent_invalid_parameter")
        }
    }

    static func find(_ call: SimCall) throws(SimError) -> JSONValue {
        let pi = try call.state.require(call.id(), type: "payment_intent", scope: call.scope, noun: "payment_intent")
        return PaymentIntentMachine.expireAuthorizationIfDue(call: call, pi: pi)
    }

    private static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        let params = call.params
        let amount = try params.requiredInt("amount")
        let currency = try params.requiredString("currency").lowercased()
        try ChargeAmountLimits.check(amount, currency: currency, param: "amount")
        var pi = PaymentIntentObjects.blank(amount: amount, currency: currency, now: call.now)
        try apply(call, params, to: &pi, creating: true)
        if let automatic = try params.hash("automatic_payment_methods", allowed: ["enabled", "allow_redirects"]) {
            if params.has("allowed_payment_method_types") {
                throw SimError.invalidRequest(
                    "You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.",
                    param: "allowed_payment_method_types")
            }
            if params.has("payment_method_types") {
                throw SimError.invalidRequest(
                    "You may only specify one of these parameters: automatic_payment_methods, payment_method_types.",
                    param: "automatic_payment_methods")
            }
            let enabled = try automatic.bool("enabled") ?? false
            let redirects = try automatic.oneOf("allow_redirects", ["always", "never"]) ?? "always"
            pi["automatic_payment_methods"] = ["enabled": .bool(enabled), "allow_redirects": .string(redirects)]
            // Dynamic methods: card, Link and SEPA Debit, plus ACH Direct Debit for USD and,
            // unless redirects are refused, the redirect methods of the currency.
            let redirectTypes = redirects == "never" ? [] : RedirectPaymentMethod.all.filter { $0.currencies.contains(currency) }.map(\.type)
            if enabled {
                pi["payment_method_types"] = .strings(
                    ["card", "link", "sepa_debit"] + (currency == "usd" ? ["us_bank_account"] : []) + redirectTypes)
            }
        }
        try exclude(params, from: &pi)
        if let returnURL = try params.string("return_url") { call.state.secrets["return:\(pi["id"]?.stringValue ?? "")"] = returnURL }
        if try params.bool("confirm") != true, params.has("confirmation_token") {
            throw SimError.invalidRequest("`confirmation_token` can only be used with `confirm=true`.", param: "confirmation_token")
        }
        if try params.bool("confirm") == true {
            call.state.insert(pi, scope: call.scope)
            call.emit("payment_intent.created", pi)
            return try confirm(call, pi: pi)
        }
        if params.has("payment_method_data") {
            // Created and attached now, confirmed later (as Stripe does without confirm=true).
            guard !params.has("payment_method") else {
                throw SimError.invalidRequest(
                    "You may only specify one of these parameters: payment_method, payment_method_data.", param: "payment_method_data")
            }
            pi["payment_method"] = try redirectMethodData(call)?.object["id"] ?? nil
        }
        if pi["payment_method"] != nil, pi["payment_method"] != .null { pi["status"] = "requires_confirmation" }
        call.state.insert(pi, scope: call.scope)
        call.emit("payment_intent.created", pi)
        return pi
    }

    /// From 2026-09-30.endive on, `payment_method_types` is no longer writable (400,
    /// `payment_method_types_no_longer_supported`).
    static func refuseRemovedTypes(_ call: SimCall) throws(SimError) {
        guard call.version.allowedTypesOnly, call.params.has("payment_method_types") else { return }
        throw SimError.invalidRequest(
            "`payment_method_types` is no longer supported in this API version (\(call.version.raw)). Use `allowed_payment_method_types`, `excluded_payment_method_types` or dynamic payment methods instead.",
            param: "payment_method_types", code: "payment_method_types_no_longer_supported")
    }

    /// The types Stripe lets a PaymentIntent exclude (its `excluded_payment_method_types` enum
    /// for 2026-10-28.endive: no `link`, no `card_present`).
    static let excludableTypes = [
        "acss_debit", "affirm", "afterpay_clearpay", "alipay", "alma", "amazon_pay", "au_becs_debit", "bacs_debit", "bancontact",
        "billie", "bizum", "blik", "boleto", "card", "cashapp", "crypto", "customer_balance", "eps", "fpx", "giropay", "grabpay",
        "ideal", "kakao_pay", "klarna", "konbini", "kr_card", "mb_way", "mobilepay", "multibanco", "naver_pay", "nz_bank_account",
        "oxxo", "p24", "pay_by_bank", "payco", "paynow", "paypal", "paypay", "payto", "pix", "promptpay", "revolut_pay",
        "samsung_pay", "satispay", "scalapay", "sepa_debit", "sequra", "sofort", "sunbit", "swish", "twint", "upi",
        "us_bank_account", "wechat_pay", "zip",
    ]

    /// `excluded_payment_method_types`: answered as sent and taken out of the intent's
    /// `payment_method_types` (dynamic or allowed ones); a type outside ``excludableTypes`` is
    /// refused (`parameter_invalid_string`, Stripe's enum message), and so is excluding every
    /// remaining type.
    private static func exclude(_ params: Params, from pi: inout JSONValue) throws(SimError) {
        guard let excluded = try params.stringArray("excluded_payment_method_types") else { return }
        if let index = excluded.firstIndex(where: { !excludableTypes.contains($0) }) {
            throw SimError.notOneOf("excluded_payment_method_types[\(index)]", excludableTypes)
        }
        let kept = (pi["payment_method_types"]?.arrayValue ?? []).filter { !excluded.contains($0.stringValue ?? "") }
        guard !kept.isEmpty else {
            throw SimError.invalidRequest(
                "None of the payment method types of this PaymentIntent remain once `excluded_payment_method_types` are taken out.",
                param: "excluded_payment_method_types", code: "payment_intent_invalid_parameter")
        }
        pi["payment_method_types"] = .array(kept)
        pi["excluded_payment_method_types"] = .strings(excluded)
    }

    /// Shared by create and update: validates and copies the writable fields.
    private static func apply(_ call: SimCall, _ params: Params, to pi: inout JSONValue, creating: Bool) throws(SimError) {
        try refuseRemovedTypes(call)
        if let allowed = try params.stringArray("allowed_payment_method_types") {
            if params.has("payment_method_types") {
                throw SimError.invalidRequest(
                    "You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.",
                    param: "allowed_payment_method_types")
            }
            // Unlike payment_method_types, incompatible types are filtered out silently.
            let currency = (try params.string("currency"))?.lowercased() ?? pi["currency"]?.stringValue ?? ""
            let kept = allowed.filter { type in
                Self.knownTypes.contains(type) && (Self.typeCurrencies[type]?.contains(currency) ?? true)
            }
            guard !kept.isEmpty else {
                throw SimError.invalidRequest(
                    "None of the payment method types in `allowed_payment_method_types` can be used with this PaymentIntent.",
                    param: "allowed_payment_method_types", code: "payment_intent_invalid_parameter")
            }
            pi["payment_method_types"] = .strings(kept)
            pi["allowed_payment_method_types"] = .strings(allowed)
        }
        if let currency = try params.string("currency") { pi["currency"] = .string(currency.lowercased()) }
        if let amount = try params.int("amount") {
            try ChargeAmountLimits.check(amount, currency: pi["currency"]?.stringValue ?? "usd", param: "amount")
            pi["amount"] = .int(amount)
        }
        if let capture = try params.oneOf("capture_method", ["automatic", "automatic_async", "manual", "manual_preferred"]) {
            pi["capture_method"] = .string(capture)
        }
        if let types = try params.stringArray("payment_method_types") {
            let known = Self.knownTypes
            let currencies = Self.typeCurrencies
            let currency = pi["currency"]?.stringValue ?? ""
            for type in types {
                guard known.contains(type) else {
                    throw SimError.invalidRequest(
                        "The payment method type \"\(type)\" is invalid.", param: "payment_method_types", code: "payment_intent_invalid_parameter")
                }
                if let allowed = currencies[type], !allowed.contains(currency) {
                    throw SimError.invalidRequest(
                        "The currency provided (\(currency)) is invalid for one or more payment method types.", param: "payment_method_types",
                        code: "payment_intent_invalid_parameter")
                }
            }
            pi["payment_method_types"] = .strings(types)
        }
        try checkInterac(call, pi)
        if let customer = try params.string("customer") {
            _ = try call.state.require(customer, type: "customer", scope: call.scope, param: "customer")
            pi["customer"] = .string(customer)
        }
        if let fee = try params.int("application_fee_amount") {
            guard call.account != nil || params.has("transfer_data") || pi["transfer_data"] != .null else {
                throw SimError.invalidRequest(
                    "Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).",
                    param: "application_fee_amount")
            }
            guard fee >= 0, fee <= pi["amount"]?.intValue ?? 0 else {
                throw SimError.invalidRequest("The application fee must not exceed the amount.", param: "application_fee_amount")
            }
            pi["application_fee_amount"] = .int(fee)
        }
        for key in [
            "description", "receipt_email", "statement_descriptor", "statement_descriptor_suffix", "transfer_group", "setup_future_usage",
            "on_behalf_of",
        ] {
            if let value = try params.string(key) { pi[key] = value.isEmpty ? .null : .string(value) }
        }
        for key in ["transfer_data", "payment_method_options"] { if let value = params.json(key) { pi[key] = value } }
        if let shipping = try shipping(params) { pi["shipping"] = shipping }
        PaymentIntentIncrement.normalizeOptions(&pi)
        SavedPaymentMethods.normalizeOptions(&pi)
        if let metadata = try params.metadata() { pi["metadata"] = metadata }
        if let method = try params.string("payment_method") {
            pi["payment_method"] = .string(
                try TestPaymentMethod.resolve(method, call: call, param: "payment_method").object["id"]?.stringValue ?? method)
        }
    }

    /// The `shipping` hash in Stripe's shape (every key present, unset ones `null`), with
    /// `name` and `address[line1]` required; nil when the parameter is absent.
    static func shipping(_ params: Params) throws(SimError) -> JSONValue? {
        guard let hash = try params.hash("shipping", allowed: ["name", "address", "phone", "carrier", "tracking_number"]) else { return nil }
        guard let name = try hash.string("name"), !name.isEmpty else { throw SimError.missing("shipping[name]") }
        let address = try hash.hash("address", allowed: ["line1", "line2", "city", "state", "postal_code", "country"])
        guard let line1 = try address?.string("line1"), !line1.isEmpty else { throw SimError.missing("shipping[address][line1]") }
        var out: JSONValue = ["name": .string(name)]
        var postal: JSONValue = ["line1": .string(line1)]
        for key in ["line2", "city", "state", "postal_code", "country"] { postal[key] = .optional(try address?.string(key)) }
        out["address"] = postal
        for key in ["phone", "carrier", "tracking_number"] { out[key] = .optional(try hash.string(key)) }
        return out
    }

    private static func update(_ call: SimCall) throws(SimError) -> JSONValue {
        let old = try find(call)
        let status = old["status"]?.stringValue ?? ""
        guard
            ["requires_payment_method", "requires_confirmation", "requires_action"].contains(status)
                || (status == "requires_capture" && Set(call.params.values.keys).isSubset(of: ["metadata", "description", "application_fee_amount"]))
        else {
            throw SimError.unexpectedState(
                "payment_intent_unexpected_state",
                "This PaymentIntent's parameters could not be updated because it has a status of \(status).")
        }
        var pi = old
        try apply(call, call.params, to: &pi, creating: false)
        try exclude(call.params, from: &pi)
        if call.params.has("payment_method"), status == "requires_payment_method" { pi["status"] = "requires_confirmation" }
        call.state.replace(pi)
        return pi
    }

    /// Confirms `pi` with the `payment_method` parameter or the one already attached.
    static func confirm(_ call: SimCall, pi: JSONValue) throws(SimError) -> JSONValue {
        let status = pi["status"]?.stringValue ?? ""
        guard ["requires_payment_method", "requires_confirmation", "requires_action"].contains(status) else {
            throw SimError.unexpectedState(
                "payment_intent_unexpected_state",
                "You cannot confirm this PaymentIntent because it has a status of \(status).")
        }
        var current = pi
        if let returnURL = try call.params.string("return_url") { call.state.secrets["return:\(current["id"]?.stringValue ?? "")"] = returnURL }
        if let capture = try call.params.string("capture_method") { current["capture_method"] = .string(capture) }
        if let shipping = try shipping(call.params) { current["shipping"] = shipping }
        let (method, behaviour) = try paymentMethod(call, pi: current)
        if behaviour.outcome == .redirect, call.state.secrets["return:\(current["id"]?.stringValue ?? "")"] == nil {
            throw SimError.invalidRequest(
                "You must provide a `return_url` when confirming a PaymentIntent with the payment method type \(behaviour.type).",
                param: "return_url")
        }
        let allowed = current["payment_method_types"]?.arrayValue?.compactMap(\.stringValue) ?? []
        guard allowed.contains(behaviour.type), behaviour.type != "card_present" else {
            throw SimError.invalidRequest(
                "The PaymentMethod provided (\(behaviour.type)) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: \(allowed.joined(separator: ", ")).",
                param: "payment_method", code: "payment_intent_incompatible_payment_method")
        }
        if let token = try call.params.string("confirmation_token") {
            ConfirmationTokens.use(try ConfirmationTokens.usable(token, call: call), for: &current, call: call)
        }
        let effective = try SavedPaymentMethods.prepare(call: call, pi: &current, method: method, behaviour: behaviour)
        switch PaymentIntentMachine.authorize(call: call, pi: current, method: method, behaviour: effective) {
        case .done(let result): return result
        case .declined(_, let error): throw error
        }
    }

    /// The PaymentMethod a confirmation pays with: `confirmation_token` (whose `return_url`
    /// becomes the intent's when none is given), `payment_method_data[type]` (a redirect
    /// method), `payment_method`, or the one already attached — at most one of the first three.
    private static func paymentMethod(_ call: SimCall, pi: JSONValue) throws(SimError) -> (object: JSONValue, behaviour: TestPaymentMethod) {
        let params = call.params
        let given = ["confirmation_token", "payment_method_data", "payment_method"].filter { params.has($0) }
        guard given.count <= 1 else {
            throw SimError.invalidRequest(
                "You may only specify one of these parameters: \(given.joined(separator: ", ")).", param: given.last ?? "payment_method")
        }
        if let id = try params.string("confirmation_token") {
            let token = try ConfirmationTokens.usable(id, call: call)
            if call.state.secrets["return:\(pi["id"]?.stringValue ?? "")"] == nil, let returnURL = token["return_url"]?.stringValue {
                call.state.secrets["return:\(pi["id"]?.stringValue ?? "")"] = returnURL
            }
            return try ConfirmationTokens.paymentMethod(of: token, call: call)
        }
        if let resolved = try redirectMethodData(call) { return resolved }
        guard let name = try params.string("payment_method") ?? pi["payment_method"]?.stringValue else {
            throw SimError.unexpectedState(
                "payment_intent_unexpected_state",
                "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus_xxx, specify a payment method attached to this customer along with the customer ID."
            )
        }
        return try TestPaymentMethod.resolve(name, call: call, param: "payment_method")
    }

    /// The PaymentMethod of `payment_method_data[type]` (a redirect method), created now;
    /// nil when the parameter is absent.
    private static func redirectMethodData(_ call: SimCall) throws(SimError) -> (object: JSONValue, behaviour: TestPaymentMethod)? {
        guard let data = try call.params.hash("payment_method_data", allowed: ["type", "billing_details", "metadata", "allow_redisplay"]) else {
            return nil
        }
        let type = try data.string("type") ?? ""
        guard let resolved = RedirectPaymentMethod.resolve(type: type, call: call) else {
            throw SimError.notOneOf("payment_method_data[type]", RedirectPaymentMethod.all.map(\.type))
        }
        return resolved
    }
}
