import Foundation
import StripeSimCore
import TestKit
import Testing

/// The pages for people give the scripted helpers' outcomes: the forms a browser submits,
/// exercised over HTTP (the browser itself: Tests/deployment/test_browser_pages.py).
@Suite("stripe-sim pages for people")
struct PeoplePagesTests {
    private func path(_ sim: SimTestClient, _ url: String?) -> String { String((url ?? "").dropFirst(sim.base.count)) }

    private func session(_ sim: SimTestClient, account: String? = nil, extra: [(String, String)] = []) async throws -> SimTestClient.Reply {
        try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"),
                ("line_items[0][price_data][currency]", "usd"), ("line_items[0][price_data][unit_amount]", "2400"),
                ("line_items[0][price_data][product_data][name]", "Stoneware mug"), ("line_items[0][quantity]", "2"),
                ("customer_email", "ada@b.test"),
            ] + extra, account: account)
    }

    @Test("onboarding form: prefilled from the account, submit completes it once, later visits go to refresh_url")
    func onboarding() async throws {
        let sim = try SimTestClient()
        let account = try await sim.post(
            "/v1/accounts",
            [
                ("type", "express"), ("email", "owner@b.test"),
                ("business_profile[name]", "Lovelace <Ceramics>"),
            ])
        let id = try #require(account["id"])
        _ = try await sim.post(
            "/v1/accounts/\(id)/persons", [("first_name", "Ada"), ("last_name", "Lovelace"), ("relationship[representative]", "true")])
        let link = try await sim.post(
            "/v1/account_links",
            [
                ("account", id), ("type", "account_onboarding"),
                ("refresh_url", "https://p.test/refresh"), ("return_url", "https://p.test/return"),
            ])
        let form = try await sim.page("GET", path(sim, link["url"]))
        #expect(form.status == 200)
        #expect(form.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(form.text.contains("value=\"Lovelace &lt;Ceramics&gt;\""))
        #expect(form.text.contains("value=\"Ada\"") && form.text.contains("value=\"owner@b.test\""))
        #expect(!form.text.contains("http://") && !form.text.contains("https://"))
        let submitted = try await sim.page("POST", path(sim, link["url"]), form: [("outcome", "complete"), ("business_name", "Lovelace Ceramics")])
        #expect(submitted.status == 302)
        #expect(submitted.headers["location"] == "https://p.test/return")
        let onboarded = try await sim.get("/v1/accounts/\(id)")
        #expect(onboarded.json["charges_enabled"] == true)
        #expect(onboarded.json.value(at: "business_profile.name") == "Lovelace Ceramics")
        #expect(try await sim.page("GET", path(sim, link["url"])).headers["location"] == "https://p.test/refresh")
    }

    @Test("hosted Checkout form: unknown card and decline keep it open, 3D Secure fail then complete pays it")
    func checkout() async throws {
        let sim = try SimTestClient()
        let created = try await session(sim, extra: [("success_url", "https://p.test/ok?s={CHECKOUT_SESSION_ID}")])
        let id = try #require(created["id"])
        let page = try await sim.page("GET", "/sim/checkout/\(id)")
        #expect(page.text.contains("48.00 USD") && page.text.contains("Stoneware mug"))
        let unknown = try await sim.page("POST", "/sim/checkout/\(id)/submit", form: [("method", "card"), ("card_number", "4111 1111 1111 1111")])
        #expect(unknown.status == 402)
        #expect(unknown.text.contains("card number is incorrect: use one of the test cards"))
        let declined = try await sim.page("POST", "/sim/checkout/\(id)/submit", form: [("method", "card"), ("card_number", "4000 0000 0000 0002")])
        #expect(declined.status == 402)
        #expect(declined.text.contains("Your card was declined."))
        #expect(try await sim.get("/v1/checkout/sessions/\(id)")["status"] == "open")
        let challenge = try await sim.page("POST", "/sim/checkout/\(id)/submit", form: [("method", "card"), ("card_number", "4000 0027 6000 3184")])
        #expect(challenge.status == 303)
        let challengePage = try await sim.page("GET", try #require(challenge.headers["location"]))
        #expect(challengePage.text.contains("Complete authentication") && challengePage.text.contains("48.00 USD"))
        let failed = try await sim.page("POST", "/sim/checkout/\(id)/challenge", form: [("card", "4000002760003184"), ("outcome", "fail")])
        #expect(failed.status == 402)
        #expect(try await sim.get("/v1/checkout/sessions/\(id)")["status"] == "open")
        let paid = try await sim.page("POST", "/sim/checkout/\(id)/challenge", form: [("card", "4000002760003184"), ("outcome", "complete")])
        #expect(paid.status == 303)
        #expect(paid.headers["location"] == "https://p.test/ok?s=\(id)")
        let complete = try await sim.get("/v1/checkout/sessions/\(id)")
        #expect(complete["status"] == "complete")
        #expect(complete["payment_status"] == "paid")
    }

    @Test("embedded Checkout mounts from its client secret; SEPA by IBAN completes unpaid")
    func embedded() async throws {
        let sim = try SimTestClient()
        let created = try await session(
            sim,
            extra: [
                ("ui_mode", "embedded_page"), ("return_url", "https://p.test/back"),
                ("allowed_payment_method_types[]", "card"), ("allowed_payment_method_types[]", "sepa_debit"),
            ])
        let secret = try #require(created["client_secret"])
        let page = try await sim.page("GET", "/sim/checkout/embedded?client_secret=\(secret)")
        #expect(page.status == 200)
        #expect(page.text.contains("Embedded checkout") && page.text.contains("SEPA Debit"))
        #expect(try await sim.page("GET", "/sim/checkout/embedded?client_secret=\(secret)x").status == 404)
        let paid = try await sim.page(
            "POST", "/sim/checkout/\(created["id"] ?? "")/submit",
            form: [("method", "sepa_debit"), ("iban", "AT61 1904 3002 3457 3201")])
        #expect(paid.status == 303)
        #expect(paid.headers["location"] == "https://p.test/back")
        let session = try await sim.get("/v1/checkout/sessions/\(created["id"] ?? "")")
        #expect(session["status"] == "complete")
        #expect(session["payment_status"] == "unpaid")
    }

    @Test("Checkout offers a US bank account when the session allows it; test routing and account numbers only")
    func achCheckout() async throws {
        let sim = try SimTestClient()
        let created = try await session(
            sim,
            extra: [
                ("success_url", "https://p.test/ok"), ("allowed_payment_method_types[]", "card"),
                ("allowed_payment_method_types[]", "us_bank_account"),
            ])
        let id = try #require(created["id"])
        #expect(try await sim.page("GET", "/sim/checkout/\(id)").text.contains("US bank account (ACH Direct Debit)"))
        let wrong = try await sim.page(
            "POST", "/sim/checkout/\(id)/submit",
            form: [("method", "us_bank_account"), ("routing_number", "021000021"), ("account_number", "000123456789")])
        #expect(wrong.status == 402)
        #expect(wrong.text.contains("routing number 110000000"))
        let paid = try await sim.page(
            "POST", "/sim/checkout/\(id)/submit",
            form: [("method", "us_bank_account"), ("routing_number", "110000000"), ("account_number", "000123456789")])
        #expect(paid.status == 303)
        let session = try await sim.get("/v1/checkout/sessions/\(id)")
        #expect(session["status"] == "complete")
        #expect(session["payment_status"] == "unpaid")
    }

    @Test("PaymentSheet page confirms the intent of its client secret; 3D Secure goes through a challenge")
    func paymentSheet() async throws {
        let sim = try SimTestClient()
        let pi = try await sim.post("/v1/payment_intents", [("amount", "3600"), ("currency", "usd"), ("automatic_payment_methods[enabled]", "true")])
        let secret = try #require(pi["client_secret"])
        #expect(try await sim.page("GET", "/sim/app/payment_sheet?client_secret=\(secret)").text.contains("36.00 USD"))
        let posted = try await sim.page("POST", "/sim/app/payment_sheet", form: [("client_secret", secret), ("card_number", "4000002760003184")])
        #expect(posted.status == 303)
        let challenge = try await sim.page("GET", try #require(posted.headers["location"]))
        #expect(challenge.text.contains("Complete authentication"))
        #expect(try await sim.get("/v1/payment_intents/\(pi["id"] ?? "")")["status"] == "requires_action")
        let completed = try await sim.page("POST", "/sim/app/payment_sheet", form: [("client_secret", secret), ("outcome", "complete")])
        #expect(completed.status == 303)
        let done = try await sim.page("GET", try #require(completed.headers["location"]))
        #expect(done.text.contains("The payment of 36.00 USD succeeded."))
        #expect(try await sim.get("/v1/payment_intents/\(pi["id"] ?? "")")["status"] == "succeeded")
        #expect(try await sim.page("GET", "/sim/app/payment_sheet?client_secret=pi_x_secret_y").status == 404)
    }

    @Test("the index page lists what is stored and links the control plane's views")
    func index() async throws {
        let sim = try SimTestClient()
        #expect(try await sim.page("GET", "/sim/").text.contains("Nothing yet."))
        _ = try await sim.post("/v1/customers", [("email", "a@b.test")])
        let page = try await sim.page("GET", "/sim/")
        #expect(page.text.contains("<td>customer</td><td class=\"r\">1</td>"))
        #expect(page.text.contains("href=\"/sim/webhooks/deliveries\""))
    }

    @Test("reader console shows the waiting amount and presents the test card like present_payment_method")
    func readerConsole() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let location = try await sim.post(
            "/v1/terminal/locations",
            [
                ("display_name", "Shop"), ("address[line1]", "1 Main St"),
                ("address[city]", "San Francisco"), ("address[state]", "CA"), ("address[postal_code]", "94110"), ("address[country]", "US"),
            ],
            account: account)
        let reader = try await sim.post(
            "/v1/terminal/readers",
            [
                ("registration_code", "simulated-wpe"), ("location", location["id"] ?? ""),
                ("label", "Counter"),
            ], account: account)
        let readerId = try #require(reader["id"])
        #expect(try await sim.page("GET", "/sim/terminal/readers/\(readerId)").text.contains("Waiting for the point of sale"))
        #expect(try await sim.page("GET", "/sim/terminal/readers").text.contains(readerId))
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "4205"), ("currency", "usd"),
                ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual"),
            ], account: account)
        _ = try await sim.post("/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", pi["id"] ?? "")], account: account)
        #expect(try await sim.page("GET", "/sim/terminal/readers/\(readerId)").text.contains("42.05 USD"))
        let presented = try await sim.page("POST", "/sim/terminal/readers/\(readerId)/present")
        #expect(presented.status == 303)
        let declined = try await sim.page("GET", try #require(presented.headers["location"]))
        #expect(declined.text.contains("Declined: card_declined"))
        let after = try await sim.get("/v1/payment_intents/\(pi["id"] ?? "")", account: account)
        #expect(after.json.value(at: "last_payment_error.decline_code") == "generic_decline")
    }
}
