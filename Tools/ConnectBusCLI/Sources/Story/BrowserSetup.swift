import Foundation
import Messages
import Runtime

/// `connectbus story --browser-setup` (`scripts/demo.sh --browser`): instead of playing the
/// story, prepares what a person plays in a browser and prints the URLs to open:
/// 1. the seller's onboarding page (account created with prefilled details); it waits
///    until the seller has finished it, because a shop can take payments only once onboarded;
/// 2. a hosted Checkout page for two mugs (card or SEPA Debit), an embedded Checkout session
///    mounted from its client secret (card or ACH Direct Debit) and a Checkout Session in
///    `elements` mode (the Payment Element) mounted the same way (card);
/// 3. the PaymentSheet "app" page for an in-app order;
/// 4. the Terminal reader console with a payment waiting for a card.
/// Success and return URLs point at the simulator's own `/sim/done` page (no shop runs).
/// The URLs go to `<run dir>/browser-urls.json` as they exist (read by
/// Tests/deployment/test_browser_pages.py): first `account`, `onboarding`, `stripe_sim`, then the rest.
///
/// Not `Sendable`: use it on the thread that owns its platform.
struct BrowserSetup {
    let platform: StoryPlatform
    let references: StoryReferences
    let runDirectory: String

    var urlsFile: String { runDirectory + "/browser-urls.json" }

    /// Prepares everything; `false` when a step failed or the seller did not finish
    /// onboarding within `wait`.
    func run(wait: Duration) -> Bool {
        do {
            try prepare(wait: wait)
            return true
        } catch {
            return false
        }
    }

