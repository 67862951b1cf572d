import Messages
import StripeAPI

extension Story {
    /// 3. A buyer pays in the app: the PaymentSheet bundle, confirmed as the mobile SDK does.
    func paymentSheet() throws(StepFailed) {
        let p = platform, r = references
        p.heading("3. A buyer pays in the app: PaymentSheet bundle, confirmed by the app")
        let sheet = try p.send(
            CreatePaymentSheet(
                account: account, orderReference: r.orderApp, customerReference: "buyer-\(r.runId)-3", customerEmail: r.buyer3,
                amount: 3600, currency: "usd", applicationFeeAmount: 360), account: account)
        let intent = sheet.paymentIntent
        p.ok("PaymentSheet: customer \(sheet.customer ?? "None"), PaymentIntent \(intent), key \(sheet.publishableKey)")
        // What the mobile SDK does with the client secret: confirm with the buyer's card.
        let confirmed = try p.sim(
            .post, "/v1/payment_intents/\(intent)/confirm", form: [("payment_method", "pm_card_visa")], account: account)
        try p.expect(
            confirmed.status == 200, "the app confirms \(intent) with a Visa test card (HTTP \(confirmed.status))",
            else: "confirm answered HTTP \(confirmed.status): \(confirmed.text)")
        try p.event("payments.order.paid", ("order_reference", r.orderApp), ("amount", "3600"))
        try p.mails(5)
    }

    /// 3b. A returning buyer: a card saved with the app's setup sheet, later charged off-session.
    func returningBuyer() throws(StepFailed) {
        let p = platform, r = references
        p.heading("3b. A returning buyer: card saved in the app's setup sheet, later charged off-session")
        let customer = "buyer-\(r.runId)-7"
        let sheet = try p.send(CreateSetupSheet(account: account, customerReference: customer, customerEmail: r.buyer5), account: account)
        let setupIntent = sheet.setupIntent
        p.ok("setup sheet: customer \(sheet.customer), SetupIntent \(setupIntent) (nothing charged)")
        // What the mobile SDK does in setup mode: confirm the SetupIntent with the buyer's card.
        let saved = try p.sim(
            .post, "/v1/setup_intents/\(setupIntent)/confirm", form: [("payment_method", "pm_card_visa")], account: account)
        try p.expect(
            saved.status == 200 && saved.field("status") == "succeeded",
            "the app saves a Visa test card with \(setupIntent) (HTTP \(saved.status))",
            else: "SetupIntent confirm answered HTTP \(saved.status): \(saved.text)")
        _ = try? p.event("stripe.setup_intent.succeeded", ("id", setupIntent))
        let listed = try p.send(ListPaymentMethods(account: account, customerReference: customer), account: account)
        let method = listed.paymentMethods.first?.paymentMethod ?? ""
        try p.expect(
            listed.paymentMethods.first?.last4 == "4242", "saved for the buyer: \(method) (visa 4242)",
            else: "list_payment_methods: \(Self.json(listed))")
        // Weeks later the buyer reorders from an e-mail; the shop charges the saved card without them.
        let charged = try p.send(
            ChargeSavedPaymentMethod(
                account: account, orderReference: r.orderReturning, customerReference: customer, paymentMethod: method,
                amount: 1800, currency: "usd", applicationFeeAmount: 180,
                authenticationUrl: "https://ceramics.example/orders/\(r.orderReturning)/pay", customerEmail: r.buyer5),
            account: account)
        try p.expect(
            charged.status == .succeeded, "charged off-session: \(charged.paymentIntent) succeeded",
            else: "off-session charge: \(Self.json(charged))")
        try p.event("payments.order.paid", ("order_reference", r.orderReturning), ("amount", "1800"), ("application_fee_amount", "180"))
        try p.mails(6)
    }
}
