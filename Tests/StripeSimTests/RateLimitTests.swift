import Foundation
import StripeSimCore
import TestKit
import Testing

/// Rates of 0.01/s hold one token that comes back only after 100 s, so what these tests
/// expect does not depend on how fast the machine runs them.
@Suite("stripe-sim rate limits")
struct RateLimitTests {
    @Test("over the global limit: 429 rate_limit with Stripe's headers, nothing done, counted")
    func globalLimit() async throws {
        var config = SimulatorConfig()
        config.rateLimits = SimRateLimits(profile: .test, global: 0.01, endpoint: 0)
        let sim = try SimTestClient(config: config)
        let first = try await sim.post("/v1/customers", [("email", "a@b.test")], idempotencyKey: "rl-1")
        #expect(first.status == 200)
        let limited = try await sim.post("/v1/customers", [("email", "b@b.test")], idempotencyKey: "rl-2")
        #expect(limited.status == 429)
        #expect(limited.errorType == "invalid_request_error")
        #expect(limited.errorCode == "rate_limit")
        #expect(limited.headers["stripe-rate-limited-reason"] == "global-rate")
        #expect(limited.headers["stripe-should-retry"] == "true")
        #expect(limited.headers["request-id"] != nil)
        #expect(sim.simulator.count(objectType: "customer") == 1)
        let state = try await sim.control("GET", "/sim/rate_limits")
        #expect(state.json["rate_limited_total"]?.intValue == 1)
        #expect(state.json["admitted"]?.intValue == 1)
        let metrics = try await sim.page("GET", "/metrics")
        #expect(metrics.text.contains("stripe_sim_rate_limited_total{reason=\"global-rate\"} 1"))
        #expect(metrics.text.contains("stripe_sim_requests_total{method=\"POST\",status=\"429\"} 1"))
    }

    @Test("the endpoint limit counts one operation across ids; other endpoints and other keys are apart")
    func endpointAndKeyLimits() async throws {
        var config = SimulatorConfig()
        config.rateLimits = SimRateLimits(profile: .live, global: 1000, endpoint: 0.01)
        let sim = try SimTestClient(config: config)
        let made = try await sim.post("/v1/customers", [("email", "c@b.test")], idempotencyKey: "rl-e1")
        #expect(made.status == 200)
        let id = try #require(made["id"])
        #expect(try await sim.get("/v1/customers/\(id)").status == 200)
        let sameOperation = try await sim.get("/v1/customers/cus_other1")
        #expect(sameOperation.status == 429)
        #expect(sameOperation.headers["stripe-rate-limited-reason"] == "endpoint-rate")
        #expect(try await sim.get("/v1/customers/\(id)", key: "sk_test_anotherkey42").status == 200)
        #expect(try await sim.get("/v1/customers").status == 200)
    }

    @Test("the control plane sets and clears limits at run time")
    func controlPlane() async throws {
        let sim = try SimTestClient()
        let set = try await sim.control("POST", "/sim/rate_limits", ["profile": "auto", "global": .double(0.01)])
        #expect(set.json["profile"]?.stringValue == "auto")
        #expect(try await sim.get("/v1/customers").status == 200)
        #expect(try await sim.get("/v1/customers").status == 429)
        let off = try await sim.control("POST", "/sim/rate_limits", ["profile": "off"])
        #expect(off.json["profile"]?.stringValue == "off")
        #expect(try await sim.get("/v1/customers").status == 200)
        let bad = try await sim.control("POST", "/sim/rate_limits", ["profile": "fast"])
        #expect(bad.status == 400)
    }

    @Test("--rate-limits parses profiles and figures")
    func commandLine() throws {
        let parsed = try SimulatorCommandLine.parse(["--rate-limits", "live,endpoint=30"])
        #expect(parsed.config.rateLimits == SimRateLimits(profile: .live, global: nil, endpoint: 30))
        #expect(throws: SimulatorCommandLine.Problem.self) { _ = try SimulatorCommandLine.parse(["--rate-limits", "fast"]) }
    }
}
