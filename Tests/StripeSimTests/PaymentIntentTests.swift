import TestKit
import StripeSimCore
import Testing

@Suite("stripe-sim PaymentIntents")
struct PaymentIntentTests {
    private func intent(_ sim: SimTestClient, account: String, _ extra: [(String, String)]) async throws -> SimTestClient.Reply {
        try await sim.post("/v1/payment_intents", [("amount", "1000"), ("currency", "usd")] + extra, account: account)
    }

    @Test("manual capture: requires_capture, partial capture succeeds, a second capture is refused")
    func manualCapture() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let pi = try await intent(
            sim, account: a,
            [
                ("capture_method", "manual"), ("payment_method", "pm_card_visa"),
                ("confirm", "true"), ("application_fee_amount", "100"),
            ])
        #expect(pi["status"] == "requires_capture")
        #expect(pi.json["amount_capturable"] == 1000)
        let id = try #require(pi["id"])
        let captured = try await sim.post("/v1/payment_intents/\(id)/capture", [("amount_to_capture", "800")], account: a)
        #expect(captured["status"] == "succeeded")
        #expect(captured.json["amount_received"] == 800)
        let again = try await sim.post("/v1/payment_intents/\(id)/capture", [], account: a)
        #expect(again.status == 400)
        #expect(again.errorCode == "payment_intent_unexpected_state")
        let charge = try await sim.get("/v1/charges/\(captured["latest_charge"] ?? "")", account: a)
        #expect(charge.json["amount_captured"] == 800)
        let fees = try await sim.get("/v1/application_fees")
        #expect(fees.json["data"]?.arrayValue?.first?["account"]?.stringValue == a)
        #expect(fees.json["data"]?.arrayValue?.first?["amount"] == 100)
        #expect(sim.simulator.count(objectType: "application_fee") == 1)
        let cancel = try await sim.post("/v1/payment_intents/\(id)/cancel", [], account: a)
        #expect(cancel.errorCode == "payment_intent_unexpected_state")
    }

    @Test("redirect methods are accepted in their currencies and refused in others")
    func redirectMethodCurrencies() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let eur = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "eur"),
                ("allowed_payment_method_types[0]", "bancontact"), ("allowed_payment_method_types[1]", "ideal"),
                ("allowed_payment_method_types[2]", "eps"), ("allowed_payment_method_types[3]", "p24"),
            ], account: a)
        #expect(eur["status"] == "requires_payment_method")
        #expect(eur.json["payment_method_types"]?.arrayValue?.count == 4)
        let usd = try await intent(sim, account: a, [("allowed_payment_method_types[0]", "ideal")])
        #expect(usd.status == 400)
        #expect(usd.errorCode == "payment_intent_invalid_parameter")
    }

    @Test("over-capture: refused for an ordinary card, allowed when the card offers it")
    func overcapture() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let plain = try await intent(sim, account: a, [("capture_method", "manual"), ("payment_method", "pm_card_visa"), ("confirm", "true")])
        let refused = try await sim.post("/v1/payment_intents/\(plain["id"] ?? "")/capture", [("amount_to_capture", "1100")], account: a)
        #expect(refused.status == 400)
        #expect(refused.errorCode == "amount_too_large")
        let offered = try await intent(
            sim, account: a,
            [
                ("capture_method", "manual"), ("payment_method", "pm_card_visa"), ("confirm", "true"),
                ("payment_method_options[card][request_overcapture]", "if_available"),
            ])
        let allowed = try await sim.post("/v1/payment_intents/\(offered["id"] ?? "")/capture", [("amount_to_capture", "1100")], account: a)
        #expect(allowed["status"] == "succeeded")
        #expect(allowed.json["amount_received"] == 1100)
        let tooMuch = try await intent(
            sim, account: a,
            [
                ("capture_method", "manual"), ("payment_method", "pm_card_visa"), ("confirm", "true"),
                ("payment_method_options[card][request_overcapture]", "if_available"),
            ])
        let beyond = try await sim.post("/v1/payment_intents/\(tooMuch["id"] ?? "")/capture", [("amount_to_capture", "5000")], account: a)
        #expect(beyond.errorCode == "amount_too_large")
    }

    @Test("declines return 402 card_error and leave the intent requires_payment_method; a retry succeeds")
    func declines() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let pi = try await intent(sim, account: a, [])
        let id = try #require(pi["id"])
        #expect(pi["status"] == "requires_payment_method")
        let declined = try await sim.post("/v1/payment_intents/\(id)/confirm", [("payment_method", "pm_card_chargeDeclined")], account: a)
        #expect(declined.status == 402)
        #expect(declined.errorType == "card_error")
        #expect(declined.json.value(at: "error.decline_code") == "generic_decline")
        #expect(declined.json.value(at: "error.payment_intent.status") == "requires_payment_method")
        let method = try await sim.post("/v1/payment_methods", [("type", "card"), ("card[number]", "4000000000009995")], account: a)
        let poor = try await sim.post("/v1/payment_intents/\(id)/confirm", [("payment_method", method["id"] ?? "")], account: a)
        #expect(poor.json.value(at: "error.decline_code") == "insufficient_funds")
        let after = try await sim.get("/v1/payment_intents/\(id)", account: a)
        #expect(after["status"] == "requires_payment_method")
        #expect(after.json.value(at: "last_payment_error.decline_code") == "insufficient_funds")
        let ok = try await sim.post("/v1/payment_intents/\(id)/confirm", [("payment_method", "pm_card_visa")], account: a)
        #expect(ok["status"] == "succeeded")
        let events = sim.simulator.events(account: a).compactMap { $0["type"]?.stringValue }
        #expect(events.filter { $0 == "payment_intent.payment_failed" }.count == 2)
        #expect(events.contains("payment_intent.succeeded"))
    }

    @Test("3-D Secure card: requires_action with next_action; authenticating completes it")
    func threeDSecure() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let pi = try await intent(
            sim, account: a,
            [
                ("payment_method", "pm_card_authenticationRequired"), ("confirm", "true"),
                ("return_url", "https://app.test/return"),
            ])
        #expect(pi["status"] == "requires_action")
        #expect(pi.json.value(at: "next_action.type") == "redirect_to_url")
        let page = try await sim.page("POST", "/sim/payment_intents/\(pi["id"] ?? "")/authenticate?outcome=succeed")
        #expect(page.status == 200)
        #expect(try await sim.get("/v1/payment_intents/\(pi["id"] ?? "")", account: a)["status"] == "succeeded")
    }

    @Test("cancel from a cancellable state; application_fee_amount needs a direct or destination charge")
    func cancelAndFees() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let pi = try await intent(sim, account: a, [("automatic_payment_methods[enabled]", "true")])
        #expect(pi.json["payment_method_types"]?.arrayValue?.contains("card") == true)
        let canceled = try await sim.post("/v1/payment_intents/\(pi["id"] ?? "")/cancel", [("cancellation_reason", "abandoned")], account: a)
        #expect(canceled["status"] == "canceled")
        let platformFee = try await sim.post("/v1/payment_intents", [("amount", "1000"), ("currency", "usd"), ("application_fee_amount", "10")])
        #expect(platformFee.status == 400)
        #expect(platformFee.json.value(at: "error.param") == "application_fee_amount")
        let list = try await sim.get("/v1/payment_intents", [("limit", "1")], account: a)
        #expect(list.json["has_more"] == false)
        #expect(list.json["data"]?.arrayValue?.count == 1)
    }

    @Test("refunds: at most the amount left; charge.refunded event")
    func refunds() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let pi = try await intent(sim, account: a, [("payment_method", "pm_card_visa"), ("confirm", "true")])
        let id = try #require(pi["id"])
        let partial = try await sim.post("/v1/refunds", [("payment_intent", id), ("amount", "600")], account: a)
        #expect(partial["status"] == "succeeded")
        let tooMuch = try await sim.post("/v1/refunds", [("payment_intent", id), ("amount", "500")], account: a)
        #expect(tooMuch.errorCode == "amount_too_large")
        let rest = try await sim.post("/v1/refunds", [("payment_intent", id)], account: a)
        #expect(rest.json["amount"] == 400)
        let charge = try await sim.get("/v1/charges/\(pi["latest_charge"] ?? "")", account: a)
        #expect(charge.json["refunded"] == true)
        #expect(sim.simulator.events(account: a).filter { $0["type"] == "charge.refunded" }.count == 2)
    }
}
