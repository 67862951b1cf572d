import Foundation
import StripeSimCore
import TestKit
import Testing

/// The simulated PaymentSheet takes SEPA Debit and US bank accounts as the Checkout pages
/// do (the same fields and test values), when the PaymentIntent allows them.
@Suite("stripe-sim PaymentSheet page: bank debits")
struct PaymentSheetPageTests {
    private func intent(_ sim: SimTestClient, currency: String, types: [String] = []) async throws -> (id: String, secret: String) {
        let methods =
            types.isEmpty ? [("automatic_payment_methods[enabled]", "true")] : types.enumerated().map { ("allowed_payment_method_types[\($0)]", $1) }
        let pi = try await sim.post("/v1/payment_intents", [("amount", "3600"), ("currency", currency)] + methods)
        return (try #require(pi["id"]), try #require(pi["client_secret"]))
    }

    @Test("a test IBAN pays a euro PaymentIntent by SEPA Debit: processing, then the sheet says so")
    func sepa() async throws {
        let sim = try SimTestClient()
        let (id, secret) = try await intent(sim, currency: "eur")
        let page = try await sim.page("GET", "/sim/app/payment_sheet?client_secret=\(secret)")
        #expect(page.text.contains("data-method=\"sepa_debit\""))
        #expect(page.text.contains("AT611904300234573201"))
        let wrong = try await sim.page(
            "POST", "/sim/app/payment_sheet", form: [("client_secret", secret), ("method", "sepa_debit"), ("iban", "DE00 1234")])
        let refused = try await sim.page("GET", try #require(wrong.headers["location"]))
        #expect(refused.status == 402)
        #expect(refused.text.contains("This IBAN is not a test IBAN"))
        let posted = try await sim.page(
            "POST", "/sim/app/payment_sheet",
            form: [("client_secret", secret), ("method", "sepa_debit"), ("iban", "AT61 1904 3002 3457 3201")])
        #expect(posted.status == 303)
        let pi = try await sim.get("/v1/payment_intents/\(id)")
        #expect(pi["status"] == "processing")
        let method = try await sim.get("/v1/payment_methods/\(try #require(pi["payment_method"]))")
        #expect(method["type"] == "sepa_debit")
        #expect(try await sim.page("GET", try #require(posted.headers["location"])).text.contains("is processing"))
    }

    @Test("a test US bank account pays a dollar PaymentIntent by ACH Direct Debit; another routing number is refused")
    func usBankAccount() async throws {
        let sim = try SimTestClient()
        let (id, secret) = try await intent(sim, currency: "usd")
        #expect(try await sim.page("GET", "/sim/app/payment_sheet?client_secret=\(secret)").text.contains("data-method=\"us_bank_account\""))
        let wrong = try await sim.page(
            "POST", "/sim/app/payment_sheet",
            form: [("client_secret", secret), ("method", "us_bank_account"), ("routing_number", "021000021"), ("account_number", "000123456789")])
        #expect(try await sim.page("GET", try #require(wrong.headers["location"])).text.contains("routing number 110000000"))
        #expect(try await sim.get("/v1/payment_intents/\(id)")["status"] == "requires_payment_method")
        _ = try await sim.page(
            "POST", "/sim/app/payment_sheet",
            form: [("client_secret", secret), ("method", "us_bank_account"), ("routing_number", "110000000"), ("account_number", "000123456789")])
        let pi = try await sim.get("/v1/payment_intents/\(id)")
        #expect(pi["status"] == "processing")
        #expect(try await sim.get("/v1/payment_methods/\(try #require(pi["payment_method"]))")["type"] == "us_bank_account")
    }

    @Test("a card-only PaymentIntent offers no bank fields, and a posted IBAN is not accepted for it")
    func cardOnly() async throws {
        let sim = try SimTestClient()
        let (id, secret) = try await intent(sim, currency: "eur", types: ["card"])
        let page = try await sim.page("GET", "/sim/app/payment_sheet?client_secret=\(secret)")
        #expect(!page.text.contains("data-method=\"sepa_debit\""))
        #expect(page.text.contains("data-method=\"card\""))
        let posted = try await sim.page(
            "POST", "/sim/app/payment_sheet", form: [("client_secret", secret), ("method", "sepa_debit"), ("iban", "AT611904300234573201")])
        #expect(try await sim.page("GET", try #require(posted.headers["location"])).text.contains("not allowed for this PaymentIntent"))
        #expect(try await sim.get("/v1/payment_intents/\(id)")["status"] == "requires_payment_method")
    }
}
