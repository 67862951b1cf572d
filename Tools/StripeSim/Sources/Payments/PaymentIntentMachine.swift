/// The PaymentIntent state machine (https://docs.stripe.com/payments/paymentintents/lifecycle):
/// `requires_payment_method` → `requires_confirmation` → (`requires_action`) →
/// `processing` / `requires_capture` → `succeeded`, or `canceled`; a decline returns to
/// `requires_payment_method` with `last_payment_error`, so the same intent can be retried.
import Foundation
enum PaymentIntentMachine {
    /// What an authorization attempt did.
    enum Result {
        case done(JSONValue)
        case declined(JSONValue, SimError)
    }

    /// How long an uncaptured authorization lasts: 2 days in person, 7 days online.
    static func captureWindowSeconds(cardPresent: Bool) -> Int { cardPresent ? 2 * 86_400 : 7 * 86_400 }

    /// Cancels a `requires_capture` intent whose authorization window has passed (as Stripe
    /// does, `cancellation_reason` `automatic`), releasing the charge; emits `payment_intent.canceled`.
    static func expireAuthorizationIfDue(call: SimCall, pi: JSONValue) -> JSONValue {
        guard pi["status"] == "requires_capture", let chargeId = pi["latest_charge"]?.stringValue,
            var charge = call.state.get(chargeId, scope: call.scope)
        else { return pi }
        let cardPresent = charge.value(at: "payment_method_details.type") == "card_present"
        guard call.now >= (charge["created"]?.intValue ?? 0) + captureWindowSeconds(cardPresent: cardPresent) else { return pi }
        charge["refunded"] = true
        charge["amount_refunded"] = charge["amount"] ?? 0
        call.state.replace(charge)
        var expired = pi
        expired["status"] = "canceled"
        expired["canceled_at"] = .int(call.now)
        expired["cancellation_reason"] = "automatic"
        expired["amount_capturable"] = 0
        call.state.replace(expired)
        call.emit("payment_intent.canceled", expired)
        return expired
    }

    static let cancelable: Set<String> = ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action"]

    /// Authorizes `pi` with `method`: success (captured at once unless `capture_method` is
    /// manual), decline, 3-D Secure, or a delayed (SEPA) outcome scheduled for later.
    static func authorize(call: SimCall, pi old: JSONValue, method: JSONValue, behaviour: TestPaymentMethod) -> Result {
        var pi = old
        let method = linkWithEmail(call: call, pi: old, method: method)
        pi["payment_method"] = method["id"] ?? nil
        pi["last_payment_error"] = nil
        pi["next_action"] = nil
        // `manual_preferred`: manual where the method allows it; Interac is always captured at once.
        let manual =
            pi["capture_method"] == "manual"
            || (pi["capture_method"] == "manual_preferred" && behaviour.type != "interac_present")
        switch behaviour.outcome {
        case .succeed:
            var charge = ChargeObjects.make(call: call, pi: pi, method: method, behaviour: behaviour, status: "succeeded", captured: !manual)
            if manual {
                pi["status"] = "requires_capture"
                pi["amount_capturable"] = pi["amount"] ?? 0
            } else {
                pi["status"] = "succeeded"
                pi["amount_received"] = pi["amount"] ?? 0
                ChargeObjects.collectApplicationFee(call: call, charge: &charge, amount: pi["application_fee_amount"]?.intValue ?? 0)
                DisputeMachine.scheduleIfTestCard(call: call, charge: charge)
            }
            pi["latest_charge"] = charge["id"] ?? nil
            call.state.insert(charge, scope: call.scope)
            call.state.replace(pi)
            SavedPaymentMethods.saveAfterPayment(call: call, pi: pi, methodId: method["id"]?.stringValue ?? "")
            call.emit("charge.succeeded", charge)
            call.emit(manual ? "payment_intent.amount_capturable_updated" : "payment_intent.succeeded", pi)
            return .done(pi)
        case .decline(let code, let declineCode, let message):
            let charge = ChargeObjects.make(
                call: call, pi: pi, method: method, behaviour: behaviour, status: "failed",
                captured: false, failure: (code, declineCode, message))
            pi["status"] = "requires_payment_method"
            pi["payment_method"] = nil
            pi["latest_charge"] = charge["id"] ?? nil
            pi["last_payment_error"] = [
                "type": "card_error", "code": .string(code), "decline_code": .string(declineCode),
                "message": .string(message), "charge": charge["id"] ?? nil, "payment_method": method,
                "doc_url": .string("https://stripe.com/docs/error-codes/\(code.replacingOccurrences(of: "_", with: "-"))"),
            ]
            call.state.insert(charge, scope: call.scope)
            call.state.replace(pi)
            call.emit("charge.failed", charge)
            call.emit("payment_intent.payment_failed", pi)
            var error = SimError(status: 402, type: "card_error", code: code, message: message, declineCode: declineCode)
            error.extra = ["payment_intent": pi, "charge": charge["id"] ?? nil, "payment_method": method]
            return .declined(pi, error)
        case .requireAction:
            pi["status"] = "requires_action"
            let url = "\(call.state.baseURL)/sim/payment_intents/\(pi["id"]?.stringValue ?? "")/authenticate"
            if let returnURL = call.state.secrets["return:\(pi["id"]?.stringValue ?? "")"] {
                pi["next_action"] = ["type": "redirect_to_url", "redirect_to_url": ["return_url": .string(returnURL), "url": .string(url)]]
            } else {
                pi["next_action"] = ["type": "use_stripe_sdk", "use_stripe_sdk": ["type": "three_d_secure_redirect", "stripe_js": .string(url)]]
            }
            call.state.secrets["auth:\(pi["id"]?.stringValue ?? "")"] = method["id"]?.stringValue
            call.state.replace(pi)
            call.emit("payment_intent.requires_action", pi)
            return .done(pi)
        case .redirect:
            // The buyer leaves for the method's test page (RedirectPaymentMethod); a Checkout
            // Session's PaymentIntent comes back to the session's page instead of a return_url.
            let id = pi["id"]?.stringValue ?? ""
            pi["status"] = "requires_action"
            pi["next_action"] = [
                "type": "redirect_to_url",
                "redirect_to_url": [
                    "return_url": .optional(call.state.secrets["return:\(id)"]),
                    "url": .string(RedirectPaymentMethod.pageURL(baseURL: call.state.baseURL, paymentIntent: id)),
                ],
            ]
            call.state.secrets["auth:\(id)"] = method["id"]?.stringValue
            call.state.replace(pi)
            call.emit("payment_intent.requires_action", pi)
            return .done(pi)
        case .succeedLater, .failLater:
            let charge = ChargeObjects.make(call: call, pi: pi, method: method, behaviour: behaviour, status: "pending", captured: true)
            pi["status"] = "processing"
            pi["latest_charge"] = charge["id"] ?? nil
            call.state.insert(charge, scope: call.scope)
            call.state.replace(pi)
            call.emit("charge.pending", charge)
            call.emit("payment_intent.processing", pi)
            scheduleSettlement(
                call: call, piId: pi["id"]?.stringValue ?? "", succeed: behaviour.outcome == .succeedLater,
                after: behaviour.settleAfterSeconds)
            return .done(pi)
        }
    }

