import HTTPServer
import Testing
@testable import StripeSimCore

/// `GET /metrics` of the simulator: API requests by method and status, injected faults.
@Suite("stripe-sim metrics")
struct SimMetricsTests {
    @Test func answeredRequestsAndFaultsAreCounted() {
        let sim = StripeSimulator()
        let auth = ["authorization": "Bearer sk_test_metrics"]
        _ = sim.handle(HTTPRequest(method: "GET", path: "/v1/accounts/acct_missing", headers: auth))
        _ = sim.handle(HTTPRequest(method: "GET", path: "/v1/accounts/acct_missing", headers: auth))
        _ = sim.handle(HTTPRequest(method: "GET", path: "/v1/balance", headers: auth.merging(["x-sim-fault": "429"]) { $1 }))
        let response = sim.handle(HTTPRequest(method: "GET", path: "/metrics", headers: [:]))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains(#"stripe_sim_requests_total{method="GET",status="404"} 2"#))
        #expect(text.contains(#"stripe_sim_requests_total{method="GET",status="429"} 1"#))
        #expect(text.contains(#"stripe_sim_faults_total{fault="429"} 1"#))
        #expect(text.contains("# TYPE stripe_sim_requests_total counter"))
    }

    /// The simulator's own time per request, which a benchmark subtracts from a caller's
    /// measurement: answered as `Sim-Duration-Us` and logged as `duration_us`, injected
    /// latency included.
    @Test func everyAnswerCarriesTheSimulatorsOwnTime() throws {
        let sim = StripeSimulator()
        let auth = ["authorization": "Bearer sk_test_duration"]
        let quick = sim.handle(HTTPRequest(method: "GET", path: "/v1/balance", headers: auth))
        sim.faults = FaultSettings(latencyMs: 25)
        let slow = sim.handle(HTTPRequest(method: "GET", path: "/v1/balance", headers: auth))
        let quickMicros = try #require(quick.headers["Sim-Duration-Us"].flatMap { Int($0) })
        let slowMicros = try #require(slow.headers["Sim-Duration-Us"].flatMap { Int($0) })
        #expect(slowMicros >= 25_000)
        #expect(quickMicros < slowMicros)
        #expect(sim.requestLog.map(\.durationMicros) == [quickMicros, slowMicros])
        #expect(sim.requestLog.last?.json["duration_us"] == .int(slowMicros))
    }
}
