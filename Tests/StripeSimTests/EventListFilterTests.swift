import Foundation
import StripeSimCore
import TestKit
import Testing

/// `GET /v1/events` filters a backfill relies on: `created[gte|gt|lte|lt]` (and an exact
/// `created`), `types[]`, and `Stripe-Account` scoping, paged with `starting_after`.
@Suite("stripe-sim: listing events by created, types and account")
struct EventListFilterTests {
    private func freeze(_ sim: SimTestClient) async throws -> Int {
        try #require(try await sim.control("POST", "/sim/clock/freeze").json["now"]?.intValue)
    }

    private func advance(_ sim: SimTestClient, _ seconds: Int) async throws {
        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(seconds)]).status == 200)
    }

    private func created(_ reply: SimTestClient.Reply) -> [Int] {
        reply.json["data"]?.arrayValue?.compactMap { $0["created"]?.intValue } ?? []
    }

    @Test("created bounds: gte and lt are inclusive and exclusive, gt and lte the other way, an exact value matches one second")
    func createdBounds() async throws {
        let sim = try SimTestClient()
        let start = try await freeze(sim)
        for _ in 0..<3 {
            _ = try await sim.post("/v1/customers", [])
            try await advance(sim, 10)
        }
        // Customers were created at start, start+10, start+20 (one customer.created each).
        let all = created(try await sim.get("/v1/events", [("types[]", "customer.created"), ("limit", "100")]))
        #expect(all == [start + 20, start + 10, start])
        #expect(created(try await sim.get("/v1/events", [("created[gte]", "\(start + 10)")])) == [start + 20, start + 10])
        #expect(created(try await sim.get("/v1/events", [("created[gt]", "\(start + 10)")])) == [start + 20])
        #expect(created(try await sim.get("/v1/events", [("created[lte]", "\(start + 10)")])) == [start + 10, start])
        #expect(created(try await sim.get("/v1/events", [("created[lt]", "\(start + 10)")])) == [start])
        #expect(
            created(try await sim.get("/v1/events", [("created[gte]", "\(start)"), ("created[lt]", "\(start + 20)")]))
                == [start + 10, start])
        #expect(created(try await sim.get("/v1/events", [("created", "\(start + 20)")])) == [start + 20])
        let unknown = try await sim.get("/v1/events", [("created[after]", "1")])
        #expect(unknown.status == 400)
        #expect(unknown.json.value(at: "error.param") == "created[after]")
    }

    @Test("types[] keeps only the listed types; a connected account's events are listed only with its Stripe-Account")
    func typesAndAccounts() async throws {
        let sim = try SimTestClient()
        _ = try await freeze(sim)
        let account = try #require(try await sim.post("/v1/accounts", [("type", "express")]).json["id"]?.stringValue)
        _ = try await sim.post("/v1/customers", [], account: account)
        _ = try await sim.post("/v1/customers", [])
        let platform = try await sim.get("/v1/events", [("types[]", "customer.created"), ("limit", "100")])
        #expect(platform.json["data"]?.arrayValue?.count == 1)
        #expect(platform.json["data"]?.arrayValue?.first?["account"] == nil)
        let connected = try await sim.get(
            "/v1/events", [("types[]", "customer.created"), ("types[]", "account.updated")],
            account: account)
        let types = connected.json["data"]?.arrayValue?.compactMap { $0["type"]?.stringValue } ?? []
        #expect(types == ["customer.created"])
        #expect(connected.json["data"]?.arrayValue?.first?["account"]?.stringValue == account)
    }

    @Test("pages with starting_after walk the whole filtered list once, newest first")
    func paging() async throws {
        let sim = try SimTestClient()
        let start = try await freeze(sim)
        for _ in 0..<7 { _ = try await sim.post("/v1/customers", []) }
        var seen: [String] = []
        var after: String?
        repeat {
            var query = [("limit", "3"), ("types[]", "customer.created"), ("created[gte]", "\(start)")]
            if let after { query.append(("starting_after", after)) }
            let page = try await sim.get("/v1/events", query)
            let ids = page.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            seen += ids
            after = page.json["has_more"] == true ? ids.last : nil
        } while after != nil
        #expect(seen.count == 7)
        #expect(Set(seen).count == 7)
    }
}
