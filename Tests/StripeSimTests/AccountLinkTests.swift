import TestKit
import StripeSimCore
import Testing

@Suite("stripe-sim account links")
struct AccountLinkTests {
    private func link(_ sim: SimTestClient, _ account: String) async throws -> String {
        let reply = try await sim.post(
            "/v1/account_links",
            [
                ("account", account), ("type", "account_onboarding"),
                ("refresh_url", "https://platform.test/refresh"), ("return_url", "https://platform.test/return"),
            ])
        #expect(reply["object"] == "account_link")
        let url = try #require(reply["url"])
        return String(url.dropFirst(sim.base.count))
    }

    @Test("completing a link enables the account and emits account.updated; the link is single use")
    func complete() async throws {
        let sim = try SimTestClient()
        let account = try await sim.post(
            "/v1/accounts",
            [
                ("controller[stripe_dashboard][type]", "express"), ("controller[fees][payer]", "application"),
                ("controller[losses][payments]", "application"), ("capabilities[card_payments][requested]", "true"),
                ("capabilities[transfers][requested]", "true"),
            ])
        let id = try #require(account["id"])
        #expect(account["type"] == "express")
        #expect(account.json["charges_enabled"] == false)
        #expect(account.json.value(at: "requirements.currently_due")?.arrayValue?.isEmpty == false)
        let path = try await link(sim, id)
        let first = try await sim.page("GET", path + "?outcome=complete")
        #expect(first.status == 302)
        #expect(first.headers["location"] == "https://platform.test/return")
        let enabled = try await sim.get("/v1/accounts/\(id)")
        #expect(enabled.json["details_submitted"] == true)
        #expect(enabled.json["charges_enabled"] == true)
        #expect(enabled.json["payouts_enabled"] == true)
        #expect(enabled.json.value(at: "requirements.currently_due") == [])
        #expect(enabled.json.value(at: "capabilities.card_payments") == "active")
        let updated = sim.simulator.events(account: id).filter { $0["type"] == "account.updated" }
        #expect(updated.count == 1)
        #expect(updated.first?["account"]?.stringValue == id)
        #expect(updated.first?.value(at: "data.previous_attributes.charges_enabled") == false)
        let reused = try await sim.page("GET", path + "?outcome=complete")
        #expect(reused.status == 302)
        #expect(reused.headers["location"] == "https://platform.test/refresh")
    }

    @Test("an expired link redirects to refresh_url and changes nothing; incomplete leaves requirements")
    func expiredAndIncomplete() async throws {
        let sim = try SimTestClient()
        let id = try await sim.account(type: "custom")
        let expired = try await link(sim, id)
        sim.simulator.advanceClock(bySeconds: 301)
        let answer = try await sim.page("GET", expired + "?outcome=complete")
        #expect(answer.headers["location"] == "https://platform.test/refresh")
        #expect(try await sim.get("/v1/accounts/\(id)").json["charges_enabled"] == false)
        let incomplete = try await link(sim, id)
        let left = try await sim.page("GET", incomplete + "?outcome=incomplete")
        #expect(left.headers["location"] == "https://platform.test/return")
        #expect(try await sim.get("/v1/accounts/\(id)").json["details_submitted"] == false)
        #expect(sim.simulator.events(account: id).isEmpty)
    }

    @Test("account creation is strict: type xor controller; persons; login links only for Express")
    func accountRules() async throws {
        let sim = try SimTestClient()
        let both = try await sim.post("/v1/accounts", [("type", "custom"), ("controller[stripe_dashboard][type]", "none")])
        #expect(both.status == 400)
        for (param, value) in [("controller", ""), ("controller[fees]", "")] {
            let empty = try await sim.post("/v1/accounts", [(param, value), ("country", "US")])
            #expect(empty.status == 400)
            #expect(empty.json.value(at: "error.type") == "invalid_request_error")
            #expect(empty.json.value(at: "error.code") == "parameter_invalid_empty")
            #expect(empty.json.value(at: "error.param") == .string(param))
        }
        let custom = try await sim.account(type: "custom")
        let person = try await sim.post(
            "/v1/accounts/\(custom)/persons",
            [
                ("first_name", "Ada"), ("last_name", "Lovelace"), ("relationship[representative]", "true"), ("relationship[title]", "CEO"),
            ])
        #expect(person.json.value(at: "relationship.representative") == true)
        let due = try await sim.get("/v1/accounts/\(custom)").json.value(at: "requirements.currently_due")?.arrayValue ?? []
        #expect(!due.contains("representative.first_name"))
        #expect(try await sim.post("/v1/accounts/\(custom)/login_links").status == 400)
        let express = try await sim.account(type: "express")
        #expect(try await sim.post("/v1/accounts/\(express)/login_links")["object"] == "login_link")
    }
}
