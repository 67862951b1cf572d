import StripeSimCore
import TestKit
import Testing

/// The update endpoints Stripe has for charges, PaymentMethods, Checkout Sessions and Terminal
/// readers (https://docs.stripe.com/api/charges/update, …/payment_methods/update,
/// …/checkout/sessions/update, …/terminal/readers/update), which answered 404 before.
@Suite("stripe-sim: charge, PaymentMethod, Checkout Session and reader updates")
struct ObjectUpdateEndpointTests {
    @Test("POST /v1/charges/:id changes description and fraud_details, merges metadata and emits charge.updated")
    func chargeUpdate() async throws {
        let sim = try SimTestClient()
        let pi = try await sim.post(
            "/v1/payment_intents",
            [("amount", "2000"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true"), ("metadata[a]", "1")])
        let charge = try #require(pi["latest_charge"])
        _ = try await sim.post("/v1/charges/\(charge)", [("metadata[keep]", "yes"), ("metadata[gone]", "x")])
        let updated = try await sim.post(
            "/v1/charges/\(charge)", [("description", "checked"), ("fraud_details[user_report]", "safe"), ("metadata[gone]", "")])
        #expect(updated.status == 200)
        #expect(updated["description"] == "checked")
        #expect(updated.json.value(at: "fraud_details.user_report") == "safe")
        #expect(updated.json["metadata"] == ["a": "1", "keep": "yes"])
        #expect(try await sim.get("/v1/charges/\(charge)")["description"] == "checked")
        let events = try await sim.get("/v1/events", [("type", "charge.updated")])
        #expect(events.json["data"]?.arrayValue?.count == 2)
        #expect(try await sim.post("/v1/charges/\(charge)", [("amount", "5")]).errorCode == "parameter_unknown")
        let bad = try await sim.post("/v1/charges/\(charge)", [("fraud_details[user_report]", "maybe")])
        #expect(bad.status == 400 && bad.json.value(at: "error.param") == "fraud_details[user_report]")
        #expect(try await sim.post("/v1/charges/ch_missing", [("description", "x")]).errorCode == "resource_missing")
    }

    @Test("POST /v1/payment_methods/:id updates an attached card's expiry and billing details; a detached one is refused")
    func paymentMethodUpdate() async throws {
        let sim = try SimTestClient()
        let customer = try #require(try await sim.post("/v1/customers", [("email", "a@b.test")])["id"])
        let method = try #require(try await sim.post("/v1/payment_methods", [("type", "card"), ("card[token]", "tok_visa")])["id"])
        let unattached = try await sim.post("/v1/payment_methods/\(method)", [("metadata[a]", "1")])
        #expect(unattached.status == 400)
        #expect(unattached.json.value(at: "error.message") == "You must save this PaymentMethod to a customer before you can update it.")
        _ = try await sim.post("/v1/payment_methods/\(method)/attach", [("customer", customer)])
        let updated = try await sim.post(
            "/v1/payment_methods/\(method)",
            [("card[exp_month]", "7"), ("card[exp_year]", "2031"), ("billing_details[name]", "Ada"), ("allow_redisplay", "always")])
        #expect(updated.status == 200)
        #expect(updated.json.value(at: "card.exp_month") == 7 && updated.json.value(at: "card.exp_year") == 2031)
        #expect(updated.json.value(at: "billing_details.name") == "Ada")
        #expect(updated.json.value(at: "billing_details.email") == .null)
        #expect(updated["allow_redisplay"] == "always")
        #expect(try await sim.post("/v1/payment_methods/\(method)", [("card[number]", "4242")]).errorCode == "parameter_unknown")
        #expect(try await sim.post("/v1/payment_methods/\(method)", [("card[exp_month]", "13")]).errorCode == "invalid_expiry_month")
        let events = try await sim.get("/v1/events", [("type", "payment_method.updated")])
        #expect(events.json["data"]?.arrayValue?.count == 1)
    }

    @Test("POST /v1/checkout/sessions/:id and /v1/terminal/readers/:id update metadata (and the reader's label)")
    func sessionAndReaderUpdate() async throws {
        let sim = try SimTestClient()
        let session = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("ui_mode", "hosted_page"), ("success_url", "https://x.test/ok"),
                ("line_items[0][price_data][currency]", "usd"), ("line_items[0][price_data][unit_amount]", "700"),
                ("line_items[0][price_data][product_data][name]", "Tea"), ("line_items[0][quantity]", "1"), ("metadata[order]", "o1"),
            ])
        let id = try #require(session["id"])
        let updated = try await sim.post("/v1/checkout/sessions/\(id)", [("metadata[note]", "gift")])
        #expect(updated.status == 200 && updated.json["metadata"] == ["order": "o1", "note": "gift"])
        #expect(try await sim.post("/v1/checkout/sessions/\(id)", [("mode", "setup")]).errorCode == "parameter_unknown")

        let location = try #require(
            try await sim.post(
                "/v1/terminal/locations",
                [
                    ("display_name", "Shop"), ("address[line1]", "1 Main"), ("address[city]", "SF"), ("address[state]", "CA"),
                    ("address[postal_code]", "94111"), ("address[country]", "US"),
                ])["id"])
        let reader = try #require(
            try await sim.post("/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location)])["id"])
        let renamed = try await sim.post("/v1/terminal/readers/\(reader)", [("label", "Front desk"), ("metadata[lane]", "1")])
        #expect(renamed.status == 200 && renamed["label"] == "Front desk" && renamed.json.value(at: "metadata.lane") == "1")
        #expect(try await sim.get("/v1/terminal/readers/\(reader)")["label"] == "Front desk")
        #expect(try await sim.post("/v1/terminal/readers/\(reader)", [("location", location)]).errorCode == "parameter_unknown")
    }
}
