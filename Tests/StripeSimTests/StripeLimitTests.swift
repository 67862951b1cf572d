import TestKit
import StripeSimCore
import Testing

/// stripe-sim refuses what Stripe refuses (DESIGN §4 "Stripe's limits"), with Stripe's codes
/// and wording, so a request the simulator accepts is one Stripe would accept.
@Suite("stripe-sim Stripe's limits")
struct StripeLimitTests {
    private static let checkoutBase: [(String, String)] = [("mode", "payment"), ("success_url", "https://shop.test/ok")]

    private static func lines(_ count: Int, unitAmount: Int = 100, currency: String = "usd") -> [(String, String)] {
        (0..<count).flatMap { i in
            [
                ("line_items[\(i)][price_data][currency]", currency), ("line_items[\(i)][price_data][unit_amount]", "\(unitAmount)"),
                ("line_items[\(i)][price_data][product_data][name]", "Mug"), ("line_items[\(i)][quantity]", "1"),
            ]
        }
    }

    private func message(_ reply: SimTestClient.Reply) -> String? { reply.json.value(at: "error.message")?.stringValue }
    private func param(_ reply: SimTestClient.Reply) -> String? { reply.json.value(at: "error.param")?.stringValue }

    @Test("amounts: 8 digits at most, at least the currency's minimum charge, checked in the intent's currency")
    func paymentIntentAmounts() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        func create(_ amount: String, _ currency: String) async throws -> SimTestClient.Reply {
            try await sim.post("/v1/payment_intents", [("amount", amount), ("currency", currency)], account: a)
        }
        #expect(try await create("99999999", "usd").status == 200)
        let large = try await create("100000000", "usd")
        #expect(large.status == 400)
        #expect(large.errorCode == "amount_too_large")
        #expect(param(large) == "amount")
        #expect(message(large) == "Amount must be no more than $999,999.99")
        #expect(try await create("1000000000000", "usd").errorCode == "amount_too_large")
        let huge = try await create("9223372036854775808", "usd")
        #expect(huge.errorCode == "parameter_invalid_integer")
        #expect(try await create("50", "usd").status == 200)
        let small = try await create("49", "usd")
        #expect(small.errorCode == "amount_too_small")
        #expect(message(small) == "Amount must be at least $0.50 usd")
        #expect(message(try await create("49", "eur")) == "Amount must be at least €0.50 eur")
        #expect(try await create("30", "gbp").status == 200)
        #expect(try await create("29", "gbp").errorCode == "amount_too_small")
        #expect(try await create("50", "jpy").status == 200)
        #expect(message(try await create("49", "jpy")) == "Amount must be at least ¥50 jpy")
        #expect(try await create("1499", "czk").errorCode == "amount_too_small")
        #expect(try await create("1", "isk").status == 200)
        let pi = try await create("1000", "gbp")
        let id = try #require(pi["id"])
        #expect(try await sim.post("/v1/payment_intents/\(id)", [("amount", "30")], account: a).status == 200)
        #expect(try await sim.post("/v1/payment_intents/\(id)", [("amount", "29")], account: a).errorCode == "amount_too_small")
    }

    @Test("metadata: 50 keys, 40-character keys and 500-character values at most, in Stripe's words")
    func metadata() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        func create(_ metadata: [(String, String)]) async throws -> SimTestClient.Reply {
            try await sim.post(
                "/v1/payment_intents", [("amount", "1000"), ("currency", "usd")] + metadata.map { ("metadata[\($0.0)]", $0.1) }, account: a)
        }
        let fifty = (0..<50).map { ("k\($0)", "v") }
        #expect(try await create(fifty).status == 200)
        let many = try await create(fifty + [("k50", "v")])
        #expect(many.status == 400)
        #expect(many.errorType == "invalid_request_error")
        #expect(param(many) == "metadata")
        #expect(
            message(many)
                == "Metadata can have up to 50 keys, but you've set 51. Email us at support+metadata@stripe.com for more information.")
        #expect(try await create([(String(repeating: "k", count: 40), "v")]).status == 200)
        let key = try await create([(String(repeating: "k", count: 41), "v")])
        #expect(key.status == 400)
        #expect(param(key) == "metadata")
        #expect(message(key) == "Invalid key: kkkkkkkkkk...kkkkkkkkkk must be a string under 40 characters")
        #expect(try await create([("note", String(repeating: "v", count: 500))]).status == 200)
        let value = try await create([("note", String(repeating: "v", count: 501))])
        #expect(value.status == 400)
        #expect(message(value) == "Invalid val: vvvvvvvvvv...vvvvvvvvvv must be a string under 500 characters")
        let product = try await sim.post(
            "/v1/products", [("name", "Mug")] + (0..<51).map { ("metadata[k\($0)]", "v") }, account: a)
        #expect(product.status == 400)
        #expect(param(product) == "metadata")
    }

    @Test("product names: 250 characters at most, on products and Checkout's inline product_data")
    func productNames() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        #expect(try await sim.post("/v1/products", [("name", String(repeating: "n", count: 250))], account: a).status == 200)
        let long = try await sim.post("/v1/products", [("name", String(repeating: "n", count: 251))], account: a)
        #expect(long.status == 400)
        #expect(param(long) == "name")
        #expect(message(long) == "Invalid string: nnnnnnnnnn...nnnnnnnnnn; must be at most 250 characters")
        var lines = Self.lines(1)
        lines[2] = ("line_items[0][price_data][product_data][name]", String(repeating: "n", count: 251))
        let session = try await sim.post("/v1/checkout/sessions", Self.checkoutBase + lines, account: a)
        #expect(session.status == 400)
        #expect(param(session) == "line_items[0][price_data][product_data][name]")
    }

    @Test("Checkout: client_reference_id of 200 characters at most, 100 line items, the total within the amount limits")
    func checkout() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        func create(_ extra: [(String, String)], lines: [(String, String)] = Self.lines(1)) async throws -> SimTestClient.Reply {
            try await sim.post("/v1/checkout/sessions", Self.checkoutBase + lines + extra, account: a)
        }
        #expect(try await create([("client_reference_id", String(repeating: "r", count: 200))]).status == 200)
        let long = try await create([("client_reference_id", "BAh7CEkiCG" + String(repeating: "r", count: 191) + "7b80c2b880")])
        #expect(long.status == 400)
        #expect(param(long) == "client_reference_id")
        #expect(message(long) == "Invalid string: BAh7CEkiCG...7b80c2b880; must be at most 200 characters")
        #expect(try await create([], lines: Self.lines(100)).status == 200)
        let many = try await create([], lines: Self.lines(101))
        #expect(many.status == 400)
        #expect(param(many) == "line_items")
        let small = try await create([], lines: Self.lines(1, unitAmount: 29, currency: "gbp"))
        #expect(small.errorCode == "amount_too_small")
        #expect(message(small) == "The Checkout Session's total amount due must add up to at least £0.30 gbp")
        #expect(try await create([], lines: Self.lines(1, unitAmount: 30, currency: "gbp")).status == 200)
        let large = try await create([], lines: Self.lines(2, unitAmount: 50_000_000))
        #expect(large.errorCode == "amount_too_large")
        #expect(param(large) == "line_items")
    }
}