    private func prepare(wait: Duration) throws(StepFailed) {
        let p = platform, run = references.runId, base = platform.simulatorBase
        let done = base + "/sim/done"
        p.heading("Preparing a seller and a shop for a person in a browser")
        let email = "owner+\(run)@ceramics.example"
        let account = try p.send(
            CreateAccount(
                sellerReference: "seller-\(run)", country: "US", email: email,
                controller: AccountController(
                    fees: .init(payer: "application"), losses: .init(payments: "application"), stripeDashboard: .init(type: "express")),
                businessType: "individual", businessProfile: BusinessProfile(name: "Lovelace Ceramics", mcc: "5719"),
                representative: Representative(firstName: "Ada", lastName: "Lovelace", email: email))
        ).account
        let link = try p.send(
            CreateAccountLink(
                account: account, refreshUrl: "\(done)?what=Link+expired", returnUrl: "\(done)?what=Onboarding+finished&account=\(account)",
                type: .accountOnboarding)
        ).url
        try? FileManager.default.removeItem(atPath: urlsFile)
        record(["account": account, "onboarding": link, "stripe_sim": base])
        Output.line(
            """

            Open this in a browser to onboard the seller (details are prefilled; submit the form):
              \(link)
            Waiting until onboarding is finished (the shop can take payments only then)...
            """)
        let onboarded = p.poll(for: wait) {
            p.events.snapshot.contains { $0.routingKey == "onboarding.account.onboarding_completed" && $0.concerns(account) } ? true : nil
        }
        guard onboarded != nil else {
            p.fail("the seller did not finish onboarding within \(Int(wait.seconds)) s")
            throw StepFailed()
        }
        p.ok("seller \(account) onboarded")
        let product = try p.send(CreateProduct(account: account, name: "Stoneware mug", description: "Hand-thrown, 350 ml"), account: account)
            .product
        let price = try p.send(CreatePrice(account: account, product: product, unitAmount: 2400, currency: "usd"), account: account).price
        let thanks = "\(done)?what=Thank+you&session={CHECKOUT_SESSION_ID}"
        let hosted =
            try p.send(
                CreateCheckoutSession(
                    account: account, orderReference: "web-\(run)-1", lineItems: [CheckoutLineItem(price: price, quantity: 2)],
                    applicationFeeAmount: 480, customerEmail: "ada.buyer+\(run)@example.com", successUrl: thanks,
                    cancelUrl: "\(done)?what=Cart", paymentMethodTypes: ["card", "sepa_debit"]), account: account
            ).url ?? ""
        let embedded =
            try p.send(
                CreateCheckoutSession(
                    account: account, orderReference: "web-\(run)-4", lineItems: [CheckoutLineItem(price: price, quantity: 1)],
                    applicationFeeAmount: 240, customerEmail: "alan.buyer+\(run)@example.com", uiMode: .embeddedPage, returnUrl: thanks,
                    paymentMethodTypes: ["card", "us_bank_account"]), account: account
            ).clientSecret ?? ""
        let elements =
            try p.send(
                CreateCheckoutSession(
                    account: account, orderReference: "web-\(run)-5", lineItems: [CheckoutLineItem(price: price, quantity: 1)],
                    applicationFeeAmount: 240, customerEmail: "edsger.buyer+\(run)@example.com", uiMode: .elements, returnUrl: thanks),
                account: account
            ).clientSecret ?? ""
        let sheet = try p.send(
            CreatePaymentSheet(
                account: account, orderReference: "app-\(run)-2", customerReference: "buyer-\(run)-2",
                customerEmail: "grace.buyer+\(run)@example.com", amount: 3600, currency: "usd", applicationFeeAmount: 360),
            account: account
        ).paymentIntentClientSecret
        let reader = try p.openShop(account: account).reader
        let intent = try p.send(
            CreateTerminalPaymentIntent(
                orderReference: "shop-\(run)-3", amount: 4200, currency: "usd", captureMethod: .automatic, account: account,
                applicationFeeAmount: 420), account: account
        ).paymentIntent
        _ = try p.send(ProcessPayment(reader: reader, paymentIntent: intent, account: account), account: account)
        let embeddedURL = "\(base)/sim/checkout/embedded?client_secret=\(embedded)"
        let elementsURL = "\(base)/sim/checkout/embedded?client_secret=\(elements)"
        let sheetURL = "\(base)/sim/app/payment_sheet?client_secret=\(sheet)"
        let readerURL = "\(base)/sim/terminal/readers/\(reader)"
        record([
            "checkout": hosted, "embedded_checkout": embeddedURL, "order_embedded_checkout": "web-\(run)-4",
            "elements_checkout": elementsURL, "order_elements_checkout": "web-\(run)-5", "payment_sheet": sheetURL,
            "reader": readerURL, "order_checkout": "web-\(run)-1", "order_payment_sheet": "app-\(run)-2", "order_reader": "shop-\(run)-3",
        ])
        let cli = (DemoVerb.executableFolder() ?? ".") + "/connectbus"
        Output.line(
            """

            Open these in a browser (test mode: use Stripe's test cards, e.g. 4242 4242 4242 4242):
              1. onboard the seller   \(link)  (done)
              2. buy two mugs         \(hosted)
                 or one, embedded      \(embeddedURL)
                 or one, Payment Element \(elementsURL)
              3. pay in the app       \(sheetURL)
              4. the shop's reader    \(readerURL)
            Watch the bus:            tail -f \(runDirectory)/events.log
            Inspect the simulator:    \(base)/sim/  or  STRIPE_API_BASE=\(base) \(cli) sim deliveries
            Stop everything:          scripts/demo.sh --stop
            (URLs also in \(urlsFile).)
            """)
    }

    /// Merges `pairs` into browser-urls.json, atomically (a reader never sees half a file).
    private func record(_ pairs: [String: String]) {
        var data = FileManager.default.contents(atPath: urlsFile).flatMap { JSONDisplay.parse(Array($0)) as? [String: Any] } ?? [:]
        for (key, value) in pairs { data[key] = value }
        let temporary = urlsFile + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(JSONDisplay.render(data, pretty: true).utf8)) else { return }
        _ = rename(temporary, urlsFile)
    }
}
