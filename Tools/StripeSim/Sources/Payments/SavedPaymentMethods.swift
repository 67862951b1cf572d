import HTTPServer

/// Saving payment methods for later and using them off-session
/// (https://docs.stripe.com/payments/save-during-payment,
/// https://docs.stripe.com/payments/save-and-reuse, https://docs.stripe.com/testing#authentication-and-setup):
///
/// - A PaymentIntent or SetupIntent that succeeds with `setup_future_usage` (or a
///   SetupIntent's `usage`) and a `customer` attaches its PaymentMethod to the customer
///   (`payment_method.attached`); with `off_session` the method is also "set up" for later
///   off-session use.
/// - `off_session=true` confirmations: `4000002500003155` (`pm_card_authenticationRequiredOnSetup`)
///   succeeds when it was set up for off-session use and fails with `authentication_required`
///   otherwise; `4000002760003184` (`pm_card_authenticationRequired`) always fails with it;
///   other cards behave as on-session. The failure is Stripe's: a 402 `card_error` with code
///   and decline code `authentication_required`, the PaymentIntent back in
///   `requires_payment_method` with `last_payment_error`, `payment_intent.payment_failed`.
/// - `payment_method_options[card][require_cvc_recollection]=true`: confirming with a card
///   needs `payment_method_options[card][cvc_token]` (a `cvctok_…` from `POST /v1/tokens`
///   with `cvc_update[cvc]`); without it the confirmation is refused (400,
///   `parameter_missing`, a decision: Stripe's Payment Element always sends one).
/// - A PaymentMethod attached to one customer cannot be used with a PaymentIntent of another.
/// - `setup_future_usage` without `customer` (a guest) keeps the method for later: it can be
///   attached to a customer afterwards. One paid without it, or detached, cannot be attached
///   (``reuseRefusal(call:method:)``); detaching a customer's default clears the default.
enum SavedPaymentMethods {
    /// The secret key marking a PaymentMethod as set up for off-session use.
    static func setUpKey(_ paymentMethod: String) -> String { "setup_off_session:\(paymentMethod)" }

    /// Whether `value` (a form value) asks for an off-session confirmation (`true`, `one_off`, `recurring`).
    static func isOffSession(_ call: SimCall) throws(SimError) -> Bool {
        guard let raw = try call.params.string("off_session") else { return false }
        switch raw {
        case "true", "one_off", "recurring": return true
        case "false": return false
        default: throw SimError.invalidRequest("Invalid off_session: must be a boolean, one_off or recurring.", param: "off_session")
        }
    }

    /// Checks a PaymentIntent confirmation with `method` and returns the behaviour to
    /// authorize with (an off-session authentication request becomes a decline).
    static func prepare(call: SimCall, pi: inout JSONValue, method: JSONValue, behaviour: TestPaymentMethod) throws(SimError) -> TestPaymentMethod {
        if let usage = try call.params.string("setup_future_usage") {
            guard ["on_session", "off_session"].contains(usage) else {
                throw SimError.notOneOf("setup_future_usage", ["off_session", "on_session"])
            }
            pi["setup_future_usage"] = .string(usage)
        }
        let customer = pi["customer"]?.stringValue
        if let owner = method["customer"]?.stringValue, owner != customer {
            throw SimError.invalidRequest(
                "The provided PaymentMethod is attached to another Customer (\(owner)); use a PaymentIntent for that Customer.",
                param: "payment_method", code: "payment_method_invalid_parameter")
        }
        if behaviour.type == "card", pi.value(at: "payment_method_options.card.require_cvc_recollection") == true {
            let token = try call.params.hash("payment_method_options")?.hash("card")?.string("cvc_token")
            guard let token, call.state.secrets["cvctok:\(token)"] != nil else {
                throw SimError.invalidRequest(
                    "This PaymentIntent requires the card's CVC: confirm with payment_method_options[card][cvc_token] (a cvc_update token).",
                    param: "payment_method_options[card][cvc_token]", code: "parameter_missing")
            }
            call.state.secrets["cvctok:\(token)"] = nil
        }
        guard try isOffSession(call), behaviour.outcome == .requireAction else { return behaviour }
        let id = method["id"]?.stringValue ?? ""
        if behaviour.last4 == "3155", call.state.secrets[setUpKey(id)] != nil {
            var succeeding = behaviour
            succeeding.outcome = .succeed
            return succeeding
        }
        var failing = behaviour
        failing.outcome = .decline(
            code: "authentication_required", declineCode: "authentication_required",
            message: "Your card was declined. This transaction requires authentication.")
        return failing
    }

    /// After a successful PaymentIntent: attaches its method to its customer when
    /// `setup_future_usage` is set (and marks it set up for `off_session`). Without a
    /// customer (a guest's payment) the method is only set up: it can be attached to a
    /// customer later (`POST /v1/payment_methods/{id}/attach`), as Stripe documents for
    /// `setup_future_usage` without `customer`.
    static func saveAfterPayment(call: SimCall, pi: JSONValue, methodId: String) {
        guard let usage = pi["setup_future_usage"]?.stringValue else { return }
        guard let customer = pi["customer"]?.stringValue else {
            if usage == "off_session" { call.state.secrets[setUpKey(methodId)] = "1" }
            return
        }
        attach(call: call, methodId: methodId, customer: customer, offSession: usage == "off_session")
    }

