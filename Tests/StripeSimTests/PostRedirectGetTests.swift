import Foundation
import StripeSimCore
import TestKit
import Testing

/// Pages that take a POST answer it with 303 See Other to a GET page, so reloading what the
/// browser shows (the reader console reloads itself every two seconds) never sends the form
/// again.
@Suite("stripe-sim pages: post/redirect/get")
struct PostRedirectGetTests {
    private func reader(_ sim: SimTestClient, amount: String) async throws -> (account: String, reader: String) {
        let account = try await sim.account()
        let location = try await sim.post(
            "/v1/terminal/locations",
            [
                ("display_name", "Shop"), ("address[line1]", "1 Main St"), ("address[city]", "San Francisco"), ("address[state]", "CA"),
                ("address[postal_code]", "94110"), ("address[country]", "US"),
            ], account: account)
        let reader = try await sim.post(
            "/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location["id"] ?? ""), ("label", "Counter")],
            account: account)
        let readerId = try #require(reader["id"])
        let pi = try await sim.post(
            "/v1/payment_intents",
            [("amount", amount), ("currency", "usd"), ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual")],
            account: account)
        _ = try await sim.post("/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", pi["id"] ?? "")], account: account)
        return (account, readerId)
    }

    @Test("the reader console's present answers 303 to the console; its reload keeps 'Action succeeded.'")
    func readerConsoleReloads() async throws {
        let sim = try SimTestClient()
        let (_, readerId) = try await reader(sim, amount: "4200")
        let presented = try await sim.page("POST", "/sim/terminal/readers/\(readerId)/present")
        #expect(presented.status == 303)
        let location = try #require(presented.headers["location"])
        #expect(location.hasPrefix("/sim/terminal/readers/\(readerId)?"))
        for _ in 0..<2 {  // the page, then its reload
            let page = try await sim.page("GET", location)
            #expect(page.status == 200)
            #expect(page.text.contains("Action succeeded."))
            #expect(!page.text.contains("no process_payment_intent action in progress"))
            #expect(page.text.contains("location.reload()"))
        }
    }

    @Test("a console action refused by the reader also redirects, with the error shown by GET")
    func readerConsoleError() async throws {
        let sim = try SimTestClient()
        let (_, readerId) = try await reader(sim, amount: "4200")
        _ = try await sim.page("POST", "/sim/terminal/readers/\(readerId)/present")
        let again = try await sim.page("POST", "/sim/terminal/readers/\(readerId)/cancel")
        #expect(again.status == 303)
        let page = try await sim.page("GET", try #require(again.headers["location"]))
        #expect(page.text.contains("id=\"error\""))
    }

    @Test("the PaymentSheet page's POST answers 303 to the sheet, which shows the outcome by GET")
    func paymentSheet() async throws {
        let sim = try SimTestClient()
        let pi = try await sim.post("/v1/payment_intents", [("amount", "3600"), ("currency", "usd"), ("automatic_payment_methods[enabled]", "true")])
        let secret = try #require(pi["client_secret"])
        let declined = try await sim.page("POST", "/sim/app/payment_sheet", form: [("client_secret", secret), ("card_number", "4000000000000002")])
        #expect(declined.status == 303)
        let declinedPage = try await sim.page("GET", try #require(declined.headers["location"]))
        #expect(declinedPage.status == 402)
        #expect(declinedPage.text.contains("Your card was declined."))
        let paid = try await sim.page("POST", "/sim/app/payment_sheet", form: [("client_secret", secret), ("card_number", "4242424242424242")])
        #expect(paid.status == 303)
        #expect(try await sim.page("GET", try #require(paid.headers["location"])).text.contains("The payment of 36.00 USD succeeded."))
    }
}
