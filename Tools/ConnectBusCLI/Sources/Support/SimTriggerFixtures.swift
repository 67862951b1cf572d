import StripeAPI

/// The recipes of `connectbus sim trigger`, one per event type stripe-sim produces: every
/// type the services consume (``ConsumedStripeEvents``) that the simulator can make, and
/// the others it makes on the way. To support a new event, add one entry to ``all``
/// (often a step list below with another final call). Thread-safe (immutable).
public enum SimTriggerFixtures {
    typealias Step = SimTriggerFixture.Step

    /// A PaymentIntent of 20.00 USD with `extra` parameters (cards only, no redirects).
    static func paymentIntent(_ extra: [(String, String)]) -> Step {
        Step(
            "payment_intent", .post, "/v1/payment_intents",
            [
                ("amount", "2000"), ("currency", "usd"), ("automatic_payment_methods[enabled]", "true"),
                ("automatic_payment_methods[allow_redirects]", "never"), ("description", "(created by connectbus sim trigger)"),
            ] + extra)
    }

    /// A PaymentIntent confirmed with `card` (a test payment method).
    static func confirmed(_ card: String, _ extra: [(String, String)] = []) -> Step {
        paymentIntent([("payment_method", card), ("confirm", "true")] + extra)
    }

    /// A PaymentIntent confirmed with a card that is declined (the 402 is the point).
    static let declined = [declining(confirmed("pm_card_chargeDeclined"))]

    /// `step` (a GET) repeated until its answer holds a value at `path`.
    static func awaited(_ step: Step, until path: String) -> Step {
        var step = step
        step.until = path
        return step
    }

    /// `step` with its card error (HTTP 402) expected.
    static func declining(_ step: Step) -> Step {
        var step = step
        step.declines = true
        return step
    }

    static let succeeded = [confirmed("pm_card_visa")]
    static let authorized = [confirmed("pm_card_visa", [("capture_method", "manual")])]
    static let captured = authorized + [Step("capture", .post, "/v1/payment_intents/{payment_intent.id}/capture")]
    static let refunded = succeeded + [Step("refund", .post, "/v1/refunds", [("payment_intent", "{payment_intent.id}")])]

    /// A direct charge with a 2.00 USD application fee, refunded with its fee
    /// (`refund_application_fee=true`: the fee is refunded in proportion).
    static let feeRefunded = [
        confirmed("pm_card_visa", [("application_fee_amount", "200")]),
        Step("refund", .post, "/v1/refunds", [("payment_intent", "{payment_intent.id}"), ("refund_application_fee", "true")]),
    ]

    /// A payment with Stripe's dispute test card (`pm_card_createDispute`, fraudulent): the
    /// dispute opens at once (`charge.dispute.created`, `charge.dispute.funds_withdrawn`);
    /// `dispute` is the list that finds it (`{dispute.data.0.id}`).
    static let disputed = [
        confirmed("pm_card_createDispute"),
        awaited(Step("dispute", .get, "/v1/disputes?payment_intent={payment_intent.id}"), until: "data.0.id"),
    ]

    /// `disputed`, then `step` on the dispute.
    static func onDispute(_ step: Step) -> [Step] { disputed + [step] }

    /// Evidence with Stripe's `winning_evidence` submitted; the simulator decides it a
    /// simulated minute later, so its clock is moved on.
    static let disputeWon =
        onDispute(
            Step(
                "submit", .post, "/v1/disputes/{dispute.data.0.id}",
                [("evidence[uncategorized_text]", "winning_evidence"), ("submit", "true")])) + [
            Step("clock", .post, "/sim/clock/advance", [("seconds", "61")], scope: .page)
        ]

    /// A manual payout of 1.00 USD from the connected account to a bank account added with
    /// `bankToken` (the schedule set to `manual`, so no automatic payout takes the balance
    /// first), after a 20.00 USD payment has settled (the clock moved 2 simulated days).
    static func payout(_ bankToken: String = "btok_us_verified") -> [Step] {
        [
            Step(
                "bank", .post, "/v1/accounts/{account}",
                [("external_account", bankToken), ("settings[payouts][schedule][interval]", "manual")], scope: .platform),
            confirmed("pm_card_visa"),
            Step("settle", .post, "/sim/clock/advance", [("seconds", "172800")], scope: .page),
            Step("payout", .post, "/v1/payouts", [("amount", "100"), ("currency", "usd")]),
        ]
    }

    /// `payout(bankToken)`, then the clock moved past its arrival date (a simulated day).
    static func payoutArrived(_ bankToken: String) -> [Step] {
        payout(bankToken) + [Step("arrive", .post, "/sim/clock/advance", [("seconds", "86401")], scope: .page)]
    }