    /// Stripe's refusal to attach a PaymentMethod that was consumed: used by a PaymentIntent
    /// without a customer and without `setup_future_usage` (nothing asked to keep it), or
    /// detached from a customer. Nil when `method` can be attached.
    static func reuseRefusal(call: SimCall, method: JSONValue) -> SimError? {
        guard let id = method["id"]?.stringValue, method["customer"]?.stringValue == nil else { return nil }
        let paidWithoutSaving = call.state.list(type: "payment_intent", scope: call.scope) { pi in
            pi["payment_method"]?.stringValue == id && pi["customer"]?.stringValue == nil
                && pi["setup_future_usage"]?.stringValue == nil
                && ["succeeded", "processing", "requires_capture"].contains(pi["status"]?.stringValue ?? "")
        }
        guard call.state.secrets[detachedKey(id)] != nil || !paidWithoutSaving.isEmpty else { return nil }
        return SimError.invalidRequest(
            "This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
            param: nil)
    }

    /// The secret key marking a PaymentMethod as detached from its customer (never reusable).
    static func detachedKey(_ paymentMethod: String) -> String { "detached:\(paymentMethod)" }

    /// Clears `invoice_settings.default_payment_method` of `customer` when it is `methodId`
    /// (Stripe does when the method is detached), emitting `customer.updated`.
    static func clearDefault(call: SimCall, customer: String, methodId: String) {
        guard let old = call.state.get(customer, scope: call.scope),
            old.value(at: "invoice_settings.default_payment_method")?.stringValue == methodId
        else { return }
        var updated = old
        updated["invoice_settings"]?["default_payment_method"] = .null
        call.state.replace(updated)
        call.emit("customer.updated", updated, previous: SimState.previousAttributes(old: old, new: updated))
    }

    /// Attaches `methodId` to `customer` (emitting `payment_method.attached` once).
    static func attach(call: SimCall, methodId: String, customer: String, offSession: Bool) {
        guard var method = call.state.get(methodId, scope: call.scope) else { return }
        if offSession { call.state.secrets[setUpKey(methodId)] = "1" }
        guard method["customer"]?.stringValue != customer else { return }
        method["customer"] = .string(customer)
        method["allow_redisplay"] = "always"
        call.state.replace(method)
        call.emit("payment_method.attached", method)
    }

    /// Stores `payment_method_options[card][require_cvc_recollection]` as a boolean, as Stripe renders it.
    static func normalizeOptions(_ pi: inout JSONValue) {
        guard var options = pi["payment_method_options"], var card = options["card"],
            let value = card["require_cvc_recollection"]?.stringValue
        else { return }
        card["require_cvc_recollection"] = .bool(value == "true")
        options["card"] = card
        pi["payment_method_options"] = options
    }

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "GET", "/v1/customers/:id/payment_methods",
            Endpoint(SimList.parameters.union(["type", "allow_redisplay"])) { call throws(SimError) in
                let customer = try call.state.require(call.id(), type: "customer", scope: call.scope)
                let type = try call.params.string("type")
                let items = call.state.list(type: "payment_method", scope: call.scope) {
                    $0["customer"] == customer["id"] && (type == nil || $0["type"]?.stringValue == type)
                }
                return try SimList.page(items, url: "/v1/customers/\(call.id())/payment_methods", params: call.params)
            })
        paths.add(
            "POST", "/v1/payment_methods/:id/detach",
            Endpoint([]) { call throws(SimError) in
                var method = try call.state.require(call.id(), type: "payment_method", scope: call.scope, noun: "PaymentMethod")
                guard method["customer"] != nil, method["customer"] != .null else {
                    throw SimError.invalidRequest(
                        "The payment method you provided is not attached to a customer so detachment is impossible.",
                        param: nil, code: "payment_method_unexpected_state")
                }
                let owner = method["customer"]?.stringValue ?? ""
                method["customer"] = nil
                call.state.secrets[setUpKey(call.id())] = nil
                call.state.secrets[detachedKey(call.id())] = "1"
                clearDefault(call: call, customer: owner, methodId: call.id())
                call.state.replace(method)
                call.emit("payment_method.detached", method)
                return method
            })
        paths.add(
            "POST", "/v1/tokens",
            Endpoint(["cvc_update", "card", "bank_account", "pii", "account", "person"]) { call throws(SimError) in
                guard let update = try call.params.hash("cvc_update", allowed: ["cvc"]) else {
                    throw SimError.invalidRequest("The simulator creates cvc_update tokens only.", param: nil)
                }
                let cvc = try update.string("cvc") ?? ""
                guard (3...4).contains(cvc.count), cvc.allSatisfy(\.isNumber) else {
                    throw SimError.invalidRequest("Your card's security code is invalid.", param: "cvc_update[cvc]", code: "invalid_cvc")
                }
                let id = SimIDs.make("cvctok")
                call.state.secrets["cvctok:\(id)"] = "1"
                return [
                    "id": .string(id), "object": "token", "client_ip": nil, "created": .int(call.now), "livemode": false,
                    "type": "cvc_update", "used": false,
                ]
            })
    }
}
