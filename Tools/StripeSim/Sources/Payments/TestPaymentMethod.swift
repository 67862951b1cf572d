/// Stripe's test payment methods and what happens when one is used
/// (https://docs.stripe.com/testing): success, a decline with its code, 3-D Secure, or a
/// delayed (SEPA) outcome.
struct TestPaymentMethod: Sendable, Equatable {
    enum Outcome: Sendable, Equatable {
        case succeed
        case decline(code: String, declineCode: String, message: String)
        case requireAction
        case succeedLater
        case failLater
        /// A redirect-based method (``RedirectPaymentMethod``): `requires_action` with
        /// `next_action.redirect_to_url` until the buyer authorizes or fails the test payment.
        case redirect
    }

    /// `card`, `sepa_debit`, `us_bank_account`, `link`, `card_present` or a redirect type (`ideal`, …).
    var type: String
    var brand: String
    var last4: String
    var country: String
    var outcome: Outcome
    /// Seconds of simulated time a delayed outcome takes (nil: the configured async delay).
    var settleAfterSeconds: Double? = nil
    /// The charge's `failure_code` (and the PaymentIntent's `last_payment_error.code`) when a
    /// delayed outcome fails (nil: the SEPA default).
    var failureCode: String? = nil
    /// The matching `failure_message`.
    var failureMessage: String? = nil
    /// The dispute a captured charge with this method opens (Stripe's dispute test cards).
    var dispute: DisputeMachine.Trigger? = nil

