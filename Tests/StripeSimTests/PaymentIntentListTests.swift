import Foundation
import StripeSimCore
import TestKit
import Testing

/// `GET /v1/payment_intents` as Stripe answers it: `created` (exact or
/// `created[gt|gte|lt|lte]`), `customer`, cursor paging, per `Stripe-Account`, newest first.
/// Stripe's list has no `status` filter (refused as an unknown parameter).
@Suite("stripe-sim: listing PaymentIntents")
struct PaymentIntentListTests {
    private func ids(_ reply: SimTestClient.Reply) -> [String] {
        reply.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    @Test("created bounds and paging on a connected account; another account and status filters are not Stripe's")
    func createdAndPaging() async throws {
        let sim = try SimTestClient()
        let start = try #require(try await sim.control("POST", "/sim/clock/freeze").json["now"]?.intValue)
        let account = try await sim.account()
        var made: [String] = []
        for _ in 0..<3 {
            let pi = try await sim.post(
                "/v1/payment_intents",
                [("amount", "1000"), ("currency", "usd"), ("capture_method", "manual")],
                account: account)
            made.append(try #require(pi["id"], "\(pi.json)"))
            #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(10)]).status == 200)
        }
        // Created at start, start+10, start+20; listed newest first.
        #expect(ids(try await sim.get("/v1/payment_intents", [("limit", "100")], account: account)) == made.reversed())
        #expect(ids(try await sim.get("/v1/payment_intents", [("created[gte]", "\(start + 10)")], account: account)) == [made[2], made[1]])
        #expect(ids(try await sim.get("/v1/payment_intents", [("created[lt]", "\(start + 10)")], account: account)) == [made[0]])
        #expect(ids(try await sim.get("/v1/payment_intents", [("created", "\(start + 20)")], account: account)) == [made[2]])
        let first = try await sim.get("/v1/payment_intents", [("created[gte]", "\(start)"), ("limit", "2")], account: account)
        #expect(ids(first) == [made[2], made[1]])
        #expect(first.json["has_more"] == true)
        let next = try await sim.get(
            "/v1/payment_intents", [("created[gte]", "\(start)"), ("limit", "2"), ("starting_after", made[1])], account: account)
        #expect(ids(next) == [made[0]])
        #expect(next.json["has_more"] == false)
        // The platform sees none of the connected account's.
        #expect(ids(try await sim.get("/v1/payment_intents", [("created[gte]", "\(start)")])).isEmpty)
        #expect(try await sim.get("/v1/payment_intents", [("status", "requires_capture")], account: account).status == 400)
        #expect(try await sim.get("/v1/payment_intents", [("created[after]", "1")], account: account).status == 400)
    }
}
