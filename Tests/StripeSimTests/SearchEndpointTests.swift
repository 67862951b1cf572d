import StripeSimCore
import TestKit
import Testing

/// Stripe's search endpoints (https://docs.stripe.com/search): `search` is a route, not an id.
@Suite("stripe-sim: customers, PaymentIntents and charges search")
struct SearchEndpointTests {
    @Test("GET /v1/customers/search matches email exactly, name by substring, metadata, AND and OR")
    func customers() async throws {
        let sim = try SimTestClient()
        let ada = try #require(
            try await sim.post("/v1/customers", [("email", "ada@x.test"), ("name", "Ada Lovelace"), ("metadata[tier]", "gold")])["id"])
        let bob = try #require(try await sim.post("/v1/customers", [("email", "bob@x.test"), ("name", "Bob Love")])["id"])
        func ids(_ query: String) async throws -> [String] {
            let found = try await sim.get("/v1/customers/search", [("query", query)])
            #expect(found.status == 200 && found["object"] == "search_result" && found["url"] == "/v1/customers/search")
            return found.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        }
        #expect(try await ids("email:'ADA@x.test'") == [ada])
        #expect(try await ids("name~\"Love\"") == [bob, ada])
        #expect(try await ids("metadata['tier']:'gold'") == [ada])
        #expect(try await ids("name~'Love' AND -email:'bob@x.test'") == [ada])
        #expect(try await ids("email:'ada@x.test' OR email:'bob@x.test'") == [bob, ada])
        #expect(try await ids("email:'nobody@x.test'") == [])
        let first = try await sim.get("/v1/customers/search", [("query", "name~'Love'"), ("limit", "1")])
        #expect(first.json["has_more"] == true)
        let next = try #require(first["next_page"])
        let second = try await sim.get("/v1/customers/search", [("query", "name~'Love'"), ("limit", "1"), ("page", next)])
        #expect(second.json["data"]?.arrayValue?.first?["id"]?.stringValue == ada && second.json["next_page"] == .null)
    }

    @Test("refusals: unsupported field, mixed AND/OR, a short substring, a missing query")
    func refusals() async throws {
        let sim = try SimTestClient()
        let field = try await sim.get("/v1/customers/search", [("query", "colour:'red'")])
        #expect(field.status == 400 && field.json.value(at: "error.param") == "query")
        #expect(
            field.json.value(at: "error.message")?.stringValue?.hasPrefix("Field `colour` is an unsupported search field for resource `customers`.")
                == true)
        #expect(try await sim.get("/v1/customers/search", [("query", "email:'a' AND name:'b' OR phone:'c'")]).status == 400)
        #expect(try await sim.get("/v1/customers/search", [("query", "name~'ab'")]).status == 400)
        #expect(try await sim.get("/v1/customers/search").errorCode == "parameter_missing")
    }

    @Test("GET /v1/payment_intents/search and /v1/charges/search filter by status and amount")
    func paymentsAndCharges() async throws {
        let sim = try SimTestClient()
        let paid = try await sim.post(
            "/v1/payment_intents", [("amount", "2500"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true")])
        _ = try await sim.post("/v1/payment_intents", [("amount", "900"), ("currency", "usd")])
        let found = try await sim.get("/v1/payment_intents/search", [("query", "status:'succeeded' AND amount>=2000")])
        #expect(found.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [paid["id"] ?? ""])
        let charges = try await sim.get("/v1/charges/search", [("query", "payment_intent:'\(paid["id"] ?? "")'")])
        #expect(charges.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [paid["latest_charge"] ?? ""])
    }
}
