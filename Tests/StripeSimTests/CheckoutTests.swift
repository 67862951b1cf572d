import TestKit
import StripeSimCore
import Testing

@Suite("stripe-sim Checkout")
struct CheckoutTests {
    private static let lineItem: [(String, String)] = [
        ("line_items[0][price_data][currency]", "eur"), ("line_items[0][price_data][unit_amount]", "1500"),
        ("line_items[0][price_data][product_data][name]", "Mug"), ("line_items[0][quantity]", "2"),
    ]

    private func simulator() throws -> SimTestClient {
        var config = SimulatorConfig()
        config.asyncPaymentDelaySeconds = 0.05
        return try SimTestClient(config: config)
    }

    @Test("hosted session: url on the simulator; paying redirects to success_url and emits completed")
    func hostedCard() async throws {
        let sim = try simulator()
        let a = try await sim.account()
        let session = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("success_url", "https://shop.test/ok?cs={CHECKOUT_SESSION_ID}"),
                ("payment_intent_data[application_fee_amount]", "300"), ("metadata[order]", "o-1"),
            ] + Self.lineItem, account: a)
        let id = try #require(session["id"])
        #expect(session.json["amount_total"] == 3000)
        #expect(session["url"] == "\(sim.base)/sim/checkout/\(id)")
        #expect(session.json["client_secret"] == .null)
        #expect(try await sim.page("GET", "/sim/checkout/\(id)").status == 200)
        let declined = try await sim.page("POST", "/sim/checkout/\(id)/pay", form: [("payment_method", "pm_card_chargeDeclined")])
        #expect(declined.status == 402)
        #expect(try await sim.get("/v1/checkout/sessions/\(id)", account: a)["status"] == "open")
        let paid = try await sim.page("POST", "/sim/checkout/\(id)/pay", form: [("payment_method", "pm_card_visa")])
        #expect(paid.status == 302)
        #expect(paid.headers["location"] == "https://shop.test/ok?cs=\(id)")
        let after = try await sim.get("/v1/checkout/sessions/\(id)", [("expand[]", "payment_intent")], account: a)
        #expect(after["status"] == "complete")
        #expect(after["payment_status"] == "paid")
        #expect(after.json.value(at: "payment_intent.status") == "succeeded")
        #expect(after.json.value(at: "payment_intent.application_fee_amount") == 300)
        #expect(sim.simulator.count(objectType: "payment_intent") == 1)
        let completed = sim.simulator.events(account: a).filter { $0["type"] == "checkout.session.completed" }
        #expect(completed.count == 1)
        #expect(completed.first?["account"]?.stringValue == a)
        #expect(completed.first?.value(at: "data.object.metadata.order") == "o-1")
        let items = try await sim.get("/v1/checkout/sessions/\(id)/line_items", account: a)
        #expect(items.json["data"]?.arrayValue?.first?["quantity"] == 2)
    }

    @Test("embedded session needs return_url and returns a client_secret")
    func embedded() async throws {
        let sim = try simulator()
        let a = try await sim.account()
        let missing = try await sim.post("/v1/checkout/sessions", [("mode", "payment"), ("ui_mode", "embedded_page")] + Self.lineItem, account: a)
        #expect(missing.errorCode == "parameter_missing")
        let mixed = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("ui_mode", "embedded_page"),
                ("return_url", "https://x.test/r"), ("success_url", "https://x.test/s"),
            ] + Self.lineItem, account: a)
        #expect(mixed.status == 400)
        let session = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("ui_mode", "embedded_page"),
                ("return_url", "https://shop.test/return?session_id={CHECKOUT_SESSION_ID}"),
            ] + Self.lineItem, account: a)
        #expect(session["client_secret"]?.contains("_secret_") == true)
        #expect(session.json["url"] == .null)
    }

    @Test("SEPA: completed unpaid, then async_payment_succeeded or async_payment_failed")
    func delayedMethods() async throws {
        let sim = try simulator()
        let a = try await sim.account()
        var ids: [String: String] = [:]
        for outcome in ["sepa_succeed", "sepa_fail"] {
            let session = try await sim.post(
                "/v1/checkout/sessions",
                [
                    ("mode", "payment"), ("success_url", "https://x.test/ok"),
                    ("allowed_payment_method_types[0]", "card"), ("allowed_payment_method_types[1]", "sepa_debit"),
                ] + Self.lineItem, account: a)
            let id = try #require(session["id"])
            ids[outcome] = id
            #expect(try await sim.page("POST", "/sim/checkout/\(id)/pay", form: [("payment_method", outcome)]).status == 302)
            let completed = sim.simulator.events(account: a).first {
                $0["type"] == "checkout.session.completed" && $0.value(at: "data.object.id")?.stringValue == id
            }
            #expect(completed?.value(at: "data.object.status") == "complete")
            #expect(completed?.value(at: "data.object.payment_status") == "unpaid")
        }
        let settled = await SimTestClient.eventually {
            let types = sim.simulator.events(account: a).compactMap { $0["type"]?.stringValue }
            return types.contains("checkout.session.async_payment_succeeded") && types.contains("checkout.session.async_payment_failed")
        }
        #expect(settled)
        let events = sim.simulator.events(account: a)
        let succeeded = events.first { $0["type"] == "checkout.session.async_payment_succeeded" }
        #expect(succeeded?.value(at: "data.object.id")?.stringValue == ids["sepa_succeed"])
        #expect(succeeded?.value(at: "data.object.payment_status") == "paid")
        let failed = events.first { $0["type"] == "checkout.session.async_payment_failed" }
        #expect(failed?.value(at: "data.object.id")?.stringValue == ids["sepa_fail"])
        // The failed SEPA charge captured nothing.
        let failedCharge = events.first { $0["type"] == "charge.failed" }
        #expect(failedCharge?.value(at: "data.object.amount_captured") == 0)
        #expect(failedCharge?.value(at: "data.object.paid") == false)
    }

    @Test("expire: open sessions only; expired sessions cannot be paid")
    func expire() async throws {
        let sim = try simulator()
        let a = try await sim.account()
        let session = try await sim.post(
            "/v1/checkout/sessions", [("mode", "payment"), ("success_url", "https://x.test/ok")] + Self.lineItem, account: a)
        let id = try #require(session["id"])
        #expect(try await sim.post("/v1/checkout/sessions/\(id)/expire", [], account: a)["status"] == "expired")
        #expect(try await sim.post("/v1/checkout/sessions/\(id)/expire", [], account: a).status == 400)
        #expect(try await sim.page("POST", "/sim/checkout/\(id)/pay", form: [("payment_method", "pm_card_visa")]).status == 400)
        #expect(sim.simulator.events(account: a).contains { $0["type"] == "checkout.session.expired" })
    }
}
