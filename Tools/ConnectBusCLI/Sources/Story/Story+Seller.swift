import Messages
import StripeAPI

extension Story {
    /// 1. The seller signs up: a prefilled connected account, a bare one with the
    /// platform's defaults, onboarding through the hosted page, a login link and an account
    /// session for embedded components.
    func seller() throws(StepFailed) {
        let p = platform, r = references
        p.heading("1. A seller signs up: connected account prefilled (person, bank account, payouts), onboarding link")
        let created = try p.send(
            CreateAccount(
                sellerReference: "seller-\(r.runId)", country: "US", email: r.sellerEmail,
                controller: AccountController(
                    fees: .init(payer: "application"), losses: .init(payments: "application"), stripeDashboard: .init(type: "express")),
                businessType: "individual",
                businessProfile: BusinessProfile(name: "Lovelace Ceramics", url: "https://ceramics.example", mcc: "5719"),
                individual: IndividualDetails(
                    firstName: "Ada", lastName: "Lovelace", email: r.sellerEmail, phone: "+14155550100",
                    dob: DateOfBirth(day: 10, month: 12, year: 1985),
                    address: Address(line1: "address_full_match", city: "San Francisco", state: "CA", postalCode: "94110", country: "US"),
                    idNumber: "000000000"),
                externalAccount: ExternalAccountDetails(token: "btok_us_verified_accountClosed"),
                settings: AccountSettings(
                    payments: .init(statementDescriptor: "LOVELACE CERAMICS"),
                    payouts: .init(schedule: .init(interval: "weekly", weeklyAnchor: "friday")))))
        account = created.account
        p.ok("connected account \(account)")
        // The nested controller must reach Stripe as controller[...] (it once arrived as an
        // empty `controller=`, which Stripe refuses): the simulator's account shows it.
        let stripe = try p.sim(.get, "/v1/accounts/\(account)", apiKey: true)
        try p.expect(
            stripe.status == 200 && stripe.field("controller.fees.payer") == "application"
                && stripe.field("controller.stripe_dashboard.type") == "express",
            "Stripe has its controller: fees paid by the application, Express dashboard",
            else: "account \(account) lacks the controller it was created with (HTTP \(stripe.status))")
        // Prefilled: Stripe's onboarding has nothing left to ask but the terms.
        let due = JSONDisplay.value(at: "requirements.currently_due", in: stripe.json) as? [String]
        try p.expect(
            due == ["tos_acceptance.date", "tos_acceptance.ip"],
            "prefilled: Stripe still needs only the terms (tos_acceptance.date, tos_acceptance.ip)",
            else: "prefilled account still needs \(stripe.field("requirements.currently_due") ?? "?")")
        // A second seller with nothing but a reference: the platform's default controller properties.
        let second = try p.send(CreateAccount(sellerReference: "second-\(r.runId)")).account
        let bare = try p.sim(.get, "/v1/accounts/\(second)", apiKey: true)
        try p.expect(
            bare.status == 200 && bare.field("controller.stripe_dashboard.type") == "full",
            "second account \(second) with the platform's defaults: \(bare.field("type") ?? "None"), country \(bare.field("country") ?? "None"), full dashboard",
            else: "bare account \(second): HTTP \(bare.status)")
        _ = try? p.event("onboarding.account.created", ("account", account))
        let link = try p.send(
            CreateAccountLink(
                account: account, refreshUrl: "\(site)/onboarding/refresh", returnUrl: "\(site)/onboarding/done", type: .accountOnboarding)
        ).url
        let page = try p.sim(.get, link + "?outcome=complete")
        try p.expect(
            page.status == 302, "the seller completes onboarding at \(link) (HTTP \(page.status))",
            else: "onboarding page answered HTTP \(page.status)")
        try p.event("stripe.account.updated", ("id", account), ("charges_enabled", "true"))
        try p.event("onboarding.account.onboarding_completed", ("account", account))
        try p.event("onboarding.account.capability_updated", ("account", account), ("capability", "card_payments"), ("status", "active"))
        let login = try p.send(CreateLoginLink(account: account))
        try p.expect(
            !login.url.isEmpty, "Express dashboard login link issued (single use, only in the reply)", else: "no login link: \(Self.json(login))")
        let session = try p.send(
            CreateAccountSession(
                account: account,
                components: EmbeddedComponents(
                    notificationBanner: .init(enabled: true), payments: .init(enabled: true, features: .init(refundManagement: true)),
                    payouts: .init(enabled: true))))
        try p.expect(
            !session.clientSecret.isEmpty, "account session for embedded components (client secret only in the reply)",
            else: "no account session: \(Self.json(session))")
    }

    /// 1b. The shop's web domain on the seller's account, so Apple Pay, Google Pay and Link
    /// show in Elements there (direct charges need it on each connected account).
    func paymentMethodDomain() throws(StepFailed) {
        let p = platform
        p.heading("1b. The shop's domain is registered for Apple Pay, Google Pay and Link on the seller")
        let registered = try p.send(RegisterPaymentMethodDomain(account: account, domainName: shopDomain), account: account)
        let domain = registered.domain.paymentMethodDomain
        try p.expect(
            registered.created && registered.domain.applePayStatus == "active" && registered.domain.linkStatus == "active",
            "\(shopDomain) registered on \(account) as \(domain) (Apple Pay, Google Pay, Link active)",
            else: "domain not registered: \(Self.json(registered))")
        let again = try p.send(RegisterPaymentMethodDomain(account: account, domainName: shopDomain), account: account)
        try p.expect(
            !again.created && again.domain.paymentMethodDomain == domain, "registering it again returns the same domain (nothing created)",
            else: "a second registration answered: \(Self.json(again))")
        let listed = try p.send(ListPaymentMethodDomains(account: account), account: account)
        try p.expect(
            listed.domains.first?.domainName == shopDomain, "the seller's payment method domains list \(shopDomain)",
            else: "domain list: \(Self.json(listed))")
    }
}
