import Testing
@testable import Messages

@Suite struct ValidationTests {
    /// The code of the error `body` throws, nil when it passes, `"not a ReplyError"` otherwise.
    private func code(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return (error as? ReplyError)?.code ?? "not a ReplyError" }
    }

    /// The field named by the error `body` throws, nil when it passes.
    private func field(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return (error as? ReplyError)?.field ?? "not a ReplyError" }
    }

    let intent = CreatePaymentIntent(
        account: "acct_1", orderReference: "o-1", amount: 1000, currency: "eur",
        applicationFeeAmount: 100)

    @Test func validPaymentIntentPasses() throws {
        try intent.validate()
    }

    @Test func feeGreaterThanAmountIsRejected() {
        var m = intent
        m.applicationFeeAmount = 1001
        #expect(code { try m.validate() } == "validation.fee_exceeds_amount")
        #expect(field { try m.validate() } == "application_fee_amount")
        m.applicationFeeAmount = 1000
        #expect(code { try m.validate() } == nil)
        m.applicationFeeAmount = -1
        #expect(code { try m.validate() } == "validation.fee_exceeds_amount")
    }

    @Test(arguments: [0, -1, -5000])
    func nonPositiveAmountIsRejected(amount: Int) {
        var m = intent
        m.amount = amount
        m.applicationFeeAmount = nil
        #expect(code { try m.validate() } == "validation.invalid_amount")
        #expect(field { try m.validate() } == "amount")
    }

    @Test(arguments: ["EUR", "eu", "xyz", "", "euro"])
    func badCurrencyIsRejected(currency: String) {
        var m = intent
        m.currency = currency
        #expect(code { try m.validate() } == "validation.invalid_currency")
    }

    @Test func accountMustBeAConnectedAccountId() {
        var m = intent
        m.account = "cus_1"
        #expect(code { try m.validate() } == "validation.invalid_id")
        #expect(field { try m.validate() } == "account")
    }

    @Test func paymentMethodTypesMustBeStripeIdentifiers() {
        var m = intent
        m.paymentMethodTypes = ["card", "sepa_debit", "ideal"]
        #expect(code { try m.validate() } == nil)
        m.paymentMethodTypes = ["card", "Card!"]
        #expect(field { try m.validate() } == "payment_method_types[1]")
        m.paymentMethodTypes = []
        #expect(code { try m.validate() } == "validation.invalid_value")
    }

    let hosted = CreateCheckoutSession(
        account: "acct_1", orderReference: "o-1",
        lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Mug", unitAmount: 1200, currency: "usd"), quantity: 2)],
        applicationFeeAmount: 200, successUrl: "https://shop.example/ok")

    @Test func hostedCheckoutRules() throws {
        try hosted.validate()
        var m = hosted
        m.successUrl = "http://shop.example/ok"
        #expect(code { try m.validate() } == "validation.invalid_url")
        #expect(field { try m.validate() } == "success_url")
        m.successUrl = nil
        #expect(code { try m.validate() } == "validation.missing_field")
        m.successUrl = "http://localhost:8080/ok"
        #expect(code { try m.validate() } == nil)
        m.successUrl = "shop.example/ok"
        #expect(code { try m.validate() } == "validation.invalid_url")
    }

    @Test func checkoutFeeIsCheckedAgainstTheInlineTotal() {
        var m = hosted
        m.applicationFeeAmount = 2400
        #expect(code { try m.validate() } == nil)
        m.applicationFeeAmount = 2401
        #expect(code { try m.validate() } == "validation.fee_exceeds_amount")
    }

    @Test func checkoutLineItemErrorsNameTheLine() {
        var m = hosted
        m.lineItems.append(CheckoutLineItem(quantity: 1))
        #expect(field { try m.validate() } == "line_items[1].price")
        m.lineItems[1] = CheckoutLineItem(price: "price_1", quantity: 0)
        #expect(field { try m.validate() } == "line_items[1].quantity")
        m.lineItems[1] = CheckoutLineItem(priceData: PriceData(productName: "x", unitAmount: -1, currency: "usd"), quantity: 1)
        #expect(field { try m.validate() } == "line_items[1].price_data.unit_amount")
        m.lineItems = []
        #expect(field { try m.validate() } == "line_items")
    }

    @Test func embeddedCheckoutNeedsAReturnURLWithTheSessionPlaceholder() throws {
        var m = hosted
        m.uiMode = .embedded
        m.successUrl = nil
        #expect(field { try m.validate() } == "return_url")
        m.returnUrl = "https://shop.example/return"
        #expect(code { try m.validate() } == "validation.return_url_placeholder")
        m.returnUrl = "https://shop.example/return?session_id={CHECKOUT_SESSION_ID}"
        try m.validate()
        m.successUrl = "https://shop.example/ok"
        #expect(field { try m.validate() } == "success_url")
    }

    @Test func elementsAndEmbeddedPageFollowStripesReturnRules() throws {
        for mode in [CheckoutUIMode.elements, .embeddedPage, .embedded] {
            var m = hosted
            m.uiMode = mode
            m.successUrl = nil
            m.returnUrl = "https://shop.example/return?session_id={CHECKOUT_SESSION_ID}"
            try m.validate()
            m.successUrl = "https://shop.example/ok"
            #expect(code { try m.validate() } == "validation.field_not_for_ui_mode")
            m.successUrl = nil
            m.cancelUrl = "https://shop.example/no"
            #expect(code { try m.validate() } == "validation.field_not_for_ui_mode")
            m.cancelUrl = nil
            m.redirectOnCompletion = .never
            #expect(code { try m.validate() } == "validation.field_not_for_ui_mode")
            #expect(field { try m.validate() } == "return_url")
            m.returnUrl = nil
            try m.validate()
            m.redirectOnCompletion = .ifRequired
            #expect(code { try m.validate() } == "validation.missing_field")
        }
        var h = hosted
        h.uiMode = .hostedPage
        try h.validate()
        h.redirectOnCompletion = .always
        #expect(field { try h.validate() } == "redirect_on_completion")
        h.redirectOnCompletion = nil
        h.paymentMethodTypes = ["card", "card_present"]
        #expect(code { try h.validate() } == "validation.unknown_payment_method_type")
        #expect(field { try h.validate() } == "payment_method_types[1]")
        #expect(CheckoutUIMode.hosted.normalized == .hostedPage)
        #expect(CheckoutUIMode.embedded.normalized == .embeddedPage)
    }

    @Test func createAccountNeedsTypeOrController() throws {
        var m = CreateAccount(sellerReference: "shop-1", country: "US", email: "a@b.example", type: .express)
        try m.validate()
        m.type = nil
        try m.validate()  // neither: the platform's default controller properties
        m.country = "KP"
        #expect(code { try m.validate() } == "validation.unsupported_country")
        m.country = nil
        try m.validate()  // Stripe's default country
        m.controller = AccountController(feesPayer: "application", stripeDashboardType: "none")
        try m.validate()
        m.type = .custom
        #expect(field { try m.validate() } == "controller")
        m.type = nil
        m.controller?.stripeDashboard = .init(type: "partial")
        #expect(field { try m.validate() } == "controller.stripe_dashboard.type")
        m.controller = AccountController()
        #expect(field { try m.validate() } == "controller")
        m.controller = nil
        m.type = .standard
        m.country = "us"
        #expect(field { try m.validate() } == "country")
    }

    @Test func accountLinkAllowsHTTPForLocalTestPagesOnly() throws {
        var m = CreateAccountLink(
            account: "acct_1", refreshUrl: "https://p.example/refresh",
            returnUrl: "http://p.example/return", type: .accountOnboarding)
        try m.validate()
        m.returnUrl = "ftp://p.example/return"
        #expect(code { try m.validate() } == "validation.invalid_url")
    }

    @Test func paymentSheetWithEphemeralKeyNeedsAnAPIVersion() throws {
        var m = CreatePaymentSheet(
            account: "acct_1", orderReference: "o-1", customerReference: "c-1",
            amount: 500, currency: "usd", customerKey: .ephemeralKey)
        #expect(field { try m.validate() } == "api_version")
        m.apiVersion = "2020-08-27"
        try m.validate()
    }

    @Test func terminalRules() throws {
        var pi = CreateTerminalPaymentIntent(orderReference: "pos-1", amount: 1500, currency: "usd")
        try pi.validate()
        pi.applicationFeeAmount = 100
        #expect(field { try pi.validate() } == "application_fee_amount")
        pi.account = "acct_1"
        try pi.validate()
        var capture = CapturePayment(paymentIntent: "pi_1", amountToCapture: 0)
        #expect(code { try capture.validate() } == "validation.invalid_amount")
        capture.amountToCapture = 2000
        try capture.validate()
        #expect(field { try ProcessPayment(reader: "rdr", paymentIntent: "pi_1").validate() } == "reader")
    }

    @Test func refundAmountMustBePositiveWhenGiven() throws {
        try RefundPayment(account: "acct_1", orderReference: "o-1").validate()
        #expect(
            code { try RefundPayment(account: "acct_1", orderReference: "o-1", amount: 0).validate() }
                == "validation.invalid_amount")
    }

    @Test func currencyTable() {
        #expect(Currency.isKnown("usd"))
        #expect(!Currency.isKnown("USD"))
        #expect(Currency.minorUnitDigits("jpy") == 0)
        #expect(Currency.minorUnitDigits("kwd") == 3)
        #expect(Currency.minorUnitDigits("eur") == 2)
    }
}
