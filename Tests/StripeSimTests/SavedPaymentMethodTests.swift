import StripeSimCore
import Testing

@Suite("stripe-sim saved payment methods and off-session payments")
struct SavedPaymentMethodTests {
    private func customer(_ sim: SimTestClient, _ account: String) async throws -> String {
        try #require(try await sim.post("/v1/customers", [("email", "b@example.com")], account: account)["id"])
    }

    /// Saves `card` for `customer` through a SetupIntent (3-D Secure completed when asked).
    private func setUp(
        _ sim: SimTestClient, _ account: String, _ customer: String, _ card: String,
        usage: String = "off_session"
    ) async throws -> String {
        let si = try await sim.post(
            "/v1/setup_intents", [("customer", customer), ("usage", usage), ("allowed_payment_method_types[0]", "card")],
            account: account)
        let id = try #require(si["id"])
        let confirmed = try await sim.post("/v1/setup_intents/\(id)/confirm", [("payment_method", card)], account: account)
        if confirmed["status"] == "requires_action" {
            _ = try await sim.page("POST", "/sim/setup_intents/\(id)/authenticate?outcome=succeed")
        }
        let done = try await sim.get("/v1/setup_intents/\(id)", account: account)
        #expect(done["status"] == "succeeded")
        return try #require(done["payment_method"])
    }

    private func offSession(_ sim: SimTestClient, _ account: String, _ customer: String, _ method: String) async throws -> SimTestClient.Reply {
        try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "2000"), ("currency", "usd"), ("customer", customer),
                ("payment_method", method), ("confirm", "true"), ("off_session", "true"),
                ("allowed_payment_method_types[0]", "card"),
            ], account: account)
    }

    @Test("setup_future_usage attaches the method to the customer; SetupIntents save without charging")
    func saving() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let c = try await customer(sim, a)
        let paid = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"), ("customer", c),
                ("setup_future_usage", "off_session"), ("payment_method", "pm_card_visa"), ("confirm", "true"),
                ("allowed_payment_method_types[0]", "card"),
            ], account: a)
        #expect(paid["status"] == "succeeded")
        #expect(paid["setup_future_usage"] == "off_session")
        let method = try #require(paid["payment_method"])
        let listed = try await sim.get("/v1/customers/\(c)/payment_methods", account: a)
        #expect(listed.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [method])
        let noCustomer = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"),
                ("setup_future_usage", "off_session"), ("payment_method", "pm_card_visa"), ("confirm", "true"),
                ("allowed_payment_method_types[0]", "card"),
            ], account: a)
        // A guest's payment with setup_future_usage: nothing attached, but the method can be later.
        #expect(noCustomer["status"] == "succeeded")
        let guestMethod = try #require(noCustomer["payment_method"])
        #expect(try await sim.get("/v1/payment_methods/\(guestMethod)", account: a).json["customer"] == .null)
        let attached = try await sim.post("/v1/payment_methods/\(guestMethod)/attach", [("customer", c)], account: a)
        #expect(attached["customer"] == c)
        let saved = try await setUp(sim, a, c, "pm_card_mastercard")
        #expect(try await sim.get("/v1/payment_methods/\(saved)", account: a).json["customer"]?.stringValue == c)
        #expect(sim.simulator.count(objectType: "setup_intent") == 1)
        let detached = try await sim.post("/v1/payment_methods/\(saved)/detach", account: a)
        #expect(detached.json["customer"] == .null)
        let twice = try await sim.post("/v1/payment_methods/\(saved)/detach", account: a)
        #expect(twice.status == 400)
    }

    @Test("off-session: 4242 succeeds, 3184 always needs authentication, 3155 only when not set up off-session")
    func offSessionCards() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let c = try await customer(sim, a)
        let visa = try await offSession(sim, a, c, try await setUp(sim, a, c, "4242424242424242"))
        #expect(visa["status"] == "succeeded")

        let always = try await offSession(sim, a, c, try await setUp(sim, a, c, "4000002760003184"))
        #expect(always.status == 402)
        #expect(always.errorCode == "authentication_required")
        #expect(always.json.value(at: "error.decline_code")?.stringValue == "authentication_required")
        #expect(always.json.value(at: "error.payment_intent.status")?.stringValue == "requires_payment_method")
        #expect(always.json.value(at: "error.payment_intent.last_payment_error.code")?.stringValue == "authentication_required")

        let setUpOff = try await offSession(sim, a, c, try await setUp(sim, a, c, "4000002500003155"))
        #expect(setUpOff["status"] == "succeeded")
        let onSessionOnly = try await offSession(sim, a, c, try await setUp(sim, a, c, "4000002500003155", usage: "on_session"))
        #expect(onSessionOnly.errorCode == "authentication_required")

        // 3155 saved during an on-session payment with setup_future_usage=off_session: authenticated then, fine later.
        let first = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"), ("customer", c),
                ("setup_future_usage", "off_session"), ("payment_method", "4000002500003155"), ("confirm", "true"),
                ("allowed_payment_method_types[0]", "card"),
            ], account: a)
        #expect(first["status"] == "requires_action")
        _ = try await sim.page("POST", "/sim/payment_intents/\(first["id"] ?? "")/authenticate?outcome=succeed")
        let saved = try #require(try await sim.get("/v1/payment_intents/\(first["id"] ?? "")", account: a)["payment_method"])
        #expect(try await offSession(sim, a, c, saved)["status"] == "succeeded")
    }

    @Test("a method of another customer is refused")
    func anotherCustomersMethod() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let alice = try await customer(sim, a)
        let bob = try await customer(sim, a)
        let method = try await setUp(sim, a, alice, "4242424242424242")
        let refused = try await offSession(sim, a, bob, method)
        #expect(refused.status == 400)
        #expect(refused.errorCode == "payment_method_invalid_parameter")
    }

    @Test("require_cvc_recollection: a confirmation without a cvc_update token fails, with one it succeeds")
    func cvcRecollection() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let c = try await customer(sim, a)
        let method = try await setUp(sim, a, c, "4242424242424242")
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"), ("customer", c),
                ("allowed_payment_method_types[0]", "card"), ("payment_method_options[card][require_cvc_recollection]", "true"),
            ], account: a)
        #expect(pi.json.value(at: "payment_method_options.card.require_cvc_recollection") == true)
        let id = try #require(pi["id"])
        let without = try await sim.post("/v1/payment_intents/\(id)/confirm", [("payment_method", method)], account: a)
        #expect(without.status == 400)
        #expect(without.json.value(at: "error.param")?.stringValue == "payment_method_options[card][cvc_token]")
        let bad = try await sim.post("/v1/tokens", [("cvc_update[cvc]", "12a")])
        #expect(bad.errorCode == "invalid_cvc")
        let token = try #require(try await sim.post("/v1/tokens", [("cvc_update[cvc]", "123")])["id"])
        #expect(token.hasPrefix("cvctok_"))
        let with = try await sim.post(
            "/v1/payment_intents/\(id)/confirm",
            [("payment_method", method), ("payment_method_options[card][cvc_token]", token)], account: a)
        #expect(with["status"] == "succeeded")
    }
}
