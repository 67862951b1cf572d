import Testing
@testable import Messages

@Suite("Saved payment method rules")
struct SavedMethodValidationTests {
    private func failure(_ body: () throws -> Void) -> ReplyError? {
        do { try body(); return nil } catch { return error as? ReplyError }
    }

    @Test func setupFutureUsageNeedsTheBuyer() throws {
        var pi = CreatePaymentIntent(account: "acct_1", orderReference: "o-1", amount: 500, currency: "usd", setupFutureUsage: .offSession)
        #expect(failure { try pi.validate() }?.code == ReplyError.Code.customerRequired)
        #expect(failure { try pi.validate() }?.field == "setup_future_usage")
        pi.customer = "cus_1"
        try pi.validate()
        // A guest sheet may save: the method is kept for payments.register_buyer.
        var sheet = CreatePaymentSheet(account: "acct_1", orderReference: "o-1", amount: 500, currency: "usd", setupFutureUsage: .onSession)
        try sheet.validate()
        sheet.customerReference = "buyer-1"
        try sheet.validate()
        var checkout = CreateCheckoutSession(
            account: "acct_1", orderReference: "o-1",
            lineItems: [CheckoutLineItem(price: "price_1", quantity: 1)],
            successUrl: "https://shop.example/ok", setupFutureUsage: .offSession)
        #expect(failure { try checkout.validate() }?.code == ReplyError.Code.customerRequired)
        checkout.customerReference = "buyer-1"
        try checkout.validate()
    }

    @Test func guestSheetTakesNoCustomerKey() throws {
        var guest = CreatePaymentSheet(account: "acct_1", orderReference: "o-1", amount: 500, currency: "usd")
        try guest.validate()
        guest.customerKey = .customerSession
        #expect(failure { try guest.validate() }?.field == "customer_key")
        guest.customerKey = nil
        guest.requireCvcRecollection = true
        #expect(failure { try guest.validate() }?.code == ReplyError.Code.customerRequired)
    }

    @Test func registerBuyerRules() throws {
        var register = RegisterBuyer(account: "acct_1", customerReference: "buyer-1", guestOrderReferences: ["o-1", "o-2"])
        try register.validate()
        register.guestOrderReferences = []
        #expect(failure { try register.validate() }?.field == "guest_order_references")
        register.guestOrderReferences = ["o-1", "o-1"]
        #expect(failure { try register.validate() }?.code == ReplyError.Code.invalidValue)
        register.guestOrderReferences = ["o-1", " "]
        #expect(failure { try register.validate() }?.field == "guest_order_references")
        register.guestOrderReferences = ["o-1"]
        register.customerEmail = "not-an-email"
        #expect(failure { try register.validate() }?.field == "customer_email")
        var defaulting = SetDefaultPaymentMethod(account: "acct_1", customerReference: "buyer-1", paymentMethod: "pm_1")
        try defaulting.validate()
        defaulting.paymentMethod = "card_1"
        #expect(failure { try defaulting.validate() }?.code == ReplyError.Code.invalidId)
    }

    @Test func cvcRecollectionIsForCards() throws {
        var pi = CreatePaymentIntent(
            account: "acct_1", orderReference: "o-1", amount: 500, currency: "eur", customer: "cus_1",
            requireCvcRecollection: true)
        try pi.validate()  // automatic payment methods include cards
        pi.paymentMethodTypes = ["sepa_debit"]
        #expect(failure { try pi.validate() }?.code == ReplyError.Code.cvcRecollectionNotCard)
        pi.paymentMethodTypes = ["sepa_debit", "card"]
        try pi.validate()
        pi.requireCvcRecollection = false
        pi.paymentMethodTypes = ["sepa_debit"]
        try pi.validate()
    }

    @Test func offSessionChargeRules() throws {
        var charge = ChargeSavedPaymentMethod(
            account: "acct_1", orderReference: "o-1", customerReference: "buyer-1", amount: 2500,
            currency: "usd", applicationFeeAmount: 250, authenticationUrl: "https://shop.example/pay")
        try charge.validate()
        charge.paymentMethod = "card_1"
        #expect(failure { try charge.validate() }?.code == ReplyError.Code.invalidId)
        charge.paymentMethod = "pm_1"
        charge.applicationFeeAmount = 2600
        #expect(failure { try charge.validate() }?.code == ReplyError.Code.feeExceedsAmount)
        charge.applicationFeeAmount = nil
        charge.authenticationUrl = "http://shop.example/pay"
        #expect(failure { try charge.validate() }?.code == ReplyError.Code.invalidURL)
        charge.authenticationUrl = "https://shop.example/pay"
        charge.customerReference = " "
        #expect(failure { try charge.validate() }?.field == "customer_reference")
    }
}
