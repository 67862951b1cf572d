import HTTPServer

/// Server-driven reader actions: `process_payment_intent`, `cancel_action`, and the test
/// helper `present_payment_method`, whose outcome the PaymentIntent amount's cents decide
/// (Stripe's card-present test amounts: .00 approved, .01 `call_issuer`, .05
/// `generic_decline`, .55 `incorrect_pin`, .65 `withdrawal_count_limit_exceeded`, .75
/// `pin_try_exceeded`; any other amount is approved).
/// See https://docs.stripe.com/terminal/references/testing#physical-test-cards.
enum ReaderActions {
    static let declines: [Int: (code: String, message: String)] = [
        1: ("call_issuer", "The card was declined for an unknown reason; the customer should call their card issuer."),
        5: ("generic_decline", "The card was declined for an unknown reason."),
        55: ("incorrect_pin", "The PIN entered is incorrect."),
        65: ("withdrawal_count_limit_exceeded", "The customer has exceeded the balance or credit limit available on their card."),
        75: ("pin_try_exceeded", "The allowable number of PIN tries was exceeded."),
    ]

    /// Fails an in-progress action that waited longer than the confirm window
    /// (`--reader-timeout`, default 30 s of simulated time; 0: never)
    /// (`failure_code` `terminal_reader_timeout`, `terminal.reader.action_failed`); the
    /// PaymentIntent stays as it was, so the same one can be processed again.
    static func timeOutIfDue(call: SimCall, reader old: JSONValue) -> JSONValue {
        guard old.value(at: "action.status") == "in_progress", let id = old["id"]?.stringValue,
            let started = call.state.secrets["action_started:\(id)"].flatMap({ Int($0) }),
            call.state.readerConfirmWindow > 0, call.now >= started + call.state.readerConfirmWindow
        else { return old }
        var reader = old
        var action = reader["action"] ?? [:]
        action["status"] = "failed"
        action["failure_code"] = "terminal_reader_timeout"
        action["failure_message"] = "The reader timed out waiting for a payment method to be presented."
        reader["action"] = action
        call.state.replace(reader)
        call.emit("terminal.reader.action_failed", reader)
        return reader
    }

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add("POST", "/v1/terminal/readers/:id/process_payment_intent", Endpoint(["payment_intent", "process_config"], process))
        paths.add("POST", "/v1/terminal/readers/:id/cancel_action", Endpoint([], cancelAction))
        paths.add(
            "POST", "/v1/test_helpers/terminal/readers/:id/present_payment_method",
            Endpoint(["amount_tip", "card_present", "interac_present", "type"], presentPaymentMethod))
        ReaderCollect.register(&paths)
        ReaderDisplay.register(&paths)
    }

    /// `cancel_action`: clears the action in progress.
    static func cancelAction(_ call: SimCall) throws(SimError) -> JSONValue {
        var reader = try onlineReader(call)
        guard reader.value(at: "action.status") == "in_progress" else {
            throw SimError.invalidRequest("This reader has no action in progress to cancel.", param: nil, code: "terminal_reader_no_action")
        }
        reader["action"] = nil
        call.state.replace(reader)
        return reader
    }

    static func reader(_ call: SimCall) throws(SimError) -> JSONValue {
        timeOutIfDue(call: call, reader: try call.state.require(call.id(), type: "terminal.reader", scope: call.scope, noun: "terminal.reader"))
    }

    /// The reader of the call, or 400 `terminal_reader_offline` when its `status` is
    /// `offline` (``StripeSimulator/setReaderStatus(_:online:)``).
    static func onlineReader(_ call: SimCall) throws(SimError) -> JSONValue {
        let reader = try reader(call)
        guard reader["status"]?.stringValue != "offline" else {
            throw SimError.invalidRequest(
                "Reader is currently offline, please ensure the reader is powered on and "
                    + "connected to the internet before retrying your request.",
                param: nil, code: "terminal_reader_offline")
        }
        return reader
    }

    private static func process(_ call: SimCall) throws(SimError) -> JSONValue {
        try startPaymentAction(call, type: "process_payment_intent", config: "process_config", verb: "processed")
    }

    /// Starts the reader action `type` (`process_payment_intent`, `collect_payment_method`) on
    /// the call's `payment_intent`: 400 `terminal_reader_offline` for an offline reader, 409
    /// `terminal_reader_busy` while another action is in progress, 404 for an unknown
    /// PaymentIntent, 400 without `card_present` in its `payment_method_types`, 400
    /// `payment_intent_unexpected_state` unless it waits for a method or a confirmation. The
    /// action is `in_progress` with the PaymentIntent and the call's `config` parameter under
    /// `action.<type>`; its start time is kept for the reader timeout.
    static func startPaymentAction(_ call: SimCall, type: String, config: String, verb: String) throws(SimError) -> JSONValue {
        var reader = try onlineReader(call)
        if reader.value(at: "action.status") == "in_progress" {
            throw SimError(
                status: 409, type: "invalid_request_error", code: "terminal_reader_busy",
                message: "Reader is currently busy processing another request.")
        }
        let piId = try call.params.requiredString("payment_intent")
        let pi = try call.state.require(piId, type: "payment_intent", scope: call.scope, noun: "payment_intent", param: "payment_intent")
        guard pi["payment_method_types"]?.arrayValue?.contains("card_present") == true else {
            throw SimError.invalidRequest("PaymentIntent must include card_present in payment_method_types.", param: "payment_intent")
        }
        let status = pi["status"]?.stringValue ?? ""
        guard ["requires_payment_method", "requires_confirmation"].contains(status) else {
            throw SimError.unexpectedState(
                "payment_intent_unexpected_state",
                "This PaymentIntent has a status of \(status) and cannot be \(verb) by a reader.", param: "payment_intent")
        }
        reader["action"] = [
            "type": .string(type), "status": "in_progress", "failure_code": nil, "failure_message": nil,
            type: ["payment_intent": .string(piId), config: call.params.json(config) ?? nil],
        ]
        call.state.replace(reader)
        call.state.secrets["action_started:\(call.id())"] = String(call.now)
        return reader
    }

    /// The test helper `present_payment_method` (also the reader console's button).
    static func presentPaymentMethod(_ call: SimCall) throws(SimError) -> JSONValue {
        var reader = try onlineReader(call)
        if reader.value(at: "action.status") == "in_progress", reader.value(at: "action.type") == "collect_payment_method" {
            return try ReaderCollect.present(call, reader: reader)
        }
        guard reader.value(at: "action.status") == "in_progress",
            let piId = reader.value(at: "action.process_payment_intent.payment_intent")?.stringValue
        else {
            throw SimError.invalidRequest(
                "This reader has no process_payment_intent action in progress.", param: nil, code: "terminal_reader_no_action")
        }
        let pi = try call.state.require(piId, type: "payment_intent", scope: call.scope, noun: "payment_intent")
        let amount = pi["amount"]?.intValue ?? 0
        let interac = try call.params.string("type") == "interac_present"
        if interac, pi["payment_method_types"]?.arrayValue?.contains("interac_present") != true {
            throw SimError.invalidRequest("The PaymentIntent's payment_method_types do not include interac_present.", param: "type")
        }
        let cardName =
            interac
            ? "interac_present"
            : TestPaymentMethod.cardPresentName(number: try call.params.hash("card_present")?.string("number"))
        var behaviour = TestPaymentMethod.cardPresent[cardName] ?? TestPaymentMethod.visa
        if let decline = declines[amount % 100] {
            behaviour.outcome = .decline(code: "card_declined", declineCode: decline.code, message: decline.message)
        }
        let method = PaymentMethodObjects.make(behaviour, call: call)
        call.state.insert(method, scope: call.scope)
        if let id = method["id"]?.stringValue { call.state.secrets[TestPaymentMethod.annotationKey(id)] = cardName }
        var action = reader["action"] ?? [:]
        switch PaymentIntentMachine.authorize(call: call, pi: pi, method: method, behaviour: behaviour) {
        case .done:
            action["status"] = "succeeded"
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
