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
}
