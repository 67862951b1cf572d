import StripeSimCore
import Testing

@Suite("stripe-sim Terminal")
struct TerminalTests {
    /// A Terminal location of connected account `account`.
    private static func location(_ sim: SimTestClient, account: String) async throws -> SimTestClient.Reply {
        try await sim.post(
            "/v1/terminal/locations",
            [
                ("display_name", "Shop"), ("address[line1]", "1 Main St"), ("address[city]", "SF"), ("address[state]", "CA"),
                ("address[postal_code]", "94110"), ("address[country]", "US"),
            ], account: account)
    }

    @Test("a reader taken offline answers terminal_reader_offline to every action until it is back online")
    func offlineReader() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let location = try await Self.location(sim, account: a)
        let reader = try await sim.post(
            "/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location["id"] ?? "")], account: a)
        let readerId = try #require(reader["id"])
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"), ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual"),
            ], account: a)
        let piId = try #require(pi["id"])
        sim.simulator.setReaderStatus(readerId, online: false)
        #expect(try await sim.get("/v1/terminal/readers/\(readerId)", account: a)["status"] == "offline")
        for (path, params) in [("process_payment_intent", [("payment_intent", piId)]), ("cancel_action", [])] {
            let refused = try await sim.post("/v1/terminal/readers/\(readerId)/\(path)", params, account: a)
            #expect(refused.status == 400)
            #expect(refused.errorCode == "terminal_reader_offline")
        }
        let present = try await sim.post("/v1/test_helpers/terminal/readers/\(readerId)/present_payment_method", [], account: a)
        #expect(present.errorCode == "terminal_reader_offline")
        sim.simulator.setReaderStatus(readerId, online: true)
        let processing = try await sim.post("/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", piId)], account: a)
        #expect(processing.json.value(at: "action.status") == "in_progress")
    }

    @Test("a declining test amount leaves the PaymentIntent reusable; an approved presentation on it succeeds")
    func declineThenApprove() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let location = try await Self.location(sim, account: a)
        let token = try await sim.post("/v1/terminal/connection_tokens", [("location", location["id"] ?? "")], account: a)
        #expect(token["secret"]?.hasPrefix("pst_test_") == true)
        let badCode = try await sim.post("/v1/terminal/readers", [("registration_code", "nope"), ("location", location["id"] ?? "")], account: a)
        #expect(badCode.status == 400)
        let reader = try await sim.post(
            "/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location["id"] ?? "")], account: a)
        #expect(reader["device_type"] == "simulated_wisepos_e")
        let readerId = try #require(reader["id"])
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1005"), ("currency", "usd"), ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual"),
            ], account: a)
        let piId = try #require(pi["id"])
        let processing = try await sim.post("/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", piId)], account: a)
        #expect(processing.json.value(at: "action.status") == "in_progress")
        let busy = try await sim.post("/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", piId)], account: a)
        #expect(busy.errorCode == "terminal_reader_busy")
        let failed = try await sim.post("/v1/test_helpers/terminal/readers/\(readerId)/present_payment_method", [], account: a)
        #expect(failed.json.value(at: "action.status") == "failed")
        #expect(failed.json.value(at: "action.failure_code") == "card_declined")
        let declinedPI = try await sim.get("/v1/payment_intents/\(piId)", account: a)
        #expect(declinedPI["status"] == "requires_payment_method")
        #expect(declinedPI.json.value(at: "last_payment_error.decline_code") == "generic_decline")

        #expect(try await sim.post("/v1/payment_intents/\(piId)", [("amount", "1000")], account: a)["status"] == "requires_payment_method")
        _ = try await sim.post("/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", piId)], account: a)
        let approved = try await sim.post("/v1/test_helpers/terminal/readers/\(readerId)/present_payment_method", [], account: a)
        #expect(approved.json.value(at: "action.status") == "succeeded")
        let authorized = try await sim.get("/v1/payment_intents/\(piId)", [("expand[]", "latest_charge")], account: a)
        #expect(authorized["status"] == "requires_capture")
        #expect(authorized.json.value(at: "latest_charge.payment_method_details.card_present.overcapture_supported") == true)
        let captured = try await sim.post("/v1/payment_intents/\(piId)/capture", [("amount_to_capture", "1150")], account: a)
        #expect(captured["status"] == "succeeded")
        #expect(sim.simulator.count(objectType: "payment_intent") == 1)
        let types = sim.simulator.events(account: a).compactMap { $0["type"]?.stringValue }
        #expect(types.contains("terminal.reader.action_failed"))
        #expect(types.contains("terminal.reader.action_succeeded"))
    }

    @Test("test amounts map to Stripe's decline codes; cancel_action clears the action")
    func declineCodes() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let location = try await sim.post("/v1/terminal/locations", [("display_name", "S"), ("address[country]", "US")], account: a)
        let reader = try await sim.post(
            "/v1/terminal/readers", [("registration_code", "simulated-s700"), ("location", location["id"] ?? "")], account: a)
        let readerId = try #require(reader["id"])
        for (amount, code) in [(1001, "call_issuer"), (1055, "incorrect_pin"), (1065, "withdrawal_count_limit_exceeded"), (1075, "pin_try_exceeded")]
        {
            let pi = try await sim.post(
                "/v1/payment_intents", [("amount", String(amount)), ("currency", "usd"), ("allowed_payment_method_types[0]", "card_present")],
                account: a)
            _ = try await sim.post("/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", pi["id"] ?? "")], account: a)
            _ = try await sim.post("/v1/test_helpers/terminal/readers/\(readerId)/present_payment_method", [], account: a)
            let after = try await sim.get("/v1/payment_intents/\(pi["id"] ?? "")", account: a)
            #expect(after.json.value(at: "last_payment_error.decline_code")?.stringValue == code)
        }
        let pi = try await sim.post(
            "/v1/payment_intents", [("amount", "2000"), ("currency", "usd"), ("allowed_payment_method_types[0]", "card_present")], account: a)
        _ = try await sim.post("/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", pi["id"] ?? "")], account: a)
        let canceled = try await sim.post("/v1/terminal/readers/\(readerId)/cancel_action", [], account: a)
        #expect(canceled.json["action"] == .null)
        let nothing = try await sim.post("/v1/terminal/readers/\(readerId)/cancel_action", [], account: a)
        #expect(nothing.status == 400)
        let succeeded = try await sim.get("/v1/payment_intents/\(pi["id"] ?? "")", account: a)
        #expect(succeeded["status"] == "requires_payment_method")
    }
}

