import HTTPServer

/// Server-driven collect and confirm (https://docs.stripe.com/terminal/payments/collect-card-payment?terminal-sdk-platform=server-driven):
/// `collect_payment_method` waits for a card (the same `--reader-timeout` window as
/// `process_payment_intent`); `present_payment_method` then attaches the card-present method
/// to the PaymentIntent (`requires_confirmation`), shows it in
/// `action.collect_payment_method.payment_method` and sends `terminal.reader.action_succeeded`;
/// `confirm_payment_intent` must follow within the window (simulated clock) or fails with
/// `terminal_reader_timeout` (the action `failed`, the method detached, the PaymentIntent
/// usable again). The amount's cents decide the outcome at confirmation, as for
/// `process_payment_intent`.
enum ReaderCollect {
    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/terminal/readers/:id/collect_payment_method",
            Endpoint(["payment_intent", "collect_config"], collect))
        paths.add(
            "POST", "/v1/terminal/readers/:id/confirm_payment_intent",
            Endpoint(["payment_intent", "confirm_config"], confirm))
    }

    private static func collect(_ call: SimCall) throws(SimError) -> JSONValue {
        try ReaderActions.startPaymentAction(call, type: "collect_payment_method", config: "collect_config", verb: "collected")
    }

    /// `present_payment_method` while collecting: the card is read, not charged.
    static func present(_ call: SimCall, reader old: JSONValue) throws(SimError) -> JSONValue {
        var reader = old
        guard let piId = reader.value(at: "action.collect_payment_method.payment_intent")?.stringValue else {
            throw SimError.invalidRequest(
                "This reader has no collect_payment_method action in progress.", param: nil, code: "terminal_reader_no_action")
        }
        var pi = try call.state.require(piId, type: "payment_intent", scope: call.scope, noun: "payment_intent")
        let cardName = TestPaymentMethod.cardPresentName(number: try call.params.hash("card_present")?.string("number"))
        let behaviour = TestPaymentMethod.cardPresent[cardName] ?? TestPaymentMethod.visa
        let method = PaymentMethodObjects.make(behaviour, call: call)
        call.state.insert(method, scope: call.scope)
        if let id = method["id"]?.stringValue { call.state.secrets[TestPaymentMethod.annotationKey(id)] = cardName }
        pi["payment_method"] = method["id"] ?? nil
        pi["status"] = "requires_confirmation"
        call.state.replace(pi)
        var action = reader["action"] ?? [:]
        var collect = action["collect_payment_method"] ?? [:]
        collect["payment_method"] = method
        action["collect_payment_method"] = collect
        action["status"] = "succeeded"
        reader["action"] = action
        call.state.replace(reader)
        call.state.secrets["collected_at:\(reader["id"]?.stringValue ?? "")"] = String(call.now)
        call.emit("terminal.reader.action_succeeded", reader)
        return reader
    }

    private static func confirm(_ call: SimCall) throws(SimError) -> JSONValue {
        var reader = try ReaderActions.onlineReader(call)
        let piId = try call.params.requiredString("payment_intent")
        guard reader.value(at: "action.type") == "collect_payment_method", reader.value(at: "action.status") == "succeeded",
            reader.value(at: "action.collect_payment_method.payment_intent")?.stringValue == piId,
            let methodId = reader.value(at: "action.collect_payment_method.payment_method.id")?.stringValue
        else {
            throw SimError.invalidRequest(
                "This reader has no collected payment method for \(piId); call collect_payment_method first.",
                param: "payment_intent", code: "terminal_reader_no_action")
        }
        var pi = try call.state.require(piId, type: "payment_intent", scope: call.scope, noun: "payment_intent", param: "payment_intent")
        let readerId = reader["id"]?.stringValue ?? ""
        let collectedAt = call.state.secrets["collected_at:\(readerId)"].flatMap { Int($0) } ?? call.now
        if call.state.readerConfirmWindow > 0, call.now >= collectedAt + call.state.readerConfirmWindow {
            var action = reader["action"] ?? [:]
            action["status"] = "failed"
            action["failure_code"] = "terminal_reader_timeout"
            action["failure_message"] = "The collected payment method expired before it was confirmed."
            reader["action"] = action
            call.state.replace(reader)
            pi["payment_method"] = nil
            pi["status"] = "requires_payment_method"
            call.state.replace(pi)
            call.emit("terminal.reader.action_failed", reader)
            throw SimError.invalidRequest(
                "The payment method collected on the reader expired before it was confirmed; collect it again.",
                param: nil, code: "terminal_reader_timeout")
        }
        guard let method = call.state.get(methodId, scope: call.scope) else {
            throw SimError.missingResource("PaymentMethod", methodId, param: "payment_method")
        }
        let cardName = call.state.secrets[TestPaymentMethod.annotationKey(methodId)] ?? "card_present_visa"
        var behaviour = TestPaymentMethod.cardPresent[cardName] ?? TestPaymentMethod.visa
        if let decline = ReaderActions.declines[(pi["amount"]?.intValue ?? 0) % 100] {
            behaviour.outcome = .decline(code: "card_declined", declineCode: decline.code, message: decline.message)
        }
        var action: JSONValue = [
            "type": "confirm_payment_intent", "status": "succeeded", "failure_code": nil, "failure_message": nil,
            "confirm_payment_intent": ["payment_intent": .string(piId), "confirm_config": call.params.json("confirm_config") ?? nil],
        ]
        switch PaymentIntentMachine.authorize(call: call, pi: pi, method: method, behaviour: behaviour) {
        case .done:
            reader["action"] = action
            call.state.replace(reader)
            call.emit("terminal.reader.action_succeeded", reader)
        case .declined(_, let error):
            action["status"] = "failed"
            action["failure_code"] = .optional(error.code)
            action["failure_message"] = .string(error.message)
            reader["action"] = action
            call.state.replace(reader)
            call.emit("terminal.reader.action_failed", reader)
        }
        return reader
    }
}
