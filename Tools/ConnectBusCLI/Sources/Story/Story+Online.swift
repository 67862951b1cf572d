import Foundation
import Messages
import StripeAPI

extension Story {
    /// 2. A buyer pays online: product, price, hosted Checkout with an application fee, card.
    func checkout() throws(StepFailed) {
        let p = platform, r = references
        p.heading("2. A buyer pays online: product, price, hosted Checkout with an application fee, card")
        let product = try p.send(CreateProduct(account: account, name: "Stoneware mug", description: "Hand-thrown, 350 ml"), account: account)
            .product
        price = try p.send(CreatePrice(account: account, product: product, unitAmount: 2400, currency: "usd"), account: account).price
        p.ok("product \(product), price \(price) (24.00 USD)")
        let session = try p.send(
            CreateCheckoutSession(
                account: account, orderReference: r.orderOnline, lineItems: [CheckoutLineItem(price: price, quantity: 2)],
                applicationFeeAmount: 480, customerEmail: r.buyer1, successUrl: "\(site)/thanks?session={CHECKOUT_SESSION_ID}",
                cancelUrl: "\(site)/cart"), account: account
        ).checkoutSession
        let paid = try p.sim(.post, "/sim/checkout/\(session)/pay", form: [("payment_method", "pm_card_visa")])
        try p.expect(
            paid.status == 302, "the buyer pays \(session) with a Visa test card (HTTP \(paid.status))",
            else: "Checkout page answered HTTP \(paid.status): \(paid.text)")
        _ = try? p.event("stripe.checkout.session.completed", ("id", session))
        try p.event("payments.order.paid", ("order_reference", r.orderOnline), ("amount", "4800"), ("application_fee_amount", "480"))
        try p.mails(1)
    }

    /// 2a. Checkout in `elements` mode (the Payment Element on the shop's own page), asked
    /// by the return page before and after payment.
    func checkoutElements() throws(StepFailed) {
        let p = platform, r = references
        p.heading("2a. Another buyer pays on the shop's own page: Checkout with ui_mode=elements (the Payment Element)")
        let created = try p.send(
            CreateCheckoutSession(
                account: account, orderReference: r.orderElements, lineItems: [CheckoutLineItem(price: price, quantity: 1)],
                applicationFeeAmount: 240, customerEmail: r.buyer4, uiMode: .elements,
                returnUrl: "\(site)/return?session_id={CHECKOUT_SESSION_ID}"), account: account)
        let session = created.checkoutSession
        let secret = created.clientSecret ?? ""
        try p.expect(
            !secret.isEmpty, "session \(session) answers a client secret for the Payment Element",
            else: "no client_secret in the elements session's reply: \(Self.json(created))")
        let before = try returnPageState(session)
        try p.expect(
            before == "open/unpaid/open", "the return page asks before payment: \(before)",
            else: "get_checkout_session before payment: \(before)")
        // The page the Payment Element is mounted on (stripe-sim), then the buyer's card.
        let page = try p.sim(.get, "/sim/checkout/embedded?client_secret=\(secret)")
        try p.require(page.status == 200, else: "the Payment Element page answered HTTP \(page.status)")
        let submitted = try p.sim(
            .post, "/sim/checkout/\(session)/submit",
            form: [("method", "card"), ("card_number", "4242424242424242"), ("email", r.buyer4)])
        try p.expect(
            submitted.status == 303, "the buyer pays \(session) in the Payment Element with a Visa test card (HTTP \(submitted.status))",
            else: "the Payment Element page answered HTTP \(submitted.status): \(submitted.text)")
        try p.event("payments.order.paid", ("order_reference", r.orderElements), ("amount", "2400"), ("application_fee_amount", "240"))
        let after = try returnPageState(session)
        try p.expect(
            after == "complete/paid/paid", "the return page asks after payment: \(after)", else: "get_checkout_session after payment: \(after)")
        try p.mails(2)
    }

    /// `status/payment_status/order_state` of a Checkout Session, as the shop's return page asks.
    private func returnPageState(_ session: String) throws(StepFailed) -> String {
        let state = try platform.send(GetCheckoutSession(account: account, checkoutSession: session), account: account)
        return "\(state.status.rawValue)/\(state.paymentStatus.rawValue)/\(state.orderState ?? "None")"
    }

