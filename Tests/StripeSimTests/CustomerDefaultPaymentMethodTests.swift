import StripeSimCore
import Testing

/// A Customer's `invoice_settings.default_payment_method` and the attaching rules behind it,
/// as Stripe applies them.
@Suite("stripe-sim customer default payment method and attaching")
struct CustomerDefaultPaymentMethodTests {
    private func customer(_ sim: SimTestClient, _ account: String) async throws -> String {
        try #require(try await sim.post("/v1/customers", [("email", "b@example.com")], account: account)["id"])
    }

    /// A guest's payment (no customer) with `setup_future_usage` when given; the method used.
    private func guestPayment(_ sim: SimTestClient, _ account: String, saving: Bool) async throws -> String {
        let paid = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true"),
                ("allowed_payment_method_types[0]", "card"),
            ]
                + (saving ? [("setup_future_usage", "off_session")] : []), account: account)
        #expect(paid["status"] == "succeeded")
        return try #require(paid["payment_method"])
    }

    @Test("the default must be attached to that customer; detaching it clears the default")
    func defaultMustBeAttached() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let c = try await customer(sim, a)
        let other = try await customer(sim, a)
        let method = try await guestPayment(sim, a, saving: true)

        let unattached = try await sim.post("/v1/customers/\(c)", [("invoice_settings[default_payment_method]", method)], account: a)
        #expect(unattached.status == 400)
        #expect(unattached.errorCode == "resource_missing")
        #expect(unattached.json.value(at: "error.param") == "invoice_settings[default_payment_method]")
        #expect(
            unattached.json.value(at: "error.message")?.stringValue
                == "The customer does not have a payment method with the ID \(method). The payment method must be attached to the customer.")
        let unknown = try await sim.post("/v1/customers/\(c)", [("invoice_settings[default_payment_method]", "pm_nope")], account: a)
        #expect(unknown.status == 400)
        #expect(unknown.json.value(at: "error.message") == "No such PaymentMethod: 'pm_nope'")

        #expect(try await sim.post("/v1/payment_methods/\(method)/attach", [("customer", c)], account: a)["customer"] == c)
        let ofAnother = try await sim.post("/v1/customers/\(other)", [("invoice_settings[default_payment_method]", method)], account: a)
        #expect(ofAnother.status == 400)
        let set = try await sim.post(
            "/v1/customers/\(c)", [("invoice_settings[default_payment_method]", method), ("invoice_settings[footer]", "Thanks")], account: a)
        #expect(set.status == 200)
        #expect(set.json.value(at: "invoice_settings.default_payment_method")?.stringValue == method)
        #expect(set.json.value(at: "invoice_settings.footer") == "Thanks")
        let read = try await sim.get("/v1/customers/\(c)", account: a)
        #expect(read.json.value(at: "invoice_settings.default_payment_method")?.stringValue == method)

        _ = try await sim.post("/v1/payment_methods/\(method)/detach", account: a)
        let cleared = try await sim.get("/v1/customers/\(c)", account: a)
        #expect(cleared.json.value(at: "invoice_settings.default_payment_method") == .null)
        #expect(cleared.json.value(at: "invoice_settings.footer") == "Thanks")
        let reattach = try await sim.post("/v1/payment_methods/\(method)/attach", [("customer", c)], account: a)
        #expect(reattach.status == 400)
        #expect(
            reattach.json.value(at: "error.message")?.stringValue?.hasPrefix("This PaymentMethod was previously used without being attached") == true)
    }

    @Test("a guest's method paid without setup_future_usage cannot be attached; attaching twice to the same customer is harmless")
    func consumedMethod() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let c = try await customer(sim, a)
        let consumed = try await guestPayment(sim, a, saving: false)
        let refused = try await sim.post("/v1/payment_methods/\(consumed)/attach", [("customer", c)], account: a)
        #expect(refused.status == 400)
        #expect(try await sim.get("/v1/customers/\(c)/payment_methods", account: a).json["data"]?.arrayValue?.isEmpty == true)

        let kept = try await guestPayment(sim, a, saving: true)
        #expect(try await sim.post("/v1/payment_methods/\(kept)/attach", [("customer", c)], account: a).status == 200)
        #expect(try await sim.post("/v1/payment_methods/\(kept)/attach", [("customer", c)], account: a)["customer"] == c)
        let other = try await customer(sim, a)
        #expect(try await sim.post("/v1/payment_methods/\(kept)/attach", [("customer", other)], account: a).status == 400)
        // Kept for off-session use when saved off_session: an off-session charge for the customer succeeds.
        let later = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "500"), ("currency", "usd"), ("customer", c), ("payment_method", kept), ("confirm", "true"),
                ("off_session", "true"), ("allowed_payment_method_types[0]", "card"),
            ], account: a)
        #expect(later["status"] == "succeeded")
    }
}
