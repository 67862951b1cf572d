import StripeSimCore
import Testing

/// stripe-sim's Terminal regional behaviour and reader display: Interac on Canadian accounts
/// only and never manual, `manual_preferred`, `set_reader_display`'s cart.
@Suite("stripe-sim Terminal regional rules and display")
struct TerminalRegionalTests {
    private static func reader(_ sim: SimTestClient, account: String, country: String) async throws -> String {
        let location = try await sim.post(
            "/v1/terminal/locations",
            [
                ("display_name", "Shop"), ("address[line1]", "1 Main St"), ("address[city]", "Toronto"), ("address[state]", "ON"),
                ("address[postal_code]", "M5V 1A1"), ("address[country]", country),
            ], account: account)
        let reader = try await sim.post(
            "/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location["id"] ?? "")],
            account: account)
        return try #require(reader["id"])
    }

    private static func account(_ sim: SimTestClient, country: String) async throws -> String {
        try #require(try await sim.post("/v1/accounts", [("type", "express"), ("country", country)])["id"])
    }

    @Test("interac_present only on a Canadian account, never with manual capture; an Interac card is captured at once")
    func interac() async throws {
        let sim = try SimTestClient()
        let us = try await Self.account(sim, country: "US")
        let refused = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"), ("allowed_payment_method_types[]", "card_present"),
                ("allowed_payment_method_types[]", "interac_present"), ("capture_method", "automatic"),
            ], account: us)
        #expect(refused.status == 400)
        #expect(refused.json.value(at: "error.param") == "payment_method_types")
        let ca = try await Self.account(sim, country: "CA")
        let manual = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "cad"), ("allowed_payment_method_types[]", "card_present"),
                ("allowed_payment_method_types[]", "interac_present"), ("capture_method", "manual"),
            ], account: ca)
        #expect(manual.status == 400)
        #expect(manual.json.value(at: "error.param") == "capture_method")
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "cad"), ("allowed_payment_method_types[]", "card_present"),
                ("allowed_payment_method_types[]", "interac_present"), ("capture_method", "manual_preferred"),
            ], account: ca)
        let piId = try #require(pi["id"])
        let reader = try await Self.reader(sim, account: ca, country: "CA")
        _ = try await sim.post("/v1/terminal/readers/\(reader)/process_payment_intent", [("payment_intent", piId)], account: ca)
        _ = try await sim.post(
            "/v1/test_helpers/terminal/readers/\(reader)/present_payment_method", [("type", "interac_present")],
            account: ca)
        let paid = try await sim.get("/v1/payment_intents/\(piId)", [("expand[]", "latest_charge")], account: ca)
        #expect(paid["status"] == "succeeded")
        #expect(paid.json.value(at: "latest_charge.payment_method_details.type") == "interac_present")
    }

    @Test("manual_preferred keeps a card authorization for a later capture")
    func manualPreferredCard() async throws {
        let sim = try SimTestClient()
        let au = try await Self.account(sim, country: "AU")
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "aud"), ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual_preferred"),
            ], account: au)
        let piId = try #require(pi["id"])
        #expect(pi["capture_method"] == "manual_preferred")
        let reader = try await Self.reader(sim, account: au, country: "AU")
        _ = try await sim.post("/v1/terminal/readers/\(reader)/process_payment_intent", [("payment_intent", piId)], account: au)
        _ = try await sim.post("/v1/test_helpers/terminal/readers/\(reader)/present_payment_method", [], account: au)
        #expect(try await sim.get("/v1/payment_intents/\(piId)", account: au)["status"] == "requires_capture")
    }

    @Test("set_reader_display shows the cart, needs type=cart and a total, and is refused while a payment is in progress")
    func display() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let reader = try await Self.reader(sim, account: a, country: "US")
        let cart: [(String, String)] = [
            ("type", "cart"), ("cart[currency]", "usd"), ("cart[line_items][0][description]", "Tea"),
            ("cart[line_items][0][amount]", "300"), ("cart[line_items][0][quantity]", "2"), ("cart[tax]", "50"), ("cart[total]", "650"),
        ]
        let shown = try await sim.post("/v1/terminal/readers/\(reader)/set_reader_display", cart, account: a)
        #expect(shown.json.value(at: "action.type") == "set_reader_display")
        #expect(shown.json.value(at: "action.status") == "succeeded")
        #expect(shown.json.value(at: "action.set_reader_display.cart.total")?.intValue == 650)
        let noTotal = try await sim.post("/v1/terminal/readers/\(reader)/set_reader_display", cart.filter { $0.0 != "cart[total]" }, account: a)
        #expect(noTotal.status == 400)
        let wrongType = try await sim.post(
            "/v1/terminal/readers/\(reader)/set_reader_display",
            cart.map { $0.0 == "type" ? ("type", "video") : $0 }, account: a)
        #expect(wrongType.status == 400)
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "650"), ("currency", "usd"), ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual"),
            ], account: a)
        _ = try await sim.post("/v1/terminal/readers/\(reader)/process_payment_intent", [("payment_intent", pi["id"] ?? "")], account: a)
        let busy = try await sim.post("/v1/terminal/readers/\(reader)/set_reader_display", cart, account: a)
        #expect(busy.errorCode == "terminal_reader_busy")
    }
}
