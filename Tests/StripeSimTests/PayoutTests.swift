import Foundation
import StripeSimCore
import TestKit
import Testing

/// Payouts on each connected account's schedule, Stripe's failing test bank accounts, manual
/// payouts and the balance they draw down, on the simulator's clock. HTTP only.
@Suite("stripe-sim: payouts and balances")
struct PayoutTests {
    /// 2026-01-01 12:00 UTC: a day's runs are at midnight, half a day away.
    static let noon = 1_767_268_800

    /// A frozen simulator with an Express account paid out to `accountNumber` (routing
    /// 110000000) on `schedule`, after one captured payment of 5000 with a fee of 500.
    private func paidAccount(accountNumber: String, schedule: [(String, String)] = []) async throws -> (SimTestClient, String) {
        let sim = try SimTestClient()
        #expect(try await sim.control("POST", "/sim/clock/freeze", ["at": .int(Self.noon)]).status == 200)
        let created = try await sim.post(
            "/v1/accounts",
            [
                ("type", "express"), ("country", "US"), ("external_account[object]", "bank_account"),
                ("external_account[country]", "US"), ("external_account[currency]", "usd"),
                ("external_account[routing_number]", "110000000"), ("external_account[account_number]", accountNumber),
            ] + schedule)
        let account = try #require(created["id"])
        let pi = try await sim.post(
            "/v1/payment_intents",
            [("amount", "5000"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true"), ("application_fee_amount", "500")],
            account: account)
        #expect(pi["status"] == "succeeded", "\(pi.json)")
        return (sim, account)
    }

    private func available(_ sim: SimTestClient, _ account: String) async throws -> Int? {
        try await sim.get("/v1/balance", account: account).json["available"]?.arrayValue?.first?["amount"]?.intValue
    }

    private func advanceDays(_ sim: SimTestClient, _ days: Int) async throws {
        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(days * 86_400)]).status == 200)
    }

    /// The account's events of `prefix` (oldest first), as type and object.
    private func events(_ sim: SimTestClient, _ account: String, prefix: String) async throws -> [(String, JSONValue)] {
        let list = try await sim.get("/v1/events", [("limit", "100")], account: account)
        return (list.json["data"]?.arrayValue ?? []).reversed().compactMap { event in
            guard let type = event["type"]?.stringValue, type.hasPrefix(prefix) else { return nil }
            return (type, event.value(at: "data.object") ?? .null)
        }
    }

    @Test("daily schedule: the available balance is paid out at the first midnight after it settles, then paid a day later")
    func dailyPayoutPaid() async throws {
        let (sim, account) = try await paidAccount(accountNumber: "000123456789")
        #expect(try await available(sim, account) == 0)
        try await advanceDays(sim, 2)
        #expect(try await available(sim, account) == 4500)
        #expect(try await sim.get("/v1/payouts", account: account).json["data"]?.arrayValue?.isEmpty == true)
        let settled = try await events(sim, account, prefix: "balance.available")
        #expect(settled.count == 1 && settled.first?.1.value(at: "available")?.arrayValue?.first?["amount"]?.intValue == 4500)

        try await advanceDays(sim, 1)  // past 2026-01-04 00:00
        let list = try await sim.get("/v1/payouts", account: account)
        let payout = try #require(list.json["data"]?.arrayValue?.first)
        let id = try #require(payout["id"]?.stringValue)
        #expect(id.hasPrefix("po_") && payout["status"] == "pending" && payout["automatic"] == true)
        #expect(payout["amount"]?.intValue == 4500 && payout["currency"] == "usd" && payout["method"] == "standard")
        #expect(payout["destination"]?.stringValue?.hasPrefix("ba_") == true && payout["type"] == "bank_account")
        #expect(try await available(sim, account) == 0)
        // An automatic payout cannot be canceled.
        #expect(try await sim.post("/v1/payouts/\(id)/cancel", account: account).status == 400)

        try await advanceDays(sim, 1)
        let paid = try await sim.get("/v1/payouts/\(id)", account: account)
        #expect(paid["status"] == "paid" && paid.json["failure_code"] == .null)
        #expect(try await events(sim, account, prefix: "payout.").map(\.0) == ["payout.created", "payout.paid"])
        #expect(try await events(sim, account, prefix: "balance.available").count == 2)
        #expect(try await available(sim, account) == 0)
        // The platform sees none of it; another account cannot read it.
        #expect(try await sim.get("/v1/payouts/\(id)").status == 404)
    }

    @Test("000111111113: the payout fails with account_closed and its amount returns to the available balance")
    func failingTestBankAccount() async throws {
        let (sim, account) = try await paidAccount(accountNumber: "000111111113")
        try await advanceDays(sim, 3)
        let id = try #require(try await sim.get("/v1/payouts", account: account).json["data"]?.arrayValue?.first?["id"]?.stringValue)
        #expect(try await available(sim, account) == 0)
        try await advanceDays(sim, 1)
        let failed = try await sim.get("/v1/payouts/\(id)", account: account)
        #expect(failed["status"] == "failed" && failed["failure_code"] == "account_closed")
        #expect(failed["failure_message"] == "The bank account has been closed.")
        #expect(failed["failure_balance_transaction"]?.hasPrefix("txn_") == true)
        let payouts = try await events(sim, account, prefix: "payout.")
        #expect(payouts.map(\.0) == ["payout.created", "payout.failed"])
        #expect(payouts.last?.1["failure_code"]?.stringValue == "account_closed")
        #expect(try await available(sim, account) == 4500)
        #expect(try await sim.get("/v1/payouts", [("status", "failed")], account: account).json["data"]?.arrayValue?.count == 1)
        // The bank account is errored: no payout goes to it again until it is replaced.
        let banks = try await sim.get("/v1/accounts/\(account)/external_accounts")
        #expect(banks.json["data"]?.arrayValue?.first?["status"] == "errored")
        try await advanceDays(sim, 2)
        #expect(try await sim.get("/v1/payouts", account: account).json["data"]?.arrayValue?.count == 1)
        let refused = try await sim.post("/v1/payouts", [("amount", "100"), ("currency", "usd")], account: account)
        #expect(refused.status == 400 && refused.json.value(at: "error.param") == "currency")
    }

    @Test("btok_us_verified_noAccount: a token's payouts fail with no_account")
    func failingTestBankToken() async throws {
        let sim = try SimTestClient()
        #expect(try await sim.control("POST", "/sim/clock/freeze", ["at": .int(Self.noon)]).status == 200)
        let account = try #require(
            try await sim.post("/v1/accounts", [("type", "express"), ("external_account", "btok_us_verified_noAccount")])["id"])
        _ = try await sim.post(
            "/v1/payment_intents", [("amount", "2000"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true")],
            account: account)
        try await advanceDays(sim, 4)
        let payout = try await sim.get("/v1/payouts", account: account).json["data"]?.arrayValue?.first
        #expect(payout?["status"] == "failed" && payout?["failure_code"]?.stringValue == "no_account")
    }

    @Test("manual schedule: no automatic payout; POST /v1/payouts draws the balance down, cancel gives it back; Stripe's refusals")
    func manualPayouts() async throws {
        let (sim, account) = try await paidAccount(
            accountNumber: "000123456789", schedule: [("settings[payouts][schedule][interval]", "manual")])
        try await advanceDays(sim, 5)
        #expect(try await sim.get("/v1/payouts", account: account).json["data"]?.arrayValue?.isEmpty == true)
        #expect(try await available(sim, account) == 4500)

        let tooMuch = try await sim.post("/v1/payouts", [("amount", "4501"), ("currency", "usd")], account: account)
        #expect(tooMuch.status == 400 && tooMuch.json.value(at: "error.code") == "balance_insufficient")
        let noBank = try await sim.post("/v1/payouts", [("amount", "100"), ("currency", "eur")], account: account)
        #expect(noBank.status == 400 && noBank.json.value(at: "error.param") == "currency")
        let instant = try await sim.post("/v1/payouts", [("amount", "100"), ("currency", "usd"), ("method", "instant")], account: account)
        #expect(instant.status == 400 && instant.json.value(at: "error.code") == "instant_payouts_unsupported")
        let missing = try await sim.post("/v1/payouts", [("currency", "usd")], account: account)
        #expect(missing.status == 400 && missing.json.value(at: "error.code") == "parameter_missing")
        let unknown = try await sim.post("/v1/payouts", [("amount", "100"), ("currency", "usd"), ("speed", "fast")], account: account)
        #expect(unknown.status == 400)
        #expect(try await sim.post("/v1/payouts", [("amount", "100"), ("currency", "usd")]).status == 400)  // the platform has no bank

        let payout = try await sim.post(
            "/v1/payouts", [("amount", "1000"), ("currency", "usd"), ("description", "Weekly"), ("metadata[run]", "7")], account: account)
        #expect(payout.status == 200 && payout["status"] == "pending" && payout.json["automatic"] == false)
        #expect(payout["description"] == "Weekly" && payout.json.value(at: "metadata.run") == "7")
        #expect(try await available(sim, account) == 3500)
        let id = try #require(payout["id"])
        let canceled = try await sim.post("/v1/payouts/\(id)/cancel", account: account)
        #expect(canceled["status"] == "canceled")
        #expect(try await available(sim, account) == 4500)
        #expect(try await sim.post("/v1/payouts/\(id)/cancel", account: account).status == 400)
        #expect(try await events(sim, account, prefix: "payout.").map(\.0) == ["payout.created", "payout.canceled"])
        #expect(try await sim.get("/v1/payouts/po_missing", account: account).status == 404)
        // Every change of the available balance was announced once.
        let announced = try await events(sim, account, prefix: "balance.available").compactMap {
            $0.1.value(at: "available")?.arrayValue?.first?["amount"]?.intValue
        }
        #expect(announced == [4500, 3500, 4500])
    }

    @Test("a snapshot keeps the payout schedule and a pending payout: restored elsewhere, the payout arrives and the next run comes")
    func snapshotKeepsPayoutJobs() async throws {
        let (sim, account) = try await paidAccount(accountNumber: "000111111116")
        try await advanceDays(sim, 3)  // the payout is made, not arrived
        let document = try await sim.control("GET", "/sim/snapshot")
        let fresh = try SimTestClient()
        let restored = try await SimHTTP.send(
            "POST", fresh.base + "/sim/restore", headers: ["Content-Type": "application/json"], body: document.json.serialized())
        #expect(restored.status == 200)
        #expect(try await available(fresh, account) == 0)
        try await advanceDays(fresh, 1)
        let payout = try await fresh.get("/v1/payouts", account: account).json["data"]?.arrayValue?.first
        #expect(payout?["status"] == "failed" && payout?["failure_code"]?.stringValue == "no_account")
        #expect(try await available(fresh, account) == 4500)
    }
}
