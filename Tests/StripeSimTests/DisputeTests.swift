import Foundation
import StripeSimCore
import TestKit
import Testing

/// Disputes opened by Stripe's dispute test cards, decided by Stripe's test evidence values
/// on the simulator's clock. HTTP only.
@Suite("stripe-sim: disputes")
struct DisputeTests {
    /// A captured card payment of 5000 cents on `account` with `method`; its dispute, once opened.
    private func disputedPayment(_ sim: SimTestClient, account: String, method: String) async throws -> (pi: String, dispute: SimTestClient.Reply) {
        let pi = try await sim.post(
            "/v1/payment_intents",
            [("amount", "5000"), ("currency", "usd"), ("payment_method", method), ("confirm", "true"), ("application_fee_amount", "500")],
            account: account)
        #expect(pi["status"] == "succeeded", "\(pi.json)")
        let id = pi["id"] ?? ""
        var list = try await sim.get("/v1/disputes", [("payment_intent", id)], account: account)
        let opened = await SimTestClient.eventually {
            sim.simulator.objects(type: "dispute").contains { $0["payment_intent"]?.stringValue == id }
        }
        #expect(opened, "no dispute for \(method)")
        list = try await sim.get("/v1/disputes", [("payment_intent", id)], account: account)
        let first = list.json["data"]?.arrayValue?.first ?? .null
        return (id, try await sim.get("/v1/disputes/\(first["id"]?.stringValue ?? "")", account: account))
    }

    private func eventTypes(_ sim: SimTestClient, account: String, dispute: String) async throws -> [String] {
        let events = try await sim.get("/v1/events", [("limit", "100")], account: account)
        return (events.json["data"]?.arrayValue ?? []).reversed()
            .filter { $0.value(at: "data.object.id")?.stringValue == dispute }
            .compactMap { $0["type"]?.stringValue }
    }

