import Foundation
import Testing

@testable import ConnectBusCLI

@Suite("The readyz lines of connectbus status")
struct ReadinessReportTests {
    @Test("a degraded webhook route is read with its detail, and prints one line per check")
    func degradedRoute() throws {
        let body = Array(
            """
            {"status":"degraded","problems":[],"checks":[\
            {"name":"webhooks.platform","status":"degraded","detail":"12 of 12 deliveries in the last 300 s rejected (100%): no_matching_signature 12"},\
            {"name":"webhooks.connect","status":"ok","detail":"no deliveries in the last 300 s"}]}
            """.utf8)
        let report = try #require(ReadinessReport.parse(body))
        #expect(report.status == "degraded")
        #expect(report.isDegraded)
        #expect(
            report.checkLines() == [
                "  webhooks.platform   degraded  12 of 12 deliveries in the last 300 s rejected (100%): no_matching_signature 12",
                "  webhooks.connect    ok        no deliveries in the last 300 s",
            ])
    }

    @Test("a service without checks, a not-ready one, and a body that is not the runtime's JSON")
    func otherAnswers() throws {
        let ready = try #require(ReadinessReport.parse(Array(#"{"status":"ready","problems":[]}"#.utf8)))
        #expect(!ready.isDegraded && ready.checks.isEmpty && ready.checkLines().isEmpty)
        let down = try #require(ReadinessReport.parse(Array(#"{"status":"not_ready","problems":["outbox relay not connected"]}"#.utf8)))
        #expect(down.problems == ["outbox relay not connected"])
        #expect(ReadinessReport.parse(Array("<html>".utf8)) == nil)
    }
}
