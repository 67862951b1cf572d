/// `POST /v1/payment_intents/{id}/increment_authorization`
/// (https://docs.stripe.com/terminal/features/incremental-authorizations): raises the
/// authorized `amount` of a `requires_capture` card-present PaymentIntent whose charge reports
/// `payment_method_details.card_present.incremental_authorization_supported` (requested with
/// `payment_method_options[card_present][request_incremental_authorization_support]=true` and
/// a Visa, Mastercard, American Express or Discover card), at most 10 times per payment.
enum PaymentIntentIncrement {
    /// The most increments per payment.
    static let maximumAttempts = 10

    /// Whether `pi` asked for incremental authorization support.
    static func requested(_ pi: JSONValue) -> Bool {
        let value = pi.value(at: "payment_method_options.card_present.request_incremental_authorization_support")
        return value == true || value == "true"
    }

    /// Turns the form's `payment_method_options[card_present][request_*]` strings into the
    /// booleans Stripe returns.
    static func normalizeOptions(_ pi: inout JSONValue) {
        guard var options = pi["payment_method_options"], var cardPresent = options["card_present"] else { return }
        for key in ["request_incremental_authorization_support", "request_extended_authorization"] {
            if let value = cardPresent[key]?.stringValue { cardPresent[key] = .bool(value == "true") }
        }
        options["card_present"] = cardPresent
        pi["payment_method_options"] = options
    }

    static func increment(_ call: SimCall) throws(SimError) -> JSONValue {
        var pi = try PaymentIntentEndpoints.find(call)
        let status = pi["status"]?.stringValue ?? ""
        guard status == "requires_capture" else {
            throw SimError.unexpectedState(
                "payment_intent_unexpected_state",
                "This PaymentIntent's authorization could not be incremented because it has a status of \(status). Only a PaymentIntent with the status requires_capture can be incremented."
            )
        }
        guard let chargeId = pi["latest_charge"]?.stringValue, var charge = call.state.get(chargeId, scope: call.scope),
            charge.value(at: "payment_method_details.card_present.incremental_authorization_supported") == true
        else {
            throw SimError.invalidRequest(
                "This PaymentIntent does not support incremental authorization: request it with payment_method_options[card_present][request_incremental_authorization_support] and use a card that supports it.",
                param: nil)
        }
        let current = pi["amount"]?.intValue ?? 0
        let amount = try call.params.requiredInt("amount")
        guard amount > current else {
            throw SimError.invalidRequest(
                "The amount (\(amount)) must be greater than the PaymentIntent's current amount (\(current)).",
                param: "amount")
        }
        let attemptsKey = "increment_attempts:\(pi["id"]?.stringValue ?? "")"
        let attempts = Int(call.state.secrets[attemptsKey] ?? "0") ?? 0
        guard attempts < maximumAttempts else {
            throw SimError.invalidRequest("This PaymentIntent has reached the maximum of \(maximumAttempts) incremental authorizations.", param: nil)
        }
        call.state.secrets[attemptsKey] = String(attempts + 1)
        if let fee = try call.params.int("application_fee_amount") {
            guard call.account != nil, fee <= amount else {
                throw SimError.invalidRequest("Invalid application_fee_amount", param: "application_fee_amount")
            }
            pi["application_fee_amount"] = .int(fee)
        }
        if let metadata = try call.params.metadata() { pi["metadata"] = metadata }
        if let description = try call.params.string("description") { pi["description"] = .string(description) }
        pi["amount"] = .int(amount)
        pi["amount_capturable"] = .int(amount)
        charge["amount"] = .int(amount)
        var details = charge.value(at: "payment_method_details.card_present") ?? [:]
        details["amount_authorized"] = .int(amount)
        var methodDetails = charge["payment_method_details"] ?? [:]
        methodDetails["card_present"] = details
        charge["payment_method_details"] = methodDetails
        call.state.replace(charge)
        call.state.replace(pi)
        call.emit("payment_intent.amount_capturable_updated", pi)
        return pi
    }
}