    /// A SEPA Debit PaymentIntent (`pm_sepa_debit_succeed` or `_fail`): processing, then
    /// settled or failed after the simulator's async delay.
    static func sepa(_ method: String) -> [Step] {
        [
            Step(
                "payment_intent", .post, "/v1/payment_intents",
                [
                    ("amount", "2000"), ("currency", "eur"), ("allowed_payment_method_types[]", "sepa_debit"),
                    ("payment_method", method), ("confirm", "true"), ("mandate_data[customer_acceptance][type]", "offline"),
                ])
        ]
    }

    /// A hosted Checkout Session of 30.00 EUR (`allowed` payment method types).
    static func checkoutSession(_ allowed: [String] = ["card"]) -> Step {
        Step(
            "checkout_session", .post, "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("success_url", "https://example.com/success"),
                ("line_items[0][price_data][currency]", "eur"), ("line_items[0][price_data][unit_amount]", "1500"),
                ("line_items[0][price_data][product_data][name]", "T-shirt"), ("line_items[0][quantity]", "2"),
            ] + allowed.enumerated().map { ("allowed_payment_method_types[\($0.offset)]", $0.element) })
    }

    /// The hosted Checkout page paid with `method` (a test card or `sepa_succeed`/`sepa_fail`).
    static func pay(_ method: String) -> Step {
        Step("pay", .post, "/sim/checkout/{checkout_session.id}/pay", [("payment_method", method)], scope: .page)
    }

    static let location = Step(
        "location", .post, "/v1/terminal/locations",
        [
            ("display_name", "Trigger shop"), ("address[line1]", "1 Main St"), ("address[city]", "San Francisco"),
            ("address[state]", "CA"), ("address[postal_code]", "94110"), ("address[country]", "US"),
        ])
    static let reader = Step("reader", .post, "/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", "{location.id}")])

    /// A card-present payment of `amount` processed on a simulated reader and presented
    /// (the amount's cents decide the outcome: `…00` approves, `…05` declines).
    static func readerPayment(_ amount: String) -> [Step] {
        [
            location, reader,
            Step(
                "payment_intent", .post, "/v1/payment_intents",
                [("amount", amount), ("currency", "usd"), ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual")]),
            Step("process", .post, "/v1/terminal/readers/{reader.id}/process_payment_intent", [("payment_intent", "{payment_intent.id}")]),
            Step("present", .post, "/v1/test_helpers/terminal/readers/{reader.id}/present_payment_method"),
        ]
    }

    static let customer = Step("customer", .post, "/v1/customers", [("email", "trigger@example.com"), ("name", "Trigger Customer")])
    static let attached = [
        customer, Step("payment_method", .post, "/v1/payment_methods", [("type", "card"), ("card[token]", "tok_visa")]),
        Step("attach", .post, "/v1/payment_methods/{payment_method.id}/attach", [("customer", "{customer.id}")]),
    ]
    static let setupIntent = Step("setup_intent", .post, "/v1/setup_intents", [("allowed_payment_method_types[]", "card")])
    static func setupConfirmed(_ card: String) -> [Step] {
        let confirm = Step("confirm", .post, "/v1/setup_intents/{setup_intent.id}/confirm", [("payment_method", card)])
        return [setupIntent, card == "pm_card_chargeDeclined" ? declining(confirm) : confirm]
    }

    static let product = Step("product", .post, "/v1/products", [("name", "Trigger product")])
    static let price = Step(
        "price", .post, "/v1/prices", [("product", "{product.id}"), ("unit_amount", "1500"), ("currency", "usd")])

    /// A test bank account (`btok_us_verified`) added to the connected account; the answer is
    /// the account, its newest bank account first (`{bank.external_accounts.data.0.id}`).
    static let bankAdded = Step(
        "bank", .post, "/v1/accounts/{account}", [("external_account", "btok_us_verified")], scope: .platform)
    /// A second one, which becomes the default for USD.
    static let bankAdded2 = Step(
        "bank2", .post, "/v1/accounts/{account}", [("external_account", "btok_us_verified")], scope: .platform)

    static let accountUpdate = Step(
        "account", .post, "/v1/accounts/{account}", [("business_profile[name]", "Triggered Shop")], scope: .platform)
    static let person = Step(
        "person", .post, "/v1/accounts/{account}/persons", [("first_name", "Jenny"), ("last_name", "Rosen")], scope: .platform)
    /// Hosted onboarding finished (`outcome=complete`): requested capabilities go pending.
    static let onboarding = [
        Step(
            "account_link", .post, "/v1/account_links",
            [
                ("account", "{account}"), ("type", "account_onboarding"), ("refresh_url", "https://example.com/reauth"),
                ("return_url", "https://example.com/return"),
            ], scope: .platform),
        Step("onboard", .get, "{account_link.url}?outcome=complete", scope: .page),
    ]

    /// Every recipe, by event type.
    public static let all: [SimTriggerFixture] = [
        .init(event: "account.updated", summary: "the connected account's business name changed", steps: [accountUpdate], needsAccount: true),
        .init(
            event: "account.external_account.updated", summary: "a bank account added, then its holder's name changed",
            steps: [
                bankAdded,
                Step(
                    "bank_update", .post, "/v1/accounts/{account}/external_accounts/{bank.external_accounts.data.0.id}",
                    [("account_holder_name", "Trigger Shop LLC")], scope: .platform),
            ],
            needsAccount: true),
        .init(
            event: "account.external_account.deleted", summary: "a bank account added, then a second made the default and the first deleted",
            steps: [
                bankAdded, bankAdded2,
                Step("bank_delete", .delete, "/v1/accounts/{account}/external_accounts/{bank.external_accounts.data.0.id}", scope: .platform),
            ],
            needsAccount: true),
        .init(
            event: "account.application.deauthorized", summary: "the seller disconnects the platform (POST /sim/accounts/<id>/deauthorize)",
            steps: [Step("deauthorize", .post, "/sim/accounts/{account}/deauthorize", scope: .page)], needsAccount: true),
        .init(
            event: "account.external_account.created", summary: "a bank account (btok_us_verified) added to the connected account",
            steps: [Step("external_account", .post, "/v1/accounts/{account}", [("external_account", "btok_us_verified")], scope: .platform)],
            needsAccount: true),
        .init(
            event: "capability.updated", summary: "hosted onboarding completed: requested capabilities pending", steps: onboarding, needsAccount: true
        ),
        .init(event: "person.created", summary: "a person added to the connected account", steps: [person], needsAccount: true),
        .init(
            event: "person.updated", summary: "a person added, then their e-mail changed",
            steps: [person, Step("update", .post, "/v1/accounts/{account}/persons/{person.id}", [("email", "jenny@example.com")], scope: .platform)],
            needsAccount: true),
        .init(
            event: "person.deleted", summary: "a person added, then deleted",
            steps: [person, Step("delete", .delete, "/v1/accounts/{account}/persons/{person.id}", scope: .platform)], needsAccount: true),
        .init(event: "payment_intent.created", summary: "a PaymentIntent created", steps: [paymentIntent([])]),
        .init(event: "payment_intent.succeeded", summary: "a PaymentIntent created and confirmed with pm_card_visa", steps: succeeded),
        .init(event: "payment_intent.payment_failed", summary: "confirmed with pm_card_chargeDeclined", steps: declined),
        .init(
            event: "payment_intent.requires_action", summary: "confirmed with pm_card_authenticationRequired (3D Secure)",
            steps: [confirmed("pm_card_authenticationRequired")]),
        .init(
            event: "payment_intent.amount_capturable_updated", summary: "confirmed with capture_method=manual (authorized)",
            steps: authorized),
        .init(
            event: "payment_intent.canceled", summary: "a PaymentIntent created, then canceled",
            steps: [paymentIntent([]), Step("cancel", .post, "/v1/payment_intents/{payment_intent.id}/cancel")]),
        .init(
            event: "payment_intent.processing", summary: "a SEPA Debit PaymentIntent confirmed (settles later)", steps: sepa("pm_sepa_debit_succeed")),
        .init(event: "charge.succeeded", summary: "a PaymentIntent confirmed with pm_card_visa", steps: succeeded),
        .init(event: "charge.failed", summary: "confirmed with pm_card_chargeDeclined", steps: declined),
        .init(event: "charge.captured", summary: "authorized with capture_method=manual, then captured", steps: captured),
        .init(event: "charge.pending", summary: "a SEPA Debit PaymentIntent confirmed", steps: sepa("pm_sepa_debit_succeed")),
        .init(event: "charge.refunded", summary: "a payment of 20.00 USD refunded in full", steps: refunded),
        .init(event: "refund.created", summary: "a payment of 20.00 USD refunded in full", steps: refunded),
        .init(
            event: "application_fee.refunded", summary: "a direct charge with a 2.00 USD fee refunded with refund_application_fee",
            steps: feeRefunded, needsAccount: true, eventOnPlatform: true),
        .init(event: "payout.created", summary: "a manual payout of 1.00 USD to btok_us_verified", steps: payout(), needsAccount: true),
        .init(
            event: "payout.paid", summary: "that payout, the clock moved past its arrival date", steps: payoutArrived("btok_us_verified"),
            needsAccount: true),
        .init(
            event: "payout.failed", summary: "a payout to btok_us_verified_accountClosed (account_closed), the clock moved past its arrival",
            steps: payoutArrived("btok_us_verified_accountClosed"), needsAccount: true),
        .init(
            event: "payout.canceled", summary: "a manual payout canceled while pending",
            steps: payout() + [Step("cancel", .post, "/v1/payouts/{payout.id}/cancel")], needsAccount: true),
        .init(
            event: "balance.available", summary: "a payment's funds settled (the clock moved 2 days)",
            steps: [confirmed("pm_card_visa"), Step("settle", .post, "/sim/clock/advance", [("seconds", "172800")], scope: .page)],
            needsAccount: true),
        .init(event: "charge.dispute.created", summary: "paid with pm_card_createDispute (a fraudulent dispute opens)", steps: disputed),
        .init(event: "charge.dispute.funds_withdrawn", summary: "paid with pm_card_createDispute (the disputed amount withdrawn)", steps: disputed),
        .init(
            event: "charge.dispute.updated", summary: "a dispute's evidence saved as a draft",
            steps: onDispute(
                Step("update", .post, "/v1/disputes/{dispute.data.0.id}", [("evidence[product_description]", "(sim trigger)")]))),
        .init(
            event: "charge.dispute.closed", summary: "a dispute accepted (closed, lost)",
            steps: onDispute(Step("close", .post, "/v1/disputes/{dispute.data.0.id}/close"))),
        .init(
            event: "charge.dispute.funds_reinstated", summary: "a dispute won with winning_evidence, the clock moved a minute",
            steps: disputeWon),
        .init(
            event: "checkout.session.completed", summary: "a hosted Checkout Session paid with pm_card_visa",
            steps: [checkoutSession(), pay("pm_card_visa")]),
        .init(
            event: "checkout.session.async_payment_succeeded", summary: "a Checkout Session paid by SEPA Debit that settles",
            steps: [checkoutSession(["card", "sepa_debit"]), pay("sepa_succeed")]),
        .init(
            event: "checkout.session.async_payment_failed", summary: "a Checkout Session paid by SEPA Debit that fails",
            steps: [checkoutSession(["card", "sepa_debit"]), pay("sepa_fail")]),
        .init(
            event: "checkout.session.expired", summary: "a Checkout Session created, then expired",
            steps: [checkoutSession(), Step("expire", .post, "/v1/checkout/sessions/{checkout_session.id}/expire")]),
        .init(event: "setup_intent.created", summary: "a SetupIntent created", steps: [setupIntent]),
        .init(event: "setup_intent.succeeded", summary: "a SetupIntent confirmed with pm_card_visa", steps: setupConfirmed("pm_card_visa")),
        .init(
            event: "setup_intent.setup_failed", summary: "a SetupIntent confirmed with pm_card_chargeDeclined",
            steps: setupConfirmed("pm_card_chargeDeclined")),
        .init(
            event: "setup_intent.requires_action", summary: "a SetupIntent confirmed with pm_card_authenticationRequiredOnSetup",
            steps: setupConfirmed("pm_card_authenticationRequiredOnSetup")),
        .init(
            event: "setup_intent.canceled", summary: "a SetupIntent created, then canceled",
            steps: [setupIntent, Step("cancel", .post, "/v1/setup_intents/{setup_intent.id}/cancel")]),
        .init(
            event: "terminal.reader.action_succeeded", summary: "a reader's payment of 10.00 USD, the test card presented (approved)",
            steps: readerPayment("1000")),
        .init(
            event: "terminal.reader.action_failed", summary: "a reader's payment of 10.05 USD, the test card presented (declined)",
            steps: readerPayment("1005")),
        .init(event: "customer.created", summary: "a customer created", steps: [customer]),
        .init(
            event: "customer.updated", summary: "a customer created, then renamed",
            steps: [customer, Step("update", .post, "/v1/customers/{customer.id}", [("name", "Renamed Customer")])]),
        .init(
            event: "customer.deleted", summary: "a customer created, then deleted",
            steps: [customer, Step("delete", .delete, "/v1/customers/{customer.id}")]),
        .init(event: "payment_method.attached", summary: "a card (tok_visa) attached to a new customer", steps: attached),
        .init(
            event: "payment_method.detached", summary: "a card (tok_visa) attached to a new customer, then detached",
            steps: attached + [Step("detach", .post, "/v1/payment_methods/{payment_method.id}/detach")]),
        .init(event: "product.created", summary: "a product created", steps: [product]),
        .init(
            event: "product.updated", summary: "a product created, then renamed",
            steps: [product, Step("update", .post, "/v1/products/{product.id}", [("name", "Renamed product")])]),
        .init(
            event: "product.deleted", summary: "a product created, then deleted",
            steps: [product, Step("delete", .delete, "/v1/products/{product.id}")]),
        .init(event: "price.created", summary: "a product and its price created", steps: [product, price]),
        .init(
            event: "price.updated", summary: "a price created, then its nickname changed",
            steps: [product, price, Step("update", .post, "/v1/prices/{price.id}", [("nickname", "Triggered")])]),
    ]

    /// The recipe for `event`, or nil.
    public static func fixture(for event: String) -> SimTriggerFixture? { all.first { $0.event == event } }
}
