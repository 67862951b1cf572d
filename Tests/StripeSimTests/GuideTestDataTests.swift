import Foundation
@testable import StripeSimCore
import TestKit
import Testing

/// The guides' test data: Stripe's test card numbers as its testing docs print them, and the
/// checks Stripe's Checkout form makes before it pays.
@Suite("stripe-sim: the guides' test data")
struct GuideTestDataTests {
    private func session(_ sim: SimTestClient, _ extra: [(String, String)] = []) async throws -> String {
        let created = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("success_url", "https://p.test/ok"),
                ("line_items[0][price_data][currency]", "usd"), ("line_items[0][price_data][unit_amount]", "2400"),
                ("line_items[0][price_data][product_data][name]", "Stoneware mug"), ("line_items[0][quantity]", "1"),
            ] + extra)
        return try #require(created["id"])
    }

    @Test("UnionPay is 6205500000000000004 (19 digits); 6205500000000000 fails the Luhn check: 402 incorrect_number")
    func unionPay() async throws {
        let sim = try SimTestClient()
        let accepted = try await sim.post("/v1/payment_methods", [("type", "card"), ("card[number]", "6205500000000000004")])
        #expect(accepted.status == 200)
        #expect(accepted.json.value(at: "card.brand") == "unionpay")
        let luhn = try await sim.post("/v1/payment_methods", [("type", "card"), ("card[number]", "6205500000000000")])
        #expect(luhn.status == 402)
        #expect(luhn.errorType == "card_error")
        #expect(luhn.errorCode == "incorrect_number")
        #expect(luhn.json.value(at: "error.param") == "card[number]")
        #expect(luhn.json.value(at: "error.message")?.stringValue == "Your card number is incorrect.")
        let garbage = try await sim.post("/v1/payment_methods", [("type", "card"), ("card[number]", "62055abc")])
        #expect(garbage.errorCode == "invalid_number")
        let pi = try await sim.post("/v1/payment_intents", [("amount", "1200"), ("currency", "eur"), ("allowed_payment_method_types[]", "card")])
        let paid = try await sim.post(
            "/v1/payment_intents/\(pi["id"] ?? "")/confirm", [("payment_method", "6205500000000000004")])
        #expect(paid["status"] == "succeeded")
    }

    @Test("the Checkout form pays with the 19-digit UnionPay card and refuses its 16-digit prefix")
    func unionPayOnThePage() async throws {
        let sim = try SimTestClient()
        let id = try await session(sim, [("customer_email", "ada@b.test")])
        let short = try await sim.page("POST", "/sim/checkout/\(id)/submit", form: [("method", "card"), ("card_number", "6205 5000 0000 0000")])
        #expect(short.status == 400)
        #expect(short.text.contains("Your card number is incorrect."))
        let paid = try await sim.page(
            "POST", "/sim/checkout/\(id)/submit", form: [("method", "card"), ("card_number", "6205 5000 0000 0000 004")])
        #expect(paid.status == 303)
        #expect(try await sim.get("/v1/checkout/sessions/\(id)")["payment_status"] == "paid")
        #expect(try await sim.page("GET", "/sim/checkout/\(try await session(sim))").text.contains("6205 5000 0000 0000 004"))
    }

    @Test("the Checkout form refuses an expired card and, without customer_email, a blank e-mail; the session stays open")
    func expiredAndBlankEmail() async throws {
        let sim = try SimTestClient()
        let id = try await session(sim)
        let blank = try await sim.page(
            "POST", "/sim/checkout/\(id)/submit",
            form: [("email", " "), ("method", "card"), ("card_number", "4242 4242 4242 4242"), ("card_expiry", "12 / 34")])
        #expect(blank.status == 400)
        #expect(blank.text.contains("Your email is incomplete."))
        let expired = try await sim.page(
            "POST", "/sim/checkout/\(id)/submit",
            form: [("email", "buyer@example.test"), ("method", "card"), ("card_number", "4242 4242 4242 4242"), ("card_expiry", "01 / 20")])
        #expect(expired.status == 400)
        #expect(
            expired.text.contains("Your card&#39;s expiration date is in the past.")
                || expired.text.contains("Your card's expiration date is in the past."))
        #expect(try await sim.get("/v1/checkout/sessions/\(id)")["status"] == "open")
        let paid = try await sim.page(
            "POST", "/sim/checkout/\(id)/submit",
            form: [("email", "buyer@example.test"), ("method", "card"), ("card_number", "4242 4242 4242 4242"), ("card_expiry", "12 / 34")])
        #expect(paid.status == 303)
        // A session created with customer_email needs no typed e-mail.
        let prefilled = try await session(sim, [("customer_email", "ada@b.test")])
        let ok = try await sim.page("POST", "/sim/checkout/\(prefilled)/submit", form: [("method", "card"), ("card_number", "4242424242424242")])
        #expect(ok.status == 303)
    }

    @Test("Luhn and expiry rules")
    func rules() {
        #expect(CardNumberCheck.problem("6205500000000000004") == nil)
        #expect(CardNumberCheck.problem("4242 4242 4242 4242") == nil)
        #expect(CardNumberCheck.problem("6205500000000000")?.code == "incorrect_number")
        #expect(CardNumberCheck.problem("1234")?.code == "invalid_number")
        let dec2026 = 1_796_083_200  // 2026-12-01T00:00:00Z
        #expect(!CardNumberCheck.isExpired(month: 12, year: 26, now: dec2026))
        #expect(CardNumberCheck.isExpired(month: 11, year: 2026, now: dec2026))
        #expect(CardNumberCheck.expiry("12 / 34")?.year == 34)
        #expect(CardNumberCheck.expiry("1234")?.month == 12)
        #expect(CardNumberCheck.expiry("13/30") == nil)
    }
}
