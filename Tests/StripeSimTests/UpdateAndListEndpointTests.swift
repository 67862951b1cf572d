import Foundation
import StripeSimCore
import TestKit
import Testing

/// Endpoints next to the ones the suite uses that Stripe has and the simulator answered 404
/// for: lists, updates and a delete, in Stripe's shapes.
@Suite("stripe-sim: lists, updates and deletes Stripe has")
struct UpdateAndListEndpointTests {
    @Test("GET /v1/setup_intents lists newest first, filtered by customer")
    func setupIntents() async throws {
        let sim = try SimTestClient()
        let customer = try #require(try await sim.post("/v1/customers", [("email", "a@b.test")])["id"])
        let mine = try await sim.post("/v1/setup_intents", [("customer", customer)])
        _ = try await sim.post("/v1/setup_intents", [])
        let all = try await sim.get("/v1/setup_intents")
        #expect(all.status == 200)
        #expect(all["object"] == "list" && all["url"] == "/v1/setup_intents")
        #expect(all.json["data"]?.arrayValue?.count == 2)
        let filtered = try await sim.get("/v1/setup_intents", [("customer", customer)])
        #expect(filtered.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [mine["id"] ?? ""])
    }

    @Test("GET /v1/payment_methods lists a customer's methods by type")
    func paymentMethods() async throws {
        let sim = try SimTestClient()
        let customer = try #require(try await sim.post("/v1/customers", [("email", "a@b.test")])["id"])
        let method = try #require(try await sim.post("/v1/payment_methods", [("type", "card"), ("card[token]", "tok_visa")])["id"])
        _ = try await sim.post("/v1/payment_methods/\(method)/attach", [("customer", customer)])
        _ = try await sim.post("/v1/payment_methods", [("type", "card"), ("card[token]", "tok_visa")])
        let listed = try await sim.get("/v1/payment_methods", [("customer", customer), ("type", "card")])
        #expect(listed.status == 200)
        #expect(listed["url"] == "/v1/payment_methods")
        #expect(listed.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [method])
    }

    @Test("POST /v1/prices/:id and /v1/refunds/:id update what Stripe lets change; DELETE /v1/products/:id answers the deleted object")
    func updatesAndDelete() async throws {
        let sim = try SimTestClient()
        let product = try #require(try await sim.post("/v1/products", [("name", "Mug")])["id"])
        let price = try #require(
            try await sim.post("/v1/prices", [("product", product), ("currency", "usd"), ("unit_amount", "1200")])["id"])
        let updated = try await sim.post("/v1/prices/\(price)", [("active", "false"), ("nickname", "Old mug"), ("metadata[k]", "v")])
        #expect(updated.status == 200)
        #expect(updated.json["active"] == false && updated["nickname"] == "Old mug")
        #expect(updated.json.value(at: "metadata.k") == "v")
        #expect(try await sim.post("/v1/prices/\(price)", [("unit_amount", "1300")]).errorCode == "parameter_unknown")
        let deleted = try await sim.send("DELETE", "/v1/products/\(product)", form: [])
        #expect(deleted.status == 200)
        #expect(deleted.json == ["id": .string(product), "object": "product", "deleted": true])
        #expect(try await sim.get("/v1/products/\(product)").status == 404)

        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1500"), ("currency", "usd"), ("confirm", "true"), ("payment_method", "pm_card_visa"),
                ("allowed_payment_method_types[]", "card"),
            ])
        let refund = try #require(try await sim.post("/v1/refunds", [("payment_intent", pi["id"] ?? "")])["id"])
        let tagged = try await sim.post("/v1/refunds/\(refund)", [("metadata[reason]", "broken")])
        #expect(tagged.status == 200)
        #expect(tagged.json.value(at: "metadata.reason") == "broken")
        #expect(try await sim.post("/v1/refunds/\(refund)", [("amount", "1")]).errorCode == "parameter_unknown")
    }

    @Test("GET /v1/accounts/:id/capabilities lists capability objects; POST /v1/terminal/locations/:id updates a location")
    func capabilitiesAndLocations() async throws {
        let sim = try SimTestClient()
        let account = try await sim.post(
            "/v1/accounts",
            [("type", "express"), ("capabilities[card_payments][requested]", "true"), ("capabilities[transfers][requested]", "true")])
        let id = try #require(account["id"])
        let capabilities = try await sim.get("/v1/accounts/\(id)/capabilities")
        #expect(capabilities.status == 200)
        #expect(capabilities["url"] == "/v1/accounts/\(id)/capabilities")
        let first = try #require(capabilities.json["data"]?.arrayValue?.first)
        #expect(first["object"] == "capability" && first["id"] == "card_payments" && first["account"] == .string(id))
        #expect(first.value(at: "requirements.currently_due") == [])
        #expect(try await sim.get("/v1/accounts/acct_nope/capabilities").status == 404)

        let location = try await sim.post(
            "/v1/terminal/locations",
            [("display_name", "Shop"), ("address[line1]", "1 Main St"), ("address[city]", "San Francisco"), ("address[country]", "US")],
            account: id)
        let locationId = try #require(location["id"])
        let renamed = try await sim.post(
            "/v1/terminal/locations/\(locationId)", [("display_name", "Counter"), ("address[line1]", "2 Main St")], account: id)
        #expect(renamed.status == 200)
        #expect(renamed["display_name"] == "Counter")
        #expect(renamed.json.value(at: "address.line1") == "2 Main St" && renamed.json.value(at: "address.city") == "San Francisco")
    }
}
