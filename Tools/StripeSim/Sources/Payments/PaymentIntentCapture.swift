/// Capture and cancel of a PaymentIntent (https://docs.stripe.com/api/payment_intents/capture,
/// https://docs.stripe.com/payments/overcapture). Capture is allowed only from
/// `requires_capture`; `amount_to_capture` may be lower (the rest is released) or higher
/// than authorized when the charge reports over-capture support: a card-present charge with
/// `overcapture_supported` allows the authorized amount plus 50 % of it or 5000 minor units
/// (50 USD), whichever is greater; an online card allows its `maximum_amount_capturable`.
enum PaymentIntentCapture {
    static func capture(_ call: SimCall) throws(SimError) -> JSONValue {
        var pi = try PaymentIntentEndpoints.find(call)
        let status = pi["status"]?.stringValue ?? ""
        guard status == "requires_capture" else {
            throw SimError.unexpectedState(
                "payment_intent_unexpected_state",
                "This PaymentIntent could not be captured because it has a status of \(status). Only a PaymentIntent with one of the following statuses may be captured: requires_capture."
            )
        }
        guard let chargeId = pi["latest_charge"]?.stringValue, var charge = call.state.get(chargeId, scope: call.scope) else {
            throw SimError(status: 500, type: "api_error", code: nil, message: "The PaymentIntent has no charge to capture.")
        }
        let capturable = pi["amount_capturable"]?.intValue ?? 0
        let amount = try call.params.int("amount_to_capture") ?? capturable
        guard amount > 0 else { throw SimError.invalidRequest("Invalid amount_to_capture", param: "amount_to_capture") }
        if amount > capturable {
            let limit = overcaptureLimit(charge)
            guard let limit, amount <= limit else {
                throw SimError.invalidRequest(
                    "The amount to capture (\(amount)) must be less than or equal to the amount capturable (\(capturable)).",
                    param: "amount_to_capture", code: "amount_too_large")
            }
        }
        if let fee = try call.params.int("application_fee_amount") {
            guard call.account != nil, fee <= amount else {
                throw SimError.invalidRequest("Invalid application_fee_amount", param: "application_fee_amount")
            }
            pi["application_fee_amount"] = .int(fee)
        }
        if let metadata = try call.params.metadata() { pi["metadata"] = metadata }
        charge["captured"] = true
        charge["amount_captured"] = .int(amount)
        if amount > (charge["amount"]?.intValue ?? 0) { charge["amount"] = .int(amount) }
        charge["amount_refunded"] = .int(max(0, (charge["amount"]?.intValue ?? 0) - amount))
        ChargeObjects.collectApplicationFee(call: call, charge: &charge, amount: pi["application_fee_amount"]?.intValue ?? 0)
        DisputeMachine.scheduleIfTestCard(call: call, charge: charge)
        pi["status"] = "succeeded"
        pi["amount_capturable"] = 0
        pi["amount_received"] = .int(amount)
        if amount > (pi["amount"]?.intValue ?? 0) { pi["amount"] = .int(amount) }
        call.state.replace(charge)
        call.state.replace(pi)
        call.emit("charge.captured", charge)
        call.emit("payment_intent.succeeded", pi)
        return pi
    }

    /// The smallest over-capture a card-present charge allows, in minor units (50 USD).
    static let cardPresentOvercaptureFloor = 5000

    /// The highest capturable amount when over-capture is supported, else nil.
    private static func overcaptureLimit(_ charge: JSONValue) -> Int? {
        let authorized = charge["amount"]?.intValue ?? 0
        if charge.value(at: "payment_method_details.card_present.overcapture_supported") == true {
            return authorized + max(authorized / 2, cardPresentOvercaptureFloor)
        }
        if charge.value(at: "payment_method_details.card.overcapture.status") == "available" {
            return charge.value(at: "payment_method_details.card.overcapture.maximum_amount_capturable")?.intValue
        }
        return nil
    }

    static func cancel(_ call: SimCall) throws(SimError) -> JSONValue {
        var pi = try PaymentIntentEndpoints.find(call)
        let status = pi["status"]?.stringValue ?? ""
        guard PaymentIntentMachine.cancelable.contains(status) else {
            throw SimError.unexpectedState(
                "payment_intent_unexpected_state",
                "You cannot cancel this PaymentIntent because it has a status of \(status). Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action."
            )
        }
        let reason = try call.params.string("cancellation_reason")
        if let reason, !["duplicate", "fraudulent", "requested_by_customer", "abandoned"].contains(reason) {
            throw SimError.invalidRequest("Invalid cancellation_reason", param: "cancellation_reason")
        }
        if status == "requires_capture", let chargeId = pi["latest_charge"]?.stringValue, var charge = call.state.get(chargeId, scope: call.scope) {
            charge["refunded"] = true
            charge["amount_refunded"] = charge["amount"] ?? 0
            call.state.replace(charge)
        }
        pi["status"] = "canceled"
        pi["canceled_at"] = .int(call.now)
        pi["cancellation_reason"] = .optional(reason)
        pi["amount_capturable"] = 0
        pi["next_action"] = nil
        call.state.replace(pi)
        call.emit("payment_intent.canceled", pi)
        return pi
    }
}