@Suite("stripe-sim capture window")
struct CaptureWindowTests {
    @Test("an uncaptured card-present authorization is canceled after 2 days; capture then fails")
    func captureWindow() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let location = try await sim.post("/v1/terminal/locations", [("display_name", "S"), ("address[country]", "US")], account: a)
        let reader = try await sim.post(
            "/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location["id"] ?? "")], account: a)
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "3000"), ("currency", "usd"),
                ("allowed_payment_method_types[0]", "card_present"), ("capture_method", "manual"),
            ], account: a)
        let piId = try #require(pi["id"])
        _ = try await sim.post("/v1/terminal/readers/\(reader["id"] ?? "")/process_payment_intent", [("payment_intent", piId)], account: a)
        _ = try await sim.post("/v1/test_helpers/terminal/readers/\(reader["id"] ?? "")/present_payment_method", [], account: a)
        sim.simulator.advanceClock(bySeconds: 86_400)
        #expect(try await sim.get("/v1/payment_intents/\(piId)", account: a)["status"] == "requires_capture")
        sim.simulator.advanceClock(bySeconds: 86_400)
        let expired = try await sim.get("/v1/payment_intents/\(piId)", account: a)
        #expect(expired["status"] == "canceled")
        #expect(expired["cancellation_reason"] == "automatic")
        #expect(try await sim.post("/v1/payment_intents/\(piId)/capture", [], account: a).errorCode == "payment_intent_unexpected_state")
    }
}