    /// 2b. A delayed method (SEPA Debit) that fails after the buyer was told "confirming".
    func delayedFailure() throws(StepFailed) {
        let p = platform, r = references
        p.heading("2b. A second buyer pays with a delayed method (SEPA Debit) that fails")
        let session = try p.send(
            CreateCheckoutSession(
                account: account, orderReference: r.orderDelayed, lineItems: [CheckoutLineItem(price: price, quantity: 1)],
                applicationFeeAmount: 240, customerEmail: r.buyer2, successUrl: "\(site)/thanks?session={CHECKOUT_SESSION_ID}",
                cancelUrl: "\(site)/cart", paymentMethodTypes: ["sepa_debit"]), account: account
        ).checkoutSession
        let paid = try p.sim(.post, "/sim/checkout/\(session)/pay", form: [("payment_method", "sepa_fail")])
        try p.expect(
            paid.status == 302, "the buyer pays \(session) by SEPA Debit (HTTP \(paid.status)); the debit fails later",
            else: "Checkout page answered HTTP \(paid.status): \(paid.text)")
        try p.event("payments.order.awaiting_payment", ("order_reference", r.orderDelayed))
        try p.event("payments.order.payment_failed", ("order_reference", r.orderDelayed))
        try p.mails(4)  // "payment received, confirming with your bank", then "payment failed"
    }

    /// 6. iDEAL in euros: Checkout sends the buyer to the bank's test page and back.
    func ideal() throws(StepFailed) {
        let p = platform, r = references
        p.heading("6. A Dutch buyer pays by iDEAL: Checkout in euros, the bank's test page, back to the shop")
        let session = try p.send(
            CreateCheckoutSession(
                account: account, orderReference: r.orderIDEAL,
                lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Stoneware mug", unitAmount: 2200, currency: "eur"), quantity: 1)],
                applicationFeeAmount: 220, customerEmail: r.buyer6, successUrl: "\(site)/thanks?session={CHECKOUT_SESSION_ID}",
                cancelUrl: "\(site)/cart", paymentMethodTypes: ["card", "ideal"]), account: account
        ).checkoutSession
        let picked = try p.sim(.post, "/sim/checkout/\(session)/pay", form: [("payment_method", "ideal")])
        let bank = absolute(picked.location)
        try p.expect(
            picked.status == 303, "the buyer picks iDEAL on \(session) and is sent to the bank's page: \(bank)",
            else: "Checkout page answered \(picked.status) \(bank): \(picked.text)")
        let authorized = try p.sim(.post, bank, form: [("outcome", "authorize")])
        try p.expect(
            authorized.status == 303, "'Authorize test payment': back to the shop at \(absolute(authorized.location))",
            else: "the iDEAL test page answered \(authorized.status) \(absolute(authorized.location))")
        try p.event(
            "payments.order.paid", ("order_reference", r.orderIDEAL), ("amount", "2200"), ("currency", "eur"),
            ("application_fee_amount", "220"))
    }

    /// 7. A deferred intent: the Payment Element collects the card into a ConfirmationToken
    /// before any PaymentIntent; the server creates and confirms it with the token.
    func deferred() throws(StepFailed) {
        let p = platform, r = references
        p.heading("7. A deferred intent: the Payment Element collects the card first, the server confirms with a ConfirmationToken")
        let page = try p.sim(.get, "/sim/elements/confirmation_token?account=\(account)&amount=1800&currency=usd")
        try p.require(page.status == 200, else: "the Payment Element page answered \(page.text)")
        let collected = try p.sim(
            .post, "/sim/elements/confirmation_token",
            form: [
                ("account", account), ("amount", "1800"), ("currency", "usd"), ("next", "\(site)/pay"), ("method", "card"),
                ("card_number", "4242424242424242"),
            ])
        let answer = "\(collected.status) \(absolute(collected.location))"
        let token = Self.confirmationToken(in: answer)
        try p.expect(
            token != nil, "the buyer's card is collected without a PaymentIntent: ConfirmationToken \(token ?? "")",
            else: "no ConfirmationToken: \(answer)")
        let confirmed = try p.send(
            ConfirmPayment(
                account: account, orderReference: r.orderDeferred, amount: 1800, currency: "usd", applicationFeeAmount: 180,
                confirmationToken: token), account: account)
        try p.expect(
            confirmed.status == .succeeded, "the server creates and confirms \(confirmed.paymentIntent) with the token: succeeded",
            else: "confirm_payment with the token: \(Self.json(confirmed))")
        try p.event("payments.order.paid", ("order_reference", r.orderDeferred), ("amount", "1800"), ("application_fee_amount", "180"))
    }

    /// The `ctoken_…` after `confirmation_token=` in `text`, if any.
    static func confirmationToken(in text: String) -> String? {
        guard let marker = text.range(of: "confirmation_token=ctoken_") else { return nil }
        let rest = text[marker.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return "ctoken_" + rest
    }

    /// A redirect's `Location` as a browser follows it: a path is on the simulator.
    func absolute(_ location: String) -> String {
        location.hasPrefix("/") ? platform.simulatorBase + location : location
    }
}
