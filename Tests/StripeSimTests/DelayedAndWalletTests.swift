import Foundation
import StripeSimCore
import TestKit
import Testing

/// ACH Direct Debit outcomes by Stripe's test account numbers (settled by the simulator's
/// clock), Link, shipping on PaymentIntents and payment method domains per account. HTTP only.
@Suite("stripe-sim: ACH Direct Debit, Link, shipping, payment method domains")
struct DelayedAndWalletTests {
    private func achIntent(_ sim: SimTestClient, account: String, number: String) async throws -> String {
        let method = try await sim.post(
            "/v1/payment_methods",
            [
                ("type", "us_bank_account"),
                ("us_bank_account[routing_number]", "110000000"), ("us_bank_account[account_number]", number),
            ], account: account)
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "2500"), ("currency", "usd"),
                ("automatic_payment_methods[enabled]", "true"), ("payment_method", method["id"] ?? ""), ("confirm", "true"),
            ],
            account: account)
        #expect(pi["status"] == "processing", "\(number): \(pi.json)")
        return pi["id"] ?? ""
    }

    private func eventTypes(_ sim: SimTestClient, account: String, object: String) async throws -> [String] {
        let events = try await sim.get("/v1/events", [("limit", "100")], account: account)
        return (events.json["data"]?.arrayValue ?? []).reversed()
            .filter { $0.value(at: "data.object.id")?.stringValue == object }
            .compactMap { $0["type"]?.stringValue }
    }

    @Test("each test account number: processing until the clock passes the delay, then Stripe's outcome and events")
    func achOutcomesFollowTheClock() async throws {
        var config = SimulatorConfig()
        config.asyncPaymentDelaySeconds = 4 * 86_400
        let sim = try SimTestClient(config: config)
        #expect(try await sim.control("POST", "/sim/clock/freeze").status == 200)
        let account = try await sim.account()
        let expected: [(String, String?)] = [
            ("000123456789", nil), ("000111111113", "account_closed"),
            ("000111111116", "no_account"), ("000222222227", "insufficient_funds"),
            ("000333333335", "debit_not_authorized"), ("000444444440", "invalid_currency"),
        ]
        var intents: [String] = []
        for (number, _) in expected { intents.append(try await achIntent(sim, account: account, number: number)) }
        // Automatic payment methods in USD offer ACH Direct Debit and Link.
        let types =
            try await sim.get("/v1/payment_intents/\(intents[0])", account: account).json["payment_method_types"]?
            .arrayValue?.compactMap(\.stringValue) ?? []
        #expect(types.contains("us_bank_account") && types.contains("link"))
        // A day short of the delay nothing settles.
        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(3 * 86_400)]).status == 200)
        for id in intents { #expect(try await sim.get("/v1/payment_intents/\(id)", account: account)["status"] == "processing") }
        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(86_400)]).status == 200)
        for (i, (number, failure)) in expected.enumerated() {
            let settled = await SimTestClient.eventually {
                sim.simulator.object(id: intents[i])?["status"]?.stringValue != "processing"
            }
            #expect(settled, "\(number) never settled")
            let pi = try await sim.get("/v1/payment_intents/\(intents[i])", account: account)
            let events = try await eventTypes(sim, account: account, object: intents[i])
            if let failure {
                #expect(pi["status"] == "requires_payment_method", "\(number)")
                #expect(pi.json.value(at: "last_payment_error.code")?.stringValue == failure, "\(number)")
                // As Stripe's, the error carries the PaymentMethod that failed.
                #expect(pi.json.value(at: "last_payment_error.payment_method.type")?.stringValue == "us_bank_account", "\(number)")
                let charge = try await sim.get("/v1/charges/\(pi["latest_charge"] ?? "")", account: account)
                #expect(charge["failure_code"] == failure && charge["status"] == "failed", "\(number)")
                #expect(events == ["payment_intent.created", "payment_intent.processing", "payment_intent.payment_failed"], "\(number)")
            } else {
                #expect(pi["status"] == "succeeded")
                #expect(events == ["payment_intent.created", "payment_intent.processing", "payment_intent.succeeded"])
            }
        }
        // Stripe's test PaymentMethod ids behave like the account numbers.
        let token = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "2500"), ("currency", "usd"),
                ("allowed_payment_method_types[]", "us_bank_account"), ("payment_method", "pm_usBankAccount_noAccount"), ("confirm", "true"),
            ],
            account: account)
        #expect(token["status"] == "processing")
    }

    @Test("Link: the method carries the e-mail the PaymentIntent gave (receipt_email, else the Customer's)")
    func linkRecognisesTheBuyer() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1800"), ("currency", "usd"),
                ("allowed_payment_method_types[]", "card"), ("allowed_payment_method_types[]", "link"), ("receipt_email", "jenny@example.com"),
                ("payment_method", "pm_link"), ("confirm", "true"),
            ], account: account)
        #expect(pi["status"] == "succeeded")
        let method = try await sim.get("/v1/payment_methods/\(pi["payment_method"] ?? "")", account: account)
        #expect(method["type"] == "link")
        #expect(method.json.value(at: "link.email")?.stringValue == "jenny@example.com")
        let customer = try await sim.post("/v1/customers", [("email", "ada@example.com")], account: account)
        let viaCustomer = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1800"), ("currency", "usd"),
                ("allowed_payment_method_types[]", "link"), ("customer", customer["id"] ?? ""), ("payment_method", "pm_link"), ("confirm", "true"),
            ],
            account: account)
        let second = try await sim.get("/v1/payment_methods/\(viaCustomer["payment_method"] ?? "")", account: account)
        #expect(second.json.value(at: "link.email")?.stringValue == "ada@example.com")
        let cardOnly = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1800"), ("currency", "usd"),
                ("allowed_payment_method_types[]", "card"), ("payment_method", "pm_link"), ("confirm", "true"),
            ], account: account)
        #expect(cardOnly.errorCode == "payment_intent_incompatible_payment_method")
    }

    @Test("shipping: Stripe's hash on create and confirm; name and address line 1 required")
    func shipping() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let base = [("amount", "1800"), ("currency", "usd"), ("allowed_payment_method_types[]", "card")]
        let created = try await sim.post(
            "/v1/payment_intents",
            base + [
                ("shipping[name]", "Jenny Rosen"),
                ("shipping[address][line1]", "510 Townsend St"), ("shipping[address][country]", "US"),
                ("shipping[carrier]", "USPS"), ("shipping[tracking_number]", "9400100000000000000000"),
            ], account: account)
        #expect(created.json.value(at: "shipping.name")?.stringValue == "Jenny Rosen")
        #expect(created.json.value(at: "shipping.address.line1")?.stringValue == "510 Townsend St")
        #expect(created.json.value(at: "shipping.address.city") == .null)
        #expect(created.json.value(at: "shipping.tracking_number")?.stringValue == "9400100000000000000000")
        let confirmed = try await sim.post(
            "/v1/payment_intents/\(created["id"] ?? "")/confirm",
            [
                ("payment_method", "pm_card_visa"),
                ("shipping[name]", "Ada Lovelace"), ("shipping[address][line1]", "1 Main St"), ("shipping[phone]", "+15555550100"),
            ],
            account: account)
        #expect(confirmed["status"] == "succeeded")
        #expect(confirmed.json.value(at: "shipping.name")?.stringValue == "Ada Lovelace")
        #expect(confirmed.json.value(at: "shipping.carrier") == .null)
        let noName = try await sim.post("/v1/payment_intents", base + [("shipping[address][line1]", "1 Main St")], account: account)
        #expect(noName.status == 400 && noName.json.value(at: "error.param")?.stringValue == "shipping[name]")
        let noLine = try await sim.post(
            "/v1/payment_intents", base + [("shipping[name]", "Jenny"), ("shipping[address][city]", "SF")],
            account: account)
        #expect(noLine.status == 400 && noLine.json.value(at: "error.param")?.stringValue == "shipping[address][line1]")
    }

    @Test("payment method domains: per account, Stripe's object shape, listed with filters, one per hostname")
    func paymentMethodDomains() async throws {
        let sim = try SimTestClient()
        let seller = try await sim.account()
        let other = try await sim.account()
        let created = try await sim.post("/v1/payment_method_domains", [("domain_name", "Shop.Example.com")], account: seller)
        #expect(created.status == 200)
        #expect(created["object"] == "payment_method_domain" && created["id"]?.hasPrefix("pmd_") == true)
        #expect(created["domain_name"] == "shop.example.com" && created.json["enabled"] == true)
        for wallet in ["apple_pay", "google_pay", "link", "paypal"] {
            #expect(created.json.value(at: "\(wallet).status")?.stringValue == "active", "\(wallet)")
        }
        _ = try await sim.post("/v1/payment_method_domains", [("domain_name", "blog.example.com"), ("enabled", "false")], account: seller)
        let again = try await sim.post("/v1/payment_method_domains", [("domain_name", "shop.example.com")], account: seller)
        #expect(again.status == 400 && again.json.value(at: "error.param")?.stringValue == "domain_name")
        let bad = try await sim.post("/v1/payment_method_domains", [("domain_name", "https://shop.example.com")], account: seller)
        #expect(bad.status == 400)
        let all = try await sim.get("/v1/payment_method_domains", account: seller)
        #expect(all["object"] == "list" && all.json["data"]?.arrayValue?.count == 2)
        let one = try await sim.get("/v1/payment_method_domains", [("domain_name", "shop.example.com")], account: seller)
        #expect(one.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [created["id"] ?? ""])
        let enabled = try await sim.get("/v1/payment_method_domains", [("enabled", "true")], account: seller)
        #expect(enabled.json["data"]?.arrayValue?.count == 1)
        #expect(try await sim.get("/v1/payment_method_domains/\(created["id"] ?? "")", account: seller)["domain_name"] == "shop.example.com")
        // Another account has none of them, and may register the same hostname.
        #expect(try await sim.get("/v1/payment_method_domains", account: other).json["data"]?.arrayValue?.isEmpty == true)
        #expect(try await sim.get("/v1/payment_method_domains/\(created["id"] ?? "")", account: other).status == 404)
        #expect(try await sim.post("/v1/payment_method_domains", [("domain_name", "shop.example.com")], account: other).status == 200)
    }
}
