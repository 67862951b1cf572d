import Foundation
import StripeSimCore
import TestKit
import Testing

/// `GET /v1/balance_transactions`: an account's ledger derived from its charges, refunds,
/// fee refunds, disputes and payouts, summing to its balance; filters and pagination. HTTP only.
@Suite("stripe-sim: balance transactions")
struct BalanceTransactionTests {
    /// 2026-01-01 12:00 UTC.
    static let noon = 1_767_268_800

    private func list(_ sim: SimTestClient, _ account: String?, _ params: [(String, String)] = []) async throws -> [JSONValue] {
        let answer = try await sim.get("/v1/balance_transactions", params + [("limit", "100")], account: account)
        #expect(answer.status == 200, "\(answer.json)")
        return answer.json["data"]?.arrayValue ?? []
    }

    @Test("each movement is one transaction of Stripe's type and category, and the ledger's net is the balance")
    func ledgerFollowsTheMoney() async throws {
        let sim = try SimTestClient()
        #expect(try await sim.control("POST", "/sim/clock/freeze", ["at": .int(Self.noon)]).status == 200)
        let account = try #require(
            try await sim.post("/v1/accounts", [("type", "express"), ("external_account", "btok_us_verified_noAccount")])["id"])
        let sale = try await sim.post(
            "/v1/payment_intents",
            [("amount", "5000"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true"), ("application_fee_amount", "500")],
            account: account)
        let charge = try #require(sale["latest_charge"])
        let refund = try await sim.post(
            "/v1/refunds", [("charge", charge), ("amount", "1000"), ("refund_application_fee", "true")], account: account)
        #expect(refund.status == 200, "\(refund.json)")
        _ = try await sim.post(
            "/v1/payment_intents",
            [("amount", "2000"), ("currency", "usd"), ("payment_method", "pm_card_createDispute"), ("confirm", "true")], account: account)
        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(4 * 86_400)]).status == 200)

        let all = try await list(sim, account)
        let kinds = all.map { "\($0["type"]?.stringValue ?? "")/\($0["reporting_category"]?.stringValue ?? "")" }
        #expect(
            kinds.sorted()
                == [
                    "adjustment/dispute", "adjustment/fee", "charge/charge", "charge/charge", "payout/payout",
                    "payout_failure/payout_reversal", "refund/refund",
                ])
        let sale5000 = try #require(all.first { $0["source"]?.stringValue == charge })
        #expect(sale5000["amount"]?.intValue == 5000 && sale5000["fee"]?.intValue == 500 && sale5000["net"]?.intValue == 4500)
        #expect(sale5000.value(at: "fee_details")?.arrayValue?.first?["type"] == "application_fee")
        #expect(sale5000["status"] == "available" && sale5000["id"]?.stringValue?.hasPrefix("txn_") == true)
        #expect(all.first { $0["type"] == "refund" }?["amount"]?.intValue == -1000)
        #expect(all.first { $0["reporting_category"] == "fee" }?["amount"]?.intValue == 100)
        // Newest first, and the net of everything is the balance.
        let created = all.map { $0["created"]?.intValue ?? 0 }
        #expect(created == created.sorted(by: >))
        let balance = try await sim.get("/v1/balance", account: account).json
        let held = ["available", "pending"].flatMap { balance[$0]?.arrayValue ?? [] }.reduce(0) { $0 + ($1["amount"]?.intValue ?? 0) }
        #expect(all.reduce(0) { $0 + ($1["net"]?.intValue ?? 0) } == held)

        // Filters: type, source, created; by id; expand of the source.
        #expect(try await list(sim, account, [("type", "charge")]).count == 2)
        #expect(try await list(sim, account, [("source", charge)]).count == 1)
        #expect(try await list(sim, account, [("created[lt]", String(Self.noon + 1))]).count == 5)
        let id = try #require(sale5000["id"]?.stringValue)
        #expect(try await sim.get("/v1/balance_transactions/\(id)", account: account).json["amount"]?.intValue == 5000)
        #expect(try await sim.get("/v1/balance_transactions/\(id)").status == 404)  // another scope
        let expanded = try await list(sim, account, [("source", charge), ("expand[]", "data.source")])
        #expect(expanded.first?.value(at: "source.payment_intent")?.stringValue == sale["id"])
        // Pagination with starting_after.
        let first = try await sim.get("/v1/balance_transactions", [("limit", "3")], account: account)
        #expect(first.json["has_more"] == true)
        let last = try #require(first.json["data"]?.arrayValue?.last?["id"]?.stringValue)
        let rest = try await sim.get("/v1/balance_transactions", [("limit", "10"), ("starting_after", last)], account: account)
        #expect(rest.json["data"]?.arrayValue?.count == 4 && rest.json["has_more"] == false)
        // Stripe's refusals: an unknown parameter, a bad limit.
        #expect(try await sim.get("/v1/balance_transactions", [("payout", "po_1")], account: account).status == 400)
        #expect(try await sim.get("/v1/balance_transactions", [("limit", "101")], account: account).status == 400)
        // The platform's own ledger: the application fee and its refund.
        let platform = try await list(sim, nil)
        #expect(platform.map { $0["type"]?.stringValue ?? "" }.sorted() == ["application_fee", "application_fee_refund"])
    }
}
