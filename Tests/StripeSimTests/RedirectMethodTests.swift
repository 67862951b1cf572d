import Foundation
import StripeSimCore
import Testing
import TestKit

/// Redirect-based methods (iDEAL, Bancontact, EPS, Przelewy24, Klarna): the test page with
/// "Authorize test payment" and "Fail test payment", `return_url` with Stripe's query, the
/// webhooks, and Checkout. Only HTTP is used.
@Suite("stripe-sim redirect-based payment methods")
struct RedirectMethodTests {
    private func intent(_ sim: SimTestClient, _ account: String, currency: String = "eur", types: [String] = ["ideal"]) async throws -> String {
        let form =
            [("amount", "2500"), ("currency", currency), ("application_fee_amount", "200")]
            + types.enumerated().map { ("allowed_payment_method_types[\($0.offset)]", $0.element) }
        let created = try await sim.post("/v1/payment_intents", form, account: account)
        return try #require(created["id"])
    }

    @Test("confirm with payment_method_data[type]=ideal: requires_action, the test page authorizes, return_url gets Stripe's query")
    func authorize() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let id = try await intent(sim, a)
        let confirmed = try await sim.post(
            "/v1/payment_intents/\(id)/confirm", [("payment_method_data[type]", "ideal"), ("return_url", "https://shop.test/back?o=1")],
            account: a)
        #expect(confirmed["status"] == "requires_action")
        #expect(confirmed.json.value(at: "next_action.type") == "redirect_to_url")
        #expect(confirmed.json.value(at: "next_action.redirect_to_url.return_url") == "https://shop.test/back?o=1")
        let url = try #require(confirmed.json.value(at: "next_action.redirect_to_url.url")?.stringValue)
        #expect(url == "\(sim.base)/sim/payment_intents/\(id)/redirect")
        let page = try await sim.page("GET", "/sim/payment_intents/\(id)/redirect")
        #expect(page.status == 200)
        #expect(page.text.contains("Authorize test payment") && page.text.contains("Fail test payment"))
        let back = try await sim.page("POST", "/sim/payment_intents/\(id)/redirect", form: [("outcome", "authorize")])
        #expect(back.status == 303)
        let secret = try #require(confirmed["client_secret"])
        #expect(
            back.headers["location"]
                == "https://shop.test/back?o=1&payment_intent=\(id)&payment_intent_client_secret=\(secret)&redirect_status=succeeded")
        let paid = try await sim.get("/v1/payment_intents/\(id)", [("expand[]", "latest_charge")], account: a)
        #expect(paid["status"] == "succeeded")
        #expect(paid.json.value(at: "latest_charge.payment_method_details.type") == "ideal")
        #expect(paid.json.value(at: "latest_charge.payment_method_details.ideal.bank") == "ing")
        #expect(paid.json.value(at: "latest_charge.application_fee_amount") == 200)
        let types = sim.simulator.events(account: a).compactMap { $0["type"]?.stringValue }
        #expect(types.contains("payment_intent.requires_action") && types.contains("payment_intent.succeeded"))
        // The page is done with this payment.
        #expect(try await sim.page("GET", "/sim/payment_intents/\(id)/redirect").status == 404)
    }

    @Test("the test page fails the payment: requires_payment_method with Stripe's error, redirect_status=failed")
    func fail() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let id = try await intent(sim, a, currency: "pln", types: ["p24"])
        _ = try await sim.post(
            "/v1/payment_intents/\(id)/confirm", [("payment_method_data[type]", "p24"), ("return_url", "https://shop.test/back")], account: a)
        let back = try await sim.page("POST", "/sim/payment_intents/\(id)/redirect?outcome=fail")
        #expect(back.status == 303)
        #expect(back.headers["location"]?.hasSuffix("redirect_status=failed") == true)
        let failed = try await sim.get("/v1/payment_intents/\(id)", account: a)
        #expect(failed["status"] == "requires_payment_method")
        #expect(failed.json.value(at: "last_payment_error.code") == "payment_intent_payment_attempt_failed")
        #expect(failed.json["payment_method"] == .null)
        #expect(sim.simulator.events(account: a).contains { $0["type"] == "payment_intent.payment_failed" })
    }

    @Test("payment_method_data without confirm: the method is attached, confirm later with the return_url")
    func attachThenConfirm() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let created = try await sim.post(
            "/v1/payment_intents",
            [("amount", "2500"), ("currency", "eur"), ("allowed_payment_method_types[0]", "eps"), ("payment_method_data[type]", "eps")],
            account: a)
        #expect(created["status"] == "requires_confirmation")
        let id = try #require(created["id"])
        let confirmed = try await sim.post("/v1/payment_intents/\(id)/confirm", [("return_url", "https://shop.test/b")], account: a)
        #expect(confirmed["status"] == "requires_action")
        #expect(confirmed.json.value(at: "next_action.redirect_to_url.url") == .string("\(sim.base)/sim/payment_intents/\(id)/redirect"))
    }

    @Test("refusals: no return_url, a currency the method does not take, an unknown payment_method_data type")
    func refusals() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let id = try await intent(sim, a, types: ["ideal", "klarna"])
        let noReturn = try await sim.post("/v1/payment_intents/\(id)/confirm", [("payment_method_data[type]", "klarna")], account: a)
        #expect(noReturn.status == 400)
        #expect(noReturn.json.value(at: "error.param") == "return_url")
        #expect(try await sim.get("/v1/payment_intents/\(id)", account: a)["status"] == "requires_payment_method")
        let unknown = try await sim.post(
            "/v1/payment_intents/\(id)/confirm", [("payment_method_data[type]", "cash"), ("return_url", "https://shop.test/b")], account: a)
        #expect(unknown.status == 400)
        let usd = try await sim.post(
            "/v1/payment_intents", [("amount", "2500"), ("currency", "usd"), ("allowed_payment_method_types[0]", "bancontact")], account: a)
        #expect(usd.errorCode == "payment_intent_invalid_parameter")
        let session = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("success_url", "https://shop.test/ok"), ("allowed_payment_method_types[0]", "eps"),
                ("line_items[0][price_data][currency]", "usd"), ("line_items[0][price_data][unit_amount]", "1000"),
                ("line_items[0][price_data][product_data][name]", "Tea"), ("line_items[0][quantity]", "1"),
            ], account: a)
        #expect(session.status == 400)
    }

    @Test("automatic payment methods offer the currency's redirect methods unless allow_redirects=never")
    func automatic() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let eur = try await sim.post(
            "/v1/payment_intents", [("amount", "900"), ("currency", "eur"), ("automatic_payment_methods[enabled]", "true")], account: a)
        let types = eur.json["payment_method_types"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(["ideal", "bancontact", "eps", "p24", "klarna"].allSatisfy(types.contains))
        let never = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "900"), ("currency", "eur"), ("automatic_payment_methods[enabled]", "true"),
                ("automatic_payment_methods[allow_redirects]", "never"),
            ],
            account: a)
        #expect(never.json["payment_method_types"]?.arrayValue?.contains("ideal") == false)
    }

    @Test("Checkout offers iDEAL: the form sends the buyer to the test page, which completes the session")
    func checkout() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let session = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("success_url", "https://shop.test/ok?cs={CHECKOUT_SESSION_ID}"), ("allowed_payment_method_types[0]", "card"),
                ("allowed_payment_method_types[1]", "ideal"), ("line_items[0][price_data][currency]", "eur"),
                ("line_items[0][price_data][unit_amount]", "1500"), ("line_items[0][price_data][product_data][name]", "Stroopwafels"),
                ("line_items[0][quantity]", "1"), ("customer_email", "klant@example.nl"),
            ], account: a)
        let id = try #require(session["id"])
        let form = try await sim.page("GET", "/sim/checkout/\(id)")
        #expect(form.text.contains("value=\"ideal\""))
        let away = try await sim.page("POST", "/sim/checkout/\(id)/submit", form: [("method", "ideal")])
        #expect(away.status == 303)
        let page = try #require(away.headers["location"])
        #expect(page.hasSuffix("/redirect"))
        #expect(try await sim.get("/v1/checkout/sessions/\(id)", account: a)["status"] == "open")
        let path = try #require(URLComponents(string: page)?.path)
        let back = try await sim.page("POST", path, form: [("outcome", "authorize")])
        #expect(back.headers["location"] == "https://shop.test/ok?cs=\(id)")
        let after = try await sim.get("/v1/checkout/sessions/\(id)", account: a)
        #expect(after["status"] == "complete")
        #expect(after["payment_status"] == "paid")
        #expect(sim.simulator.events(account: a).filter { $0["type"] == "checkout.session.completed" }.count == 1)
    }

    @Test("the PaymentSheet app page offers the intent's redirect methods and comes back from the test page")
    func paymentSheet() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let id = try await intent(sim, a, types: ["card", "bancontact"])
        let secret = try #require(try await sim.get("/v1/payment_intents/\(id)", account: a)["client_secret"])
        let sheet = try await sim.page("GET", "/sim/app/payment_sheet?client_secret=\(secret)")
        #expect(sheet.text.contains("value=\"bancontact\""))
        let away = try await sim.page("POST", "/sim/app/payment_sheet", form: [("client_secret", secret), ("method", "bancontact")])
        #expect(away.status == 303)
        #expect(away.headers["location"] == "\(sim.base)/sim/payment_intents/\(id)/redirect")
        let back = try await sim.page("POST", "/sim/payment_intents/\(id)/redirect", form: [("outcome", "authorize")])
        let location = try #require(back.headers["location"])
        #expect(location.hasPrefix("\(sim.base)/sim/app/payment_sheet?client_secret="))
        #expect(location.hasSuffix("redirect_status=succeeded"))
        let path = try #require(URLComponents(string: location).map { $0.path + "?" + ($0.percentEncodedQuery ?? "") })
        #expect(try await sim.page("GET", path).text.contains("succeeded"))
    }
}
