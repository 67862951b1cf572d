/// A Checkout Session's progress: `open` → `complete` (paid at once, or `unpaid` until a
/// delayed method settles: `checkout.session.async_payment_succeeded/failed`) or `expired`.
/// A declined card leaves the session open with its PaymentIntent reusable.
enum CheckoutMachine {
    /// Pays an open session with a test payment method, as the hosted page would.
    /// Throws the card error on a decline (the session stays open).
    static func pay(call: SimCall, session old: JSONValue, paymentMethod name: String) throws(SimError) -> JSONValue {
        let session = expireIfDue(call: call, session: old)
        guard session["status"] == "open" else {
            throw SimError.unexpectedState(
                "checkout_session_unexpected_state", "This Checkout Session is \(session["status"]?.stringValue ?? "") and can no longer be paid.")
        }
        let sessionId = session["id"]?.stringValue ?? ""
        var (method, behaviour) = try resolve(name, call: call)
        let allowed = session["payment_method_types"]?.arrayValue?.compactMap(\.stringValue) ?? ["card"]
        guard allowed.contains(behaviour.type) else {
            throw SimError.invalidRequest("This Checkout Session does not accept \(behaviour.type).", param: "payment_method")
        }
        if behaviour.outcome == .requireAction { behaviour.outcome = .succeed }
        let pi = try paymentIntent(call: call, session: session)
        switch PaymentIntentMachine.authorize(call: call, pi: pi, method: method, behaviour: behaviour) {
        case .declined(_, let error):
            return try { () throws(SimError) -> JSONValue in throw error }()
        case .done(let result) where result["status"] == "requires_action":
            // A redirect method: the session stays open until the buyer comes back from the
            // method's test page (``complete(call:sessionId:paymentIntent:)``).
            return call.state.get(sessionId, scope: call.scope) ?? session
        case .done(let result):
            return complete(call: call, sessionId: sessionId, paymentIntent: result)
        }
    }

    /// A test method name or PaymentMethod id, or a redirect method's type (the page's choice).
    private static func resolve(_ name: String, call: SimCall) throws(SimError) -> (object: JSONValue, behaviour: TestPaymentMethod) {
        if let redirect = RedirectPaymentMethod.resolve(type: name, call: call) { return redirect }
        return try TestPaymentMethod.resolve(name, call: call, param: "payment_method")
    }

    /// Completes the session `sessionId` once its PaymentIntent is paid or processing
    /// (`payment_status` `paid` or `unpaid`); emits `checkout.session.completed`.
    static func complete(call: SimCall, sessionId: String, paymentIntent: JSONValue) -> JSONValue {
        guard var updated = call.state.get(sessionId, scope: call.scope) else { return .null }
        updated["status"] = "complete"
        // Stripe: the URL of a hosted session is null once the session is complete or expired.
        updated["url"] = .null
        updated["payment_status"] = paymentIntent["status"] == "succeeded" ? "paid" : "unpaid"
        updated["customer_details"] = [
            "email": updated["customer_email"] ?? nil, "name": nil, "phone": nil,
            "address": AccountObjects.nullAddress, "tax_exempt": "none", "tax_ids": [],
        ]
        call.state.replace(updated)
        call.emit("checkout.session.completed", updated)
        return updated
    }

    /// The session's PaymentIntent, created on first payment attempt from `payment_intent_data`.
    private static func paymentIntent(call: SimCall, session: JSONValue) throws(SimError) -> JSONValue {
        let sessionId = session["id"]?.stringValue ?? ""
        if let existing = session["payment_intent"]?.stringValue, let pi = call.state.get(existing, scope: call.scope) {
            return pi
        }
        let data = call.state.attachments["pidata:\(sessionId)"] ?? [:]
        var pi = PaymentIntentObjects.blank(
            amount: session["amount_total"]?.intValue ?? 0,
            currency: session["currency"]?.stringValue ?? "usd", now: call.now)
        let id = pi["id"]?.stringValue ?? ""
        if let fee = data["application_fee_amount"]?.stringValue.flatMap({ Int($0) }) { pi["application_fee_amount"] = .int(fee) }
        pi["capture_method"] = data["capture_method"] ?? "automatic_async"
        pi["customer"] = session["customer"] ?? nil
        pi["metadata"] = data["metadata"] ?? [:]
        pi["payment_method_types"] = session["payment_method_types"] ?? ["card"]
        for key in [
            "description", "on_behalf_of", "receipt_email", "transfer_data", "transfer_group", "statement_descriptor", "statement_descriptor_suffix",
            "setup_future_usage",
        ] {
            pi[key] = data[key] ?? nil
        }
        call.state.insert(pi, scope: call.scope)
        call.state.secrets["checkout:\(id)"] = sessionId
        call.emit("payment_intent.created", pi)
        var updated = session
        updated["payment_intent"] = .string(id)
        call.state.replace(updated)
        return pi
    }

    /// Called when a delayed payment of the session's PaymentIntent settles.
    static func settleAsync(call: SimCall, sessionId: String, succeeded: Bool) {
        guard var session = call.state.get(sessionId, scope: call.scope) else { return }
        session["payment_status"] = succeeded ? "paid" : "unpaid"
        call.state.replace(session)
        call.emit(succeeded ? "checkout.session.async_payment_succeeded" : "checkout.session.async_payment_failed", session)
    }

    /// Expires an open session (emits `checkout.session.expired`).
    static func expire(call: SimCall, session old: JSONValue) -> JSONValue {
        var session = old
        session["status"] = "expired"
        session["url"] = nil
        call.state.replace(session)
        call.emit("checkout.session.expired", session)
        return session
    }

    /// Expires the session when its `expires_at` has passed.
    static func expireIfDue(call: SimCall, session: JSONValue) -> JSONValue {
        guard session["status"] == "open", let expiresAt = session["expires_at"]?.intValue, call.now >= expiresAt else { return session }
        return expire(call: call, session: session)
    }
}
