import Foundation
import StripeSimCore
import TestKit
import Testing

/// The control plane's faults and inspection, driven only through HTTP (`/sim/…`).
@Suite("stripe-sim control plane: faults and inspection")
struct ControlPlaneFaultTests {
    private func customers(_ sim: SimTestClient, account: String? = nil) async throws -> Int {
        let counts = try await sim.control("GET", "/sim/objects/counts?type=customer")
        return counts.json.value(at: "accounts.\(account ?? "platform").customer")?.intValue ?? 0
    }

    @Test("a 500 rule for one method and path pattern, limited to 2 requests, is listed, counted and removed")
    func errorRule() async throws {
        let sim = try SimTestClient()
        let added = try await sim.control("POST", "/sim/faults", ["method": "POST", "path": "/v1/customers", "error_rate": 1, "count": 2])
        #expect(added.status == 200)
        let id = try #require(added["id"])
        #expect(try await sim.post("/v1/customers", [("email", "a@b.test")]).status == 500)
        #expect(try await sim.get("/v1/customers").status == 200)
        #expect(try await sim.post("/v1/customers", [("email", "a@b.test")]).errorType == "api_error")
        #expect(try await sim.post("/v1/customers", [("email", "a@b.test")]).status == 200)
        #expect(try await customers(sim) == 1)
        let listed = try await sim.control("GET", "/sim/faults")
        let rule = try #require(listed.json["data"]?.arrayValue?.first)
        #expect(rule["hits"] == 2)
        #expect(rule["remaining"] == 0)
        let failed = try await sim.control("GET", "/sim/requests?status=500&path=/v1/customers")
        #expect(failed.json["total"] == 2)
        #expect(try await sim.control("DELETE", "/sim/faults/\(id)").status == 200)
        #expect(try await sim.control("GET", "/sim/faults").json["data"] == [])
        #expect(try await sim.control("DELETE", "/sim/faults/\(id)").status == 404)
    }

    @Test("429 and latency rules with a path pattern; bad arguments are 400s naming the parameter")
    func rateLimitAndLatency() async throws {
        let sim = try SimTestClient()
        let customer = try await sim.post("/v1/customers", [("email", "c@b.test")])
        let id = try #require(customer["id"])
        _ = try await sim.control("POST", "/sim/faults", ["method": "GET", "path": "/v1/customers/*", "rate_limit_rate": 1, "count": 1])
        _ = try await sim.control("POST", "/sim/faults", ["path": "/v1/**", "latency_ms": 30, "count": 1])
        let limited = try await sim.get("/v1/customers/\(id)")
        #expect(limited.status == 429)
        #expect(limited.errorCode == "rate_limit")
        #expect(try await sim.get("/v1/customers/\(id)").status == 200)
        let faulted = try await sim.control("GET", "/sim/requests?fault=true")
        #expect(faulted.json["data"]?.arrayValue?.compactMap { $0["fault"]?.stringValue } == ["latency=30,429"])
        let unknown = try await sim.control("POST", "/sim/faults", ["path": "/v1/**", "colour": "red"])
        #expect(unknown.status == 400)
        #expect(unknown.json.value(at: "error.param") == "colour")
        let outOfRange = try await sim.control("POST", "/sim/faults", ["error_rate": 2])
        #expect(outOfRange.json.value(at: "error.param") == "error_rate")
        #expect(try await sim.control("POST", "/sim/faults", ["path": "/v1/**"]).status == 400)
    }

    @Test("a dropped connection after the request ran: the object exists and the idempotent retry replays")
    func drop() async throws {
        let sim = try SimTestClient()
        _ = try await sim.control("POST", "/sim/faults", ["method": "POST", "path": "/v1/customers", "drop_rate": 1, "count": 1])
        await #expect(throws: TestHTTPError.self) {
            _ = try await sim.post("/v1/customers", [("email", "d@b.test")], idempotencyKey: "drop-1")
        }
        #expect(try await customers(sim) == 1)
        let retried = try await sim.post("/v1/customers", [("email", "d@b.test")], idempotencyKey: "drop-1")
        #expect(retried.headers["idempotent-replayed"] == "true")
        #expect(try await customers(sim) == 1)
        #expect(try await sim.control("GET", "/sim/requests?fault=drop").json["total"] == 1)
    }

    @Test("defaults set at run time, faults off with DELETE /sim/faults; the X-Sim-Fault header stays")
    func defaultsAndHeader() async throws {
        let sim = try SimTestClient()
        #expect(try await sim.control("POST", "/sim/faults/defaults", ["fail_rate": 1]).json.value(at: "defaults.fail_rate") == .int(1))
        #expect(try await sim.get("/v1/customers").status == 500)
        #expect(try await sim.control("DELETE", "/sim/faults").status == 200)
        #expect(try await sim.get("/v1/customers").status == 200)
        #expect(try await sim.post("/v1/customers", [], fault: "500").status == 500)
    }

    @Test("counts by account and type, and the request log filtered by account and method")
    func counts() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        _ = try await sim.post("/v1/customers", [("email", "x@b.test")], account: account)
        _ = try await sim.post("/v1/customers", [("email", "y@b.test")], account: account)
        _ = try await sim.post("/v1/customers", [("email", "z@b.test")])
        #expect(try await customers(sim, account: account) == 2)
        #expect(try await customers(sim) == 1)
        let all = try await sim.control("GET", "/sim/objects/counts?account=\(account)")
        #expect(all.json.value(at: "accounts.\(account).customer") == 2)
        #expect(all.json.value(at: "accounts.platform") == nil)
        let requests = try await sim.control("GET", "/sim/requests?account=\(account)&method=POST")
        #expect(requests.json["total"] == 2)
        #expect(requests.json["data"]?.arrayValue?.allSatisfy { $0["account"]?.stringValue == account } == true)
    }
}
