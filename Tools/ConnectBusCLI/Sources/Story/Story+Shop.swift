import Messages
import StripeAPI

extension StoryPlatform {
    /// The seller's shop: a Terminal location on Main St and a simulated reader (`Counter`)
    /// registered there; answers both ids.
    func openShop(account: String) throws(StepFailed) -> (location: String, reader: String) {
        let location = try send(
            CreateLocation(
                displayName: "Lovelace Ceramics, Main St",
                address: TerminalAddress(line1: "1 Main St", city: "San Francisco", state: "CA", postalCode: "94110", country: "US"),
                account: account), account: account
        ).location
        let reader = try send(
            RegisterReader(registrationCode: "simulated-wpe", label: "Counter", location: location, account: account), account: account
        ).reader
        return (location, reader)
    }
}

extension Story {
    /// The buyer taps a card on the simulated reader.
    func presentCard() throws(StepFailed) {
        let answer = try platform.sim(.post, "/v1/test_helpers/terminal/readers/\(reader)/present_payment_method", account: account)
        try platform.expect(
            answer.status == 200, "a card is presented on reader \(reader)",
            else: "present_payment_method answered HTTP \(answer.status): \(answer.text)")
    }

    /// 4. In the shop: a reader, the cart on its screen, a card-present PaymentIntent declined
    /// and then approved on the same PaymentIntent, captured with a tip.
    func terminal() throws(StepFailed) {
        let p = platform, r = references
        p.heading("4. A buyer pays in the shop: reader, cart on its screen, card-present PaymentIntent, decline then approval, capture with a tip")
        let location: String
        (location, reader) = try p.openShop(account: account)
        p.ok("reader \(reader) registered at \(location)")
        let cart = ReaderCart(
            currency: "usd",
            lineItems: [
                ReaderCartLineItem(description: "Ceramic bowl", amount: 2800, quantity: 1),
                ReaderCartLineItem(description: "Espresso cup", amount: 700, quantity: 2),
            ], total: 4200)
        _ = try p.send(SetReaderDisplay(reader: reader, cart: cart, account: account), account: account)
        p.ok("the cart (42.00 USD) is shown on reader \(reader)")
        // 42.05 USD: the simulator declines amounts ending in .05 (generic_decline).
        let intent = try p.send(
            CreateTerminalPaymentIntent(
                orderReference: r.orderShop, amount: 4205, currency: "usd", captureMethod: .manual, account: account,
                applicationFeeAmount: 420), account: account
        ).paymentIntent
        _ = try p.send(ProcessPayment(reader: reader, paymentIntent: intent, account: account), account: account)
        try presentCard()
        try p.event("terminal.payment.declined", ("payment_intent", intent))
        // The clerk corrects the amount to 42.00; the same PaymentIntent is used again.
        let again = try p.send(
            CreateTerminalPaymentIntent(
                orderReference: r.orderShop, amount: 4200, currency: "usd", captureMethod: .manual, account: account,
                applicationFeeAmount: 420), account: account
        ).paymentIntent
        try p.expect(
            again == intent, "same PaymentIntent \(intent) reused (no second charge)",
            else: "a second PaymentIntent \(again) was created for \(r.orderShop)")
        _ = try p.send(ProcessPayment(reader: reader, paymentIntent: intent, account: account), account: account)
        try presentCard()
        try p.event("terminal.payment.authorized", ("payment_intent", intent))
        // A 4.20 tip on the receipt: 46.20 captured (over-capture), the fee recomputed by the
        // policy (CAPTURE_FEE_PERCENT=10): 4.62 instead of the 4.20 set at creation.
        _ = try p.send(CapturePayment(paymentIntent: intent, amountToCapture: 4620, account: account), account: account)
        try p.event(
            "terminal.payment.captured", ("payment_intent", intent), ("amount_captured", "4620"), ("application_fee_amount", "462"))
    }

    /// 4c. The point-of-sale app creates the PaymentIntent itself (Terminal SDK) with a
    /// wrong fee; reconciliation captures it with the platform's.
    func appCreated() throws(StepFailed) {
        let p = platform, r = references
        p.heading(
            "4c. The point-of-sale app creates the PaymentIntent itself (Terminal SDK) with a wrong fee; reconciliation captures it with the platform's"
        )
        let created = try p.sim(
            .post, "/v1/payment_intents",
            form: [
                ("amount", "1800"), ("currency", "usd"), ("application_fee_amount", "5"),
                ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual"),
                ("metadata[order_reference]", r.orderPOS),
            ], account: account, headers: [("Stripe-Version", "2026-11-18.endive")])
        guard created.status == 200, let intent = created.field("id") else {
            p.fail("creating the app's PaymentIntent answered HTTP \(created.status): \(created.text)")
            throw StepFailed()
        }
        p.ok("the app created \(intent) on \(account) (the gateway has never seen it)")
        let processed = try p.sim(
            .post, "/v1/terminal/readers/\(reader)/process_payment_intent", form: [("payment_intent", intent)], account: account)
        try p.require(processed.status == 200, else: "process_payment_intent answered HTTP \(processed.status): \(processed.text)")
        try presentCard()
        try p.event("terminal.payment.authorized", ("payment_intent", intent), ("order_reference", r.orderPOS))
        // The order is handed over; the end-of-day run captures it and corrects the app's 0.05
        // fee to the policy's (10 % of 18.00), announcing the correction.
        _ = try p.send(CompleteOrder(orderReference: r.orderPOS))
        _ = try p.send(Reconcile(olderThanSeconds: 0, account: account), account: account)
        try p.event(
            "terminal.payment.fee_corrected", ("payment_intent", intent), ("reason", "app_fee"), ("application_fee_amount_before", "5"),
            ("application_fee_amount", "180"), ("captured_by", "reconciliation"))
        try p.event(
            "terminal.payment.captured", ("payment_intent", intent), ("order_reference", r.orderPOS), ("application_fee_amount", "180"))
    }

    /// 4b. An authorization the shop never captures is cancelled by reconciliation.
    func abandoned() throws(StepFailed) {
        let p = platform, r = references
        p.heading("4b. An authorization the shop never captures is cancelled by reconciliation")
        let intent = try p.send(
            CreateTerminalPaymentIntent(orderReference: r.orderAbandoned, amount: 1500, currency: "usd", captureMethod: .manual, account: account),
            account: account
        ).paymentIntent
        _ = try p.send(ProcessPayment(reader: reader, paymentIntent: intent, account: account), account: account)
        try presentCard()
        try p.event("terminal.payment.authorized", ("payment_intent", intent))
        // The platform says the sale was abandoned, so the run cancels it without waiting for
        // the end-of-day grace.
        _ = try p.send(AbandonOrder(orderReference: r.orderAbandoned))
        let run = try p.send(Reconcile(olderThanSeconds: 0, account: account), account: account)
        p.ok("reconciliation: captured \(run.captured), canceled \(run.canceled), left \(run.left)")
        try p.event("terminal.payment.canceled", ("payment_intent", intent))
    }
}
