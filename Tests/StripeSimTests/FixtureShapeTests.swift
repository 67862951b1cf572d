import Foundation
import StripeSimCore
import Testing

/// Stripe's example objects (`../shared/stripe/fixtures3.json` next to the repository), when present.
private let fixtures: JSONValue? = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let file = repository.deletingLastPathComponent().appendingPathComponent("shared/stripe/fixtures3.json")
    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
    return JSONValue.parse(Array(data))?["resources"]
}()

@Suite("stripe-sim object shapes", .enabled(if: fixtures != nil, "../shared/stripe/fixtures3.json is absent"))
struct FixtureShapeTests {
    private func expectShape(_ object: JSONValue, _ name: String) {
        let expected = Set(fixtures?[name]?.objectValue?.keys.map { $0 } ?? [])
        let actual = Set(object.objectValue?.keys.map { $0 } ?? [])
        #expect(!expected.isEmpty, "fixture \(name) missing")
        #expect(expected.subtracting(actual).sorted() == [], "\(name) lacks members of Stripe's example")
    }

    @Test("simulator objects carry every top-level member of Stripe's example objects")
    func shapes() async throws {
        let sim = try SimTestClient()
        let accountReply = try await sim.post("/v1/accounts", [("type", "express")])
        let a = try #require(accountReply["id"])
        expectShape(accountReply.json, "account")
        expectShape(try await sim.post("/v1/accounts/\(a)/persons", [("first_name", "A")]).json, "person")
        expectShape(
            try await sim.post(
                "/v1/account_links",
                [
                    ("account", a), ("type", "account_onboarding"),
                    ("refresh_url", "https://x.test/r"), ("return_url", "https://x.test/s"),
                ]
            ).json, "account_link")
        expectShape(try await sim.post("/v1/accounts/\(a)/login_links").json, "login_link")
        let customer = try await sim.post("/v1/customers", [("email", "s@x.test")], account: a)
        expectShape(customer.json, "customer")
        expectShape(
            try await sim.post(
                "/v1/customer_sessions",
                [
                    ("customer", customer["id"] ?? ""),
                    ("components[mobile_payment_element][enabled]", "true"),
                ], account: a
            ).json, "customer_session")
        expectShape(
            try await sim.post("/v1/ephemeral_keys", [("customer", customer["id"] ?? "")], account: a, version: "2020-08-27").json, "ephemeral_key")
        let product = try await sim.post("/v1/products", [("name", "Tee")], account: a)
        expectShape(product.json, "product")
        let price = try await sim.post("/v1/prices", [("product", product["id"] ?? ""), ("currency", "usd"), ("unit_amount", "900")], account: a)
        expectShape(price.json, "price")
        expectShape(
            try await sim.post(
                "/v1/checkout/sessions",
                [
                    ("mode", "payment"), ("success_url", "https://x.test/ok"),
                    ("line_items[0][price]", price["id"] ?? ""), ("line_items[0][quantity]", "1"),
                ], account: a
            ).json, "checkout.session")
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "900"), ("currency", "usd"), ("payment_method", "pm_card_visa"),
                ("confirm", "true"), ("application_fee_amount", "50"),
            ], account: a)
        expectShape(pi.json, "payment_intent")
        expectShape(try await sim.get("/v1/payment_methods/\(pi["payment_method"] ?? "")", account: a).json, "payment_method")
        expectShape(try await sim.get("/v1/charges/\(pi["latest_charge"] ?? "")", account: a).json, "charge")
        expectShape(try await sim.post("/v1/refunds", [("payment_intent", pi["id"] ?? ""), ("amount", "100")], account: a).json, "refund")
        expectShape(try await sim.get("/v1/application_fees").json["data"]?.arrayValue?.first ?? nil, "application_fee")
        expectShape(try await sim.post("/v1/terminal/connection_tokens", [], account: a).json, "terminal.connection_token")
        let location = try await sim.post("/v1/terminal/locations", [("display_name", "S"), ("address[country]", "US")], account: a)
        expectShape(location.json, "terminal.location")
        expectShape(
            try await sim.post("/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location["id"] ?? "")], account: a).json,
            "terminal.reader")
        expectShape(try await sim.get("/v1/events", account: a).json["data"]?.arrayValue?.first ?? nil, "event")
        expectShape(try await sim.post("/v1/webhook_endpoints", [("url", "https://x.test/h"), ("enabled_events[]", "*")]).json, "webhook_endpoint")
    }
}