    static let visa = TestPaymentMethod(type: "card", brand: "visa", last4: "4242", country: "US", outcome: .succeed)
    static let declined = TestPaymentMethod(
        type: "card", brand: "visa", last4: "0002", country: "US",
        outcome: .decline(code: "card_declined", declineCode: "generic_decline", message: "Your card was declined."))
    static let insufficientFunds = TestPaymentMethod(
        type: "card", brand: "visa", last4: "9995", country: "US",
        outcome: .decline(code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds."))
    static let expired = TestPaymentMethod(
        type: "card", brand: "visa", last4: "0069", country: "US",
        outcome: .decline(code: "expired_card", declineCode: "expired_card", message: "Your card has expired."))
    static let authenticationRequired = TestPaymentMethod(type: "card", brand: "visa", last4: "3184", country: "US", outcome: .requireAction)
    static let sepaSucceed = TestPaymentMethod(type: "sepa_debit", brand: "", last4: "3201", country: "AT", outcome: .succeedLater)
    static let sepaFail = TestPaymentMethod(type: "sepa_debit", brand: "", last4: "3456", country: "IT", outcome: .failLater)
    /// ACH Direct Debit with routing number 110000000 (https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment#test-your-integration):
    /// account 000123456789 succeeds; 000111111113 fails (account closed), 000111111116 (no
    /// account), 000222222227 (insufficient funds), 000333333335 (debit not authorized),
    /// 000444444440 (invalid currency) — each after the processing delay.
    static let achSucceed = TestPaymentMethod(type: "us_bank_account", brand: "", last4: "6789", country: "US", outcome: .succeedLater)
    static let achFail = ach("2227", "insufficient_funds", "The customer's account has insufficient funds to cover this payment.")
    static let achClosed = ach("1113", "account_closed", "The customer's bank account has been closed.")
    static let achNoAccount = ach("1116", "no_account", "The customer's bank account could not be located.")
    static let achNotAuthorized = ach("3335", "debit_not_authorized", "The customer notified their bank that this payment was unauthorized.")
    static let achInvalidCurrency = ach("4440", "invalid_currency", "The bank was unable to process this payment because of its currency.")
    private static func ach(_ last4: String, _ code: String, _ message: String) -> TestPaymentMethod {
        TestPaymentMethod(
            type: "us_bank_account", brand: "", last4: last4, country: "US", outcome: .failLater,
            failureCode: code, failureMessage: message)
    }
    /// A Link payment method (the buyer signed in to Link with the e-mail Stripe recognised);
    /// succeeds like a card. Its `link.email` is the PaymentIntent's `receipt_email`, else its
    /// Customer's e-mail.
    static let link = TestPaymentMethod(type: "link", brand: "", last4: "", country: "US", outcome: .succeed)
    /// Stripe's 3D Secure card "authentication required on every transaction" (4000 0025 0000 3155).
    static let authenticationRequired3155 = TestPaymentMethod(type: "card", brand: "visa", last4: "3155", country: "US", outcome: .requireAction)
    /// Stripe's UnionPay test card, 6205 5000 0000 0000 004 (19 digits, as docs.stripe.com/testing
    /// prints it): succeeds. `6205500000000000`, its first 16 digits, fails the Luhn check.
    static let unionPay = TestPaymentMethod(type: "card", brand: "unionpay", last4: "0000", country: "CN", outcome: .succeed)
    /// SEPA IBAN AT32 1904 3002 3547 3204: processing, then succeeded three minutes later.
    static let sepaSucceedAfterThreeMinutes = TestPaymentMethod(
        type: "sepa_debit", brand: "", last4: "3204", country: "AT",
        outcome: .succeedLater, settleAfterSeconds: 180)
    /// SEPA IBAN AT86 1904 3002 3547 3202: processing, then `requires_payment_method`.
    static let sepaFailAT = TestPaymentMethod(type: "sepa_debit", brand: "", last4: "3202", country: "AT", outcome: .failLater)

    /// Stripe's dispute test cards (https://docs.stripe.com/testing#disputes): the charge
    /// succeeds, then is disputed as fraudulent (4000 0000 0000 0259), as product not
    /// received (4000 0000 0000 2685), or as an inquiry (4000 0000 0000 1976).
    static let disputeFraudulent = disputeCard("0259", .init(reason: "fraudulent", inquiry: false))
    static let disputeNotReceived = disputeCard("2685", .init(reason: "product_not_received", inquiry: false))
    static let disputeInquiry = disputeCard("1976", .init(reason: "general", inquiry: true))
    private static func disputeCard(_ last4: String, _ trigger: DisputeMachine.Trigger) -> TestPaymentMethod {
        TestPaymentMethod(type: "card", brand: "visa", last4: last4, country: "US", outcome: .succeed, dispute: trigger)
    }

    /// Test tokens, PaymentMethod ids and card numbers the simulator knows.
    static let byName: [String: TestPaymentMethod] = [
        "pm_card_visa": visa, "tok_visa": visa, "4242424242424242": visa,
        "pm_card_mastercard": TestPaymentMethod(type: "card", brand: "mastercard", last4: "4444", country: "US", outcome: .succeed),
        "5555555555554444": TestPaymentMethod(type: "card", brand: "mastercard", last4: "4444", country: "US", outcome: .succeed),
        "pm_card_chargeDeclined": declined, "tok_chargeDeclined": declined, "4000000000000002": declined,
        "pm_card_visa_chargeDeclinedInsufficientFunds": insufficientFunds, "tok_chargeDeclinedInsufficientFunds": insufficientFunds,
        "4000000000009995": insufficientFunds,
        "pm_card_chargeDeclinedExpiredCard": expired, "4000000000000069": expired,
        "pm_card_authenticationRequired": authenticationRequired, "4000002760003184": authenticationRequired,
        "sepa_succeed": sepaSucceed, "pm_sepa_debit_succeed": sepaSucceed, "AT611904300234573201": sepaSucceed,
        "sepa_fail": sepaFail, "pm_sepa_debit_fail": sepaFail, "IT60X0542811101000000123456": sepaFail,
        "us_bank_account_succeed": achSucceed, "000123456789": achSucceed,
        "us_bank_account_fail": achFail, "000222222227": achFail, "000111111113": achClosed,
        "000111111116": achNoAccount, "000333333335": achNotAuthorized, "000444444440": achInvalidCurrency,
        "pm_usBankAccount_success": achSucceed, "pm_usBankAccount_accountClosed": achClosed,
        "pm_usBankAccount_noAccount": achNoAccount, "pm_usBankAccount_insufficientFunds": achFail,
        "pm_usBankAccount_debitNotAuthorized": achNotAuthorized, "pm_usBankAccount_invalidCurrency": achInvalidCurrency,
        "pm_link": link, "link_succeed": link,
        "4000002500003155": authenticationRequired3155, "pm_card_authenticationRequiredOnSetup": authenticationRequired3155,
        "6205500000000000004": unionPay, "pm_card_unionpay": unionPay, "tok_unionpay": unionPay,
        "AT321904300235473204": sepaSucceedAfterThreeMinutes, "AT861904300235473202": sepaFailAT,
        "4000000000000259": disputeFraudulent, "pm_card_createDispute": disputeFraudulent, "tok_createDispute": disputeFraudulent,
        "4000000000002685": disputeNotReceived, "pm_card_createDisputeProductNotReceived": disputeNotReceived,
        "tok_createDisputeProductNotReceived": disputeNotReceived,
        "4000000000001976": disputeInquiry, "pm_card_createDisputeInquiry": disputeInquiry, "tok_createDisputeInquiry": disputeInquiry,
    ]

    /// The annotation key under which a stored PaymentMethod remembers its behaviour.
    static func annotationKey(_ paymentMethodId: String) -> String { "pm:\(paymentMethodId)" }

    /// Turns a test name or an existing PaymentMethod id into a stored PaymentMethod
    /// object (creating one for test names, as Stripe does for `pm_card_visa`).
    static func resolve(_ name: String, call: SimCall, param: String) throws(SimError) -> (object: JSONValue, behaviour: TestPaymentMethod) {
        if let known = byName[name] {
            let object = PaymentMethodObjects.make(known, call: call)
            call.state.insert(object, scope: call.scope)
            if let id = object["id"]?.stringValue { call.state.secrets[annotationKey(id)] = name }
            return (object, known)
        }
        guard let object = call.state.get(name, scope: call.scope), object["object"] == "payment_method",
            let behaviourName = call.state.secrets[annotationKey(name)],
            let behaviour = byName[behaviourName] ?? cardPresent[behaviourName]
                ?? RedirectPaymentMethod.byType[behaviourName]?.testMethod
        else { throw SimError.missingResource("PaymentMethod", name, param: param) }
        return (object, behaviour)
    }

    /// A card-present method read by a simulated reader (US Visa, overcapture supported; JCB
    /// for a brand without incremental authorization).
    static let cardPresent: [String: TestPaymentMethod] = [
        "card_present_visa": TestPaymentMethod(type: "card_present", brand: "visa", last4: "4242", country: "US", outcome: .succeed),
        "card_present_mastercard": TestPaymentMethod(type: "card_present", brand: "mastercard", last4: "4444", country: "US", outcome: .succeed),
        "card_present_jcb": TestPaymentMethod(type: "card_present", brand: "jcb", last4: "0505", country: "US", outcome: .succeed),
        "interac_present": TestPaymentMethod(type: "interac_present", brand: "interac", last4: "9969", country: "CA", outcome: .succeed),
    ]

    /// The card-present test method of a `present_payment_method` `card_present[number]`
    /// (Stripe's test numbers: 4242424242424242 Visa, 5555555555554444 Mastercard,
    /// 3566002020360505 JCB); Visa when absent or unknown.
    static func cardPresentName(number: String?) -> String {
        switch number {
        case "5555555555554444": "card_present_mastercard"
        case "3566002020360505": "card_present_jcb"
        default: "card_present_visa"
        }
    }

    /// Brands that allow incremental authorization (https://docs.stripe.com/terminal/features/incremental-authorizations).
    static let incrementalBrands: Set<String> = ["visa", "mastercard", "amex", "discover"]
}
