import Testing

@testable import Runtime

@Suite("/readyz body")
struct ReadyzBodyTests {
    @Test("a degraded check keeps the service ready and says degraded, with the checks listed")
    func degraded() {
        let report = Readiness.Report(
            ready: true, problems: [],
            checks: [
                ReadinessCheck(name: "webhooks.platform", degraded: true, detail: "6 of 6 rejected: \"no_matching_signature\""),
                ReadinessCheck(name: "webhooks.connect", degraded: false, detail: "no deliveries"),
            ])
        #expect(report.status == "degraded")
        #expect(
            OperatorEndpoints.readyzBody(report)
                == #"{"status":"degraded","problems":[],"checks":[{"name":"webhooks.platform","status":"degraded","detail":"6 of 6 rejected: \"no_matching_signature\""},{"name":"webhooks.connect","status":"ok","detail":"no deliveries"}]}"#
        )
    }

    @Test("without checks the body is as before; not ready wins over degraded")
    func readyAndNotReady() {
        #expect(OperatorEndpoints.readyzBody(Readiness.Report(ready: true, problems: [], checks: [])) == #"{"status":"ready","problems":[]}"#)
        let down = Readiness.Report(
            ready: false, problems: ["outbox relay not connected"],
            checks: [ReadinessCheck(name: "webhooks.platform", degraded: true, detail: "x")])
        #expect(down.status == "not_ready")
        #expect(OperatorEndpoints.readyzBody(down).hasPrefix(#"{"status":"not_ready","problems":["outbox relay not connected"],"checks":["#))
    }
}