    /// A Link method carries the e-mail Link recognised the buyer by: the PaymentIntent's
    /// `receipt_email`, else its Customer's (`link.email`, `billing_details.email`).
    private static func linkWithEmail(call: SimCall, pi: JSONValue, method: JSONValue) -> JSONValue {
        guard method["type"] == "link" else { return method }
        let customerEmail = pi["customer"]?.stringValue.flatMap { call.state.get($0, scope: call.scope) }?["email"]?.stringValue
        guard let email = pi["receipt_email"]?.stringValue ?? customerEmail else { return method }
        var linked = method
        linked["link"] = ["email": .string(email), "persistent_token": nil]
        linked["billing_details"]?["email"] = .string(email)
        call.state.replace(linked)
        return linked
    }

    /// After the method's delay (else the configured one), a processing (SEPA or ACH Direct Debit) intent succeeds or fails.
    private static func scheduleSettlement(call: SimCall, piId: String, succeed: Bool, after seconds: Double?) {
        call.state.schedule(after: seconds ?? call.state.asyncPaymentDelay, .settle(scope: call.scope, paymentIntent: piId, succeed: succeed))
    }

    static func settle(call: SimCall, piId: String, succeed: Bool) {
        guard var pi = call.state.get(piId, scope: call.scope), pi["status"] == "processing",
            let chargeId = pi["latest_charge"]?.stringValue, var charge = call.state.get(chargeId, scope: call.scope)
        else { return }
        if succeed {
            charge["status"] = "succeeded"
            charge["paid"] = true
            charge["amount_captured"] = charge["amount"] ?? 0
            ChargeObjects.collectApplicationFee(call: call, charge: &charge, amount: pi["application_fee_amount"]?.intValue ?? 0)
            DisputeMachine.scheduleIfTestCard(call: call, charge: charge)
            pi["status"] = "succeeded"
            pi["amount_received"] = pi["amount"] ?? 0
        } else {
            charge["status"] = "failed"
            charge["paid"] = false
            charge["captured"] = false
            charge["amount_captured"] = 0
            let behaviour = pi["payment_method"]?.stringValue
                .flatMap { call.state.secrets[TestPaymentMethod.annotationKey($0)] }.flatMap { TestPaymentMethod.byName[$0] }
            charge["failure_code"] = .string(behaviour?.failureCode ?? "insufficient_funds")
            charge["failure_message"] = .string(behaviour?.failureMessage ?? "The account has insufficient funds to cover this payment.")
            pi["status"] = "requires_payment_method"
            let method = charge.value(at: "payment_method_details.type") == "us_bank_account" ? "ACH Direct Debit" : "SEPA Direct Debit"
            // As Stripe's, the error carries the PaymentMethod that failed (its `type` says a debit failed later).
            let failedMethod = pi["payment_method"]?.stringValue.flatMap { call.state.get($0, scope: call.scope) } ?? .null
            pi["last_payment_error"] = [
                "type": "invalid_request_error", "code": .string(behaviour?.failureCode ?? "payment_method_unactivated"),
                "message": .string(behaviour?.failureMessage ?? "The \(method) payment failed."), "charge": .string(chargeId),
                "payment_method": failedMethod,
            ]
            pi["payment_method"] = nil
        }
        call.state.replace(charge)
        call.state.replace(pi)
        if succeed { SavedPaymentMethods.saveAfterPayment(call: call, pi: pi, methodId: pi["payment_method"]?.stringValue ?? "") }
        call.emit(succeed ? "charge.succeeded" : "charge.failed", charge)
        call.emit(succeed ? "payment_intent.succeeded" : "payment_intent.payment_failed", pi)
        if let session = call.state.secrets["checkout:\(piId)"] {
            CheckoutMachine.settleAsync(call: call, sessionId: session, succeeded: succeed)
        }
    }
}