    @Test("4000 0000 0000 0259: a fraudulent chargeback, funds withdrawn; winning evidence wins it a simulated minute later")
    func fraudulentWonWithWinningEvidence() async throws {
        let sim = try SimTestClient()
        #expect(try await sim.control("POST", "/sim/clock/freeze").status == 200)
        let account = try await sim.account()
        let (pi, dispute) = try await disputedPayment(sim, account: account, method: "pm_card_createDispute")
        let id = dispute["id"] ?? ""
        #expect(id.hasPrefix("dp_"))
        #expect(dispute["status"] == "needs_response")
        #expect(dispute["reason"] == "fraudulent")
        #expect(dispute["payment_intent"] == pi)
        #expect(dispute.json["amount"]?.intValue == 5000)
        let created = dispute.json["created"]?.intValue ?? 0
        let due = dispute.json.value(at: "evidence_details.due_by")?.intValue ?? 0
        #expect(due > created + 6 * 86_400 && due % 86_400 == 86_399)
        let withdrawal = dispute.json["balance_transactions"]?.arrayValue ?? []
        #expect(withdrawal.count == 1)
        #expect(withdrawal.first?["amount"]?.intValue == -5000 && withdrawal.first?["fee"]?.intValue == 1500)
        #expect(withdrawal.first?["reporting_category"]?.stringValue == "dispute")
        let charge = try await sim.get("/v1/charges/\(dispute["charge"] ?? "")", account: account)
        #expect(charge.json["disputed"] == .bool(true))

        // A draft: staged, still open.
        let draft = try await sim.post(
            "/v1/disputes/\(id)", [("evidence[product_description]", "A mug"), ("submit", "false")], account: account)
        #expect(draft["status"] == "needs_response")
        #expect(draft.json.value(at: "evidence_details.has_evidence") == .bool(true))
        #expect(draft.json.value(at: "evidence_details.submission_count")?.intValue == 0)
        // A file field takes only a File id.
        let notAFile = try await sim.post("/v1/disputes/\(id)", [("evidence[receipt]", "receipt.pdf")], account: account)
        #expect(notAFile.status == 400 && notAFile.json.value(at: "error.param")?.stringValue == "evidence[receipt]")
        let unknownField = try await sim.post("/v1/disputes/\(id)", [("evidence[favourite_colour]", "blue")], account: account)
        #expect(unknownField.status == 400)

        let submitted = try await sim.post(
            "/v1/disputes/\(id)", [("evidence[uncategorized_text]", "winning_evidence"), ("submit", "true")], account: account)
        #expect(submitted["status"] == "under_review")
        #expect(submitted.json.value(at: "evidence_details.submission_count")?.intValue == 1)
        #expect(submitted.json.value(at: "evidence.product_description")?.stringValue == "A mug")
        let again = try await sim.post("/v1/disputes/\(id)", [("evidence[uncategorized_text]", "more")], account: account)
        #expect(again.status == 400)

        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(59)]).status == 200)
        #expect(try await sim.get("/v1/disputes/\(id)", account: account)["status"] == "under_review")
        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(2)]).status == 200)
        let won = await SimTestClient.eventually { sim.simulator.object(id: id)?["status"]?.stringValue == "won" }
        #expect(won)
        let final = try await sim.get("/v1/disputes/\(id)", account: account)
        let transactions = final.json["balance_transactions"]?.arrayValue ?? []
        #expect(transactions.count == 2 && transactions.last?["amount"]?.intValue == 5000)
        #expect(transactions.last?["reporting_category"]?.stringValue == "dispute_reversal")
        #expect(
            try await eventTypes(sim, account: account, dispute: id) == [
                "charge.dispute.created", "charge.dispute.funds_withdrawn", "charge.dispute.updated", "charge.dispute.updated",
                "charge.dispute.funds_reinstated", "charge.dispute.closed",
            ])
        // Closed: no more evidence, no close.
        let late = try await sim.post("/v1/disputes/\(id)", [("evidence[uncategorized_text]", "late")], account: account)
        #expect(late.status == 400 && late.errorType == "invalid_request_error")
        #expect(try await sim.post("/v1/disputes/\(id)/close", account: account).status == 400)
    }

    @Test("4000 0000 0000 2685: product not received; losing evidence loses it")
    func notReceivedLostWithLosingEvidence() async throws {
        let sim = try SimTestClient()
        #expect(try await sim.control("POST", "/sim/clock/freeze").status == 200)
        let account = try await sim.account()
        let method = try await sim.post(
            "/v1/payment_methods",
            [("type", "card"), ("card[number]", "4000000000002685"), ("card[exp_month]", "12"), ("card[exp_year]", "2030"), ("card[cvc]", "123")],
            account: account)
        let (_, dispute) = try await disputedPayment(sim, account: account, method: method["id"] ?? "")
        let id = dispute["id"] ?? ""
        #expect(dispute["reason"] == "product_not_received")
        _ = try await sim.post("/v1/disputes/\(id)", [("evidence[uncategorized_text]", "losing_evidence"), ("submit", "true")], account: account)
        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(61)]).status == 200)
        #expect(await SimTestClient.eventually { sim.simulator.object(id: id)?["status"]?.stringValue == "lost" })
        let events = try await eventTypes(sim, account: account, dispute: id)
        #expect(events.last == "charge.dispute.closed" && !events.contains("charge.dispute.funds_reinstated"))
    }

    @Test("4000 0000 0000 1976: an inquiry withdraws nothing; closing it ends it as warning_closed")
    func inquiryClosed() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let (_, dispute) = try await disputedPayment(sim, account: account, method: "pm_card_createDisputeInquiry")
        let id = dispute["id"] ?? ""
        #expect(dispute["status"] == "warning_needs_response")
        #expect(dispute.json["balance_transactions"]?.arrayValue?.isEmpty == true)
        let closed = try await sim.post("/v1/disputes/\(id)/close", account: account)
        #expect(closed["status"] == "warning_closed")
        #expect(try await eventTypes(sim, account: account, dispute: id) == ["charge.dispute.created", "charge.dispute.closed"])
        // A card without a dispute opens none; an unknown dispute is 404.
        _ = try await sim.post(
            "/v1/payment_intents", [("amount", "5000"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true")],
            account: account)
        #expect(sim.simulator.objects(type: "dispute").count == 1)
        #expect(try await sim.get("/v1/disputes/dp_missing", account: account).status == 404)
    }
}
