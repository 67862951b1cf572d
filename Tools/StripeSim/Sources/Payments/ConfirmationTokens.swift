import HTTPServer

/// Stripe's ConfirmationToken (https://docs.stripe.com/api/confirmation_tokens): what the
/// Payment Element collected under `intent_configuration` (a deferred intent), for the
/// server to create and confirm the PaymentIntent with `confirmation_token`.
/// - `POST /v1/test_helpers/confirmation_tokens` (Stripe's test-mode creation): exactly one
///   of `payment_method` (a PaymentMethod or test PaymentMethod such as `pm_card_visa`) or
///   `payment_method_data[type]` (a redirect method: `ideal`, `bancontact`, `eps`, `p24`,
///   `klarna`), with `return_url`, `setup_future_usage`, `shipping`;
/// - `GET /v1/confirmation_tokens/:id`;
/// - the Payment Element page (`/sim/elements/confirmation_token`) creates them as Stripe.js's
///   `stripe.createConfirmationToken` does.
/// A token is used once and expires 12 hours after it is created (its `expires_at`, as in
/// Stripe's example object); confirming with a used or expired one is refused.
enum ConfirmationTokens {
    /// Seconds a token stays usable.
    static let lifetimeSeconds = 12 * 3_600

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/test_helpers/confirmation_tokens",
            Endpoint(["payment_method", "payment_method_data", "payment_method_options", "return_url", "setup_future_usage", "shipping"]) {
                call throws(SimError) in try create(call)
            })
        paths.add(
            "GET", "/v1/confirmation_tokens/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "confirmation_token", scope: call.scope, noun: "confirmation_token")
            })
    }

    /// Creates a token from the call's parameters in the call's scope (the connected account
    /// of a direct charge, as the Payment Element's `stripeAccount` option does).
    static func create(_ call: SimCall) throws(SimError) -> JSONValue {
        let params = call.params
        let data = try params.hash("payment_method_data", allowed: ["type", "billing_details", "metadata", "allow_redisplay"])
        guard params.has("payment_method") != (data != nil) else {
            throw SimError.invalidRequest(
                "You must provide exactly one of `payment_method` or `payment_method_data`.", param: "payment_method_data")
        }
        let id = SimIDs.make("ctoken")
        var preview: JSONValue
        let name: String
        var methodId: String? = nil
        if let data {
            let type = try data.string("type") ?? ""
            guard let redirect = RedirectPaymentMethod.byType[type] else {
                throw SimError.notOneOf("payment_method_data[type]", RedirectPaymentMethod.all.map(\.type))
            }
            preview = PaymentMethodObjects.make(redirect.testMethod, call: call)
            if let billing = try data.hash("billing_details", allowed: ["address", "email", "name", "phone"]) {
                for key in ["email", "name", "phone"] { if let value = try billing.string(key) { preview["billing_details"]?[key] = .string(value) } }
            }
            name = type
        } else {
            let given = try params.string("payment_method") ?? ""
            let (object, _) = try TestPaymentMethod.resolve(given, call: call, param: "payment_method")
            preview = object
            methodId = object["id"]?.stringValue
            name = methodId ?? given
        }
        // The preview is the PaymentMethod's data without its identity (Stripe's `payment_method_preview`).
        if case .object(var members) = preview {
            for key in ["id", "object", "created", "livemode", "metadata", "customer_account"] { members.removeValue(forKey: key) }
            preview = .object(members)
        }
        let usage = try params.oneOf("setup_future_usage", ["off_session", "on_session"])
        let token: JSONValue = [
            "id": .string(id), "object": "confirmation_token", "created": .int(call.now),
            "expires_at": .int(call.now + lifetimeSeconds), "livemode": false, "mandate_data": nil, "payment_intent": nil,
            "payment_method": .optional(methodId), "payment_method_options": params.json("payment_method_options") ?? nil,
            "payment_method_preview": preview, "return_url": .optional(try params.string("return_url")),
            "setup_future_usage": .optional(usage), "setup_intent": nil,
            "shipping": try PaymentIntentEndpoints.shipping(params) ?? nil, "use_stripe_sdk": true,
        ]
        call.state.insert(token, scope: call.scope)
        call.state.secrets[secretKey(id)] = name
        return token
    }

    private static func secretKey(_ id: String) -> String { "ctoken:\(id)" }

    /// The token `id` in the call's scope, refused when unknown, expired or already used.
    static func usable(_ id: String, call: SimCall) throws(SimError) -> JSONValue {
        let token = try call.state.require(id, type: "confirmation_token", scope: call.scope, noun: "confirmation_token", param: "confirmation_token")
        guard token["payment_intent"] == .null, token["setup_intent"] == .null else {
            throw SimError.invalidRequest(
                "This ConfirmationToken has already been used to confirm a PaymentIntent or SetupIntent.", param: "confirmation_token")
        }
        guard call.now < token["expires_at"]?.intValue ?? 0 else {
            throw SimError.invalidRequest("This ConfirmationToken has expired.", param: "confirmation_token")
        }
        return token
    }

    /// The PaymentMethod a usable token pays with (created now for `payment_method_data`).
    static func paymentMethod(of token: JSONValue, call: SimCall) throws(SimError) -> (object: JSONValue, behaviour: TestPaymentMethod) {
        let name = call.state.secrets[secretKey(token["id"]?.stringValue ?? "")] ?? ""
        if let redirect = RedirectPaymentMethod.resolve(type: name, call: call) { return redirect }
        return try TestPaymentMethod.resolve(name, call: call, param: "confirmation_token")
    }

    /// Marks `token` used by `paymentIntent` and copies its `setup_future_usage` and
    /// `shipping` onto the intent (its `return_url` was taken before the confirmation).
    static func use(_ token: JSONValue, for pi: inout JSONValue, call: SimCall) {
        if let usage = token["setup_future_usage"]?.stringValue { pi["setup_future_usage"] = .string(usage) }
        if let shipping = token["shipping"], shipping != .null { pi["shipping"] = shipping }
        var used = token
        used["payment_intent"] = pi["id"] ?? nil
        call.state.replace(used)
    }
}
