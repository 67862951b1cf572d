/// The redirect-based payment methods of Stripe's Connect payment-methods table that the
/// simulator pays through a test page, as Stripe's test mode does: the buyer leaves for
/// `/sim/payment_intents/<id>/redirect`, picks "Authorize test payment" or "Fail test
/// payment", and comes back to `return_url` with `payment_intent`,
/// `payment_intent_client_secret` and `redirect_status` (Stripe's query parameters).
///
/// Each method's presentment currencies and customer country are Stripe's
/// (docs.stripe.com/payments/<method>, "Payment method properties"): iDEAL (Netherlands,
/// EUR), Bancontact (Belgium, EUR), EPS (Austria, EUR), Przelewy24 (Poland, EUR or PLN) and
/// Klarna (AUD, CAD, CHF, CZK, DKK, EUR, GBP, NOK, NZD, PLN, RON, SEK or USD).
struct RedirectPaymentMethod: Sendable, Equatable {
    /// Stripe's `type` (`ideal`, `bancontact`, `eps`, `p24`, `klarna`).
    var type: String
    /// What the test page and Checkout call it.
    var name: String
    /// Lowercase ISO 4217 currencies a PaymentIntent with this type may be in.
    var currencies: Set<String>
    /// The customer's country the test method reports (ISO 3166-1 alpha-2).
    var country: String
    /// The type's hash on a PaymentMethod (and, as Stripe does, on the charge's `payment_method_details`).
    var details: JSONValue

    static let all: [RedirectPaymentMethod] = [
        RedirectPaymentMethod(
            type: "ideal", name: "iDEAL", currencies: ["eur"], country: "NL", details: ["bank": "ing", "bic": "INGBNL2A"]),
        RedirectPaymentMethod(
            type: "bancontact", name: "Bancontact", currencies: ["eur"], country: "BE",
            details: [
                "bank_code": "VAPE", "bank_name": "VAN DE PUT & CO", "bic": "VAPEBE22", "generated_sepa_debit": nil,
                "generated_sepa_debit_mandate": nil, "iban_last4": "7061", "preferred_language": "en", "verified_name": "Jenny Rosen",
            ]),
        RedirectPaymentMethod(type: "eps", name: "EPS", currencies: ["eur"], country: "AT", details: ["bank": "bank_austria"]),
        RedirectPaymentMethod(type: "p24", name: "Przelewy24", currencies: ["eur", "pln"], country: "PL", details: ["bank": "ing"]),
        RedirectPaymentMethod(
            type: "klarna", name: "Klarna",
            currencies: ["aud", "cad", "chf", "czk", "dkk", "eur", "gbp", "nok", "nzd", "pln", "ron", "sek", "usd"], country: "DE",
            details: ["dob": nil]),
    ]

    /// The methods by `type`.
    static let byType: [String: RedirectPaymentMethod] = Dictionary(uniqueKeysWithValues: all.map { ($0.type, $0) })

    /// The test payment method the buyer pays with: `.redirect` until the test page decides.
    var testMethod: TestPaymentMethod {
        TestPaymentMethod(type: type, brand: "", last4: "", country: country, outcome: .redirect)
    }

    /// The same method once the buyer authorized it on the test page.
    var authorized: TestPaymentMethod {
        TestPaymentMethod(type: type, brand: "", last4: "", country: country, outcome: .succeed)
    }

    /// Stripe's `payment_method_data[type]` for a redirect method: the stored PaymentMethod
    /// and its behaviour; nil when `type` is not one of ``all``.
    static func resolve(type: String, call: SimCall) -> (object: JSONValue, behaviour: TestPaymentMethod)? {
        guard let method = byType[type] else { return nil }
        let object = PaymentMethodObjects.make(method.testMethod, call: call)
        call.state.insert(object, scope: call.scope)
        if let id = object["id"]?.stringValue { call.state.secrets[TestPaymentMethod.annotationKey(id)] = type }
        return (object, method.testMethod)
    }

    /// The test page the buyer is sent to for `paymentIntent`.
    static func pageURL(baseURL: String, paymentIntent: String) -> String {
        "\(baseURL)/sim/payment_intents/\(paymentIntent)/redirect"
    }

    /// `return_url` with Stripe's query parameters appended (`payment_intent`,
    /// `payment_intent_client_secret`, `redirect_status` `succeeded`, `failed` or, while a
    /// delayed payment settles, `pending`).
    static func returnTarget(_ returnURL: String, pi: JSONValue) -> String {
        let status =
            switch pi["status"]?.stringValue ?? "" {
            case "succeeded", "requires_capture": "succeeded"
            case "processing": "pending"
            default: "failed"
            }
        return HTMLPage.withQuery(
            returnURL,
            [
                ("payment_intent", pi["id"]?.stringValue), ("payment_intent_client_secret", pi["client_secret"]?.stringValue),
                ("redirect_status", status),
            ])
    }

    /// The buyer failed the payment on the test page: the charge fails, the PaymentIntent
    /// returns to `requires_payment_method` with Stripe's `payment_intent_payment_attempt_failed`
    /// error and without its PaymentMethod; emits `charge.failed` and
    /// `payment_intent.payment_failed`.
    static func fail(call: SimCall, pi old: JSONValue, method: JSONValue) -> JSONValue {
        var pi = old
        let behaviour = TestPaymentMethod(
            type: method["type"]?.stringValue ?? "", brand: "", last4: "", country: "", outcome: .redirect)
        let message =
            "The latest payment attempt of this PaymentIntent has failed or been canceled, and the attached payment method has been removed. You can try confirming again with a new payment method."
        let charge = ChargeObjects.make(
            call: call, pi: pi, method: method, behaviour: behaviour, status: "failed", captured: false,
            failure: ("payment_intent_payment_attempt_failed", "generic_decline", message))
        pi["status"] = "requires_payment_method"
        pi["next_action"] = nil
        pi["payment_method"] = nil
        pi["latest_charge"] = charge["id"] ?? nil
        pi["last_payment_error"] = [
            "type": "invalid_request_error", "code": "payment_intent_payment_attempt_failed", "message": .string(message),
            "charge": charge["id"] ?? nil, "payment_method": method,
            "doc_url": "https://stripe.com/docs/error-codes/payment-intent-payment-attempt-failed",
        ]
        call.state.insert(charge, scope: call.scope)
        call.state.replace(pi)
        call.emit("charge.failed", charge)
        call.emit("payment_intent.payment_failed", pi)
        return pi
    }
}
