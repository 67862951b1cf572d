import Foundation
import StripeSimCore
import TestKit
import Testing

/// A connected account's bank accounts under `/v1/accounts/:id/external_accounts` (list,
/// retrieve, update, delete with Stripe's default-for-currency rule) and a seller
/// disconnecting the platform (`POST /sim/accounts/:id/deauthorize`).
@Suite("stripe-sim: external accounts and deauthorization")
struct ExternalAccountTests {
    private func eventTypes(_ sim: SimTestClient, _ account: String) -> [String] {
        sim.simulator.events(account: account).compactMap { $0["type"]?.stringValue }
    }

    @Test("update and delete with their events; the default of the account's currency cannot be deleted")
    func updateAndDelete() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let added = try await sim.post("/v1/accounts/\(account)", [("external_account", "btok_us_verified")])
        #expect(added.status == 200, "\(added.json)")
        let list = try await sim.get("/v1/accounts/\(account)/external_accounts")
        let first = try #require(list.json["data"]?.arrayValue?.first?["id"]?.stringValue, "\(list.status) \(list.json)")

        let updated = try await sim.post(
            "/v1/accounts/\(account)/external_accounts/\(first)", [("account_holder_name", "Shop LLC"), ("metadata[k]", "v")])
        #expect(updated.status == 200)
        #expect(updated["account_holder_name"] == "Shop LLC" && updated.json.value(at: "metadata.k")?.stringValue == "v")
        #expect(try await sim.get("/v1/accounts/\(account)/external_accounts/\(first)")["account_holder_name"] == "Shop LLC")
        #expect(
            try await sim.post("/v1/accounts/\(account)/external_accounts/\(first)", [("account_holder_type", "robot")]).errorCode
                == "parameter_invalid_string")
        #expect(try await sim.post("/v1/accounts/\(account)/external_accounts/\(first)", [("currency", "eur")]).status == 400)

        // The only USD bank account is the default of the account's currency: refused.
        let refused = try await sim.send("DELETE", "/v1/accounts/\(account)/external_accounts/\(first)", form: [])
        #expect(refused.status == 400 && refused.json.value(at: "error.param")?.stringValue == "default_for_currency")
        // A second one becomes the default; the first can then go.
        _ = try await sim.post("/v1/accounts/\(account)", [("external_account", "btok_us_verified")])
        let deleted = try await sim.send("DELETE", "/v1/accounts/\(account)/external_accounts/\(first)", form: [])
        #expect(deleted.status == 200 && deleted.json["deleted"] == true)
        #expect(try await sim.get("/v1/accounts/\(account)/external_accounts/\(first)").status == 404)
        #expect(try await sim.get("/v1/accounts/\(account)/external_accounts").json["data"]?.arrayValue?.count == 1)
        let types = eventTypes(sim, account)
        #expect(types.contains("account.external_account.updated") && types.contains("account.external_account.deleted"))
    }

    @Test("a seller who disconnects the platform sends account.application.deauthorized on the account")
    func deauthorization() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let answer = try await sim.control("POST", "/sim/accounts/\(account)/deauthorize")
        #expect(answer.status == 200 && answer["object"] == "application")
        let event = try #require(sim.simulator.events(account: account).first { $0["type"] == "account.application.deauthorized" })
        #expect(event["account"]?.stringValue == account)
        #expect(event.value(at: "data.object.object")?.stringValue == "application")
        #expect(try await sim.control("POST", "/sim/accounts/acct_nobody/deauthorize").status == 404)
    }
}
