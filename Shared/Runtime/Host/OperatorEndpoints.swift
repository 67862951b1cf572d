import HTTPServer

/// The operator endpoints every service serves (DESIGN §9), ahead of the service's own:
/// `GET /healthz` (liveness: 200 while the process runs), `GET /readyz` (200 when
/// migrated and every worker and the relay are connected, else 503 with the reasons; a
/// service's own ``ReadinessCheck``s are listed under `checks`, and a degraded one makes the
/// status `degraded` with 200), `GET /readyz/ingress` (the same body: 200 once migrated and
/// the parts that serve without the broker, such as the webhook ingress, have started,
/// whatever the broker's state — the probe that gates a webhook listener's traffic; as
/// `/readyz` for a service without such parts),
/// `GET /metrics` (Prometheus text format 0.0.4). Other requests go to the service's
/// handler, or get 404. A request whose body is over the HTTP server's cap goes to the
/// service's handler too (flagged ``HTTPRequest/bodyTooLarge``, empty body), so it can
/// answer and count it; otherwise it gets `413 {"error":"too_large"}`.
/// Thread-safety: `Sendable`; called on libmicrohttpd's threads.
struct OperatorEndpoints: Sendable {
    let readiness: Readiness
    let metrics: MetricsRegistry
    let extra: (@Sendable (HTTPRequest) -> HTTPResponse?)?

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", "/healthz"):
            return .json(200, Array(#"{"status":"ok"}"#.utf8))
        case ("GET", "/readyz"):
            let report = readiness.check()
            return .json(report.ready ? 200 : 503, Array(Self.readyzBody(report).utf8))
        case ("GET", "/readyz/ingress"):
            let report = readiness.checkIngress()
            return .json(report.ready ? 200 : 503, Array(Self.readyzBody(report).utf8))
        case ("GET", "/metrics"):
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: Array(metrics.render().utf8))
        default:
            if let response = extra?(request) { return response }
            return .json(404, Array(#"{"error":"not_found"}"#.utf8))
        }
    }

    /// `{"status":"ready"|"degraded"|"not_ready","problems":[…],"checks":[{"name":…,
    /// "status":"ok"|"degraded","detail":…},…]}` (`checks` only when the service has any).
    static func readyzBody(_ report: Readiness.Report) -> String {
        let quoted: (String) -> String = { "\"" + JSONText.escape($0) + "\"" }
        var body = "{\"status\":\"\(report.status)\",\"problems\":[\(report.problems.map(quoted).joined(separator: ","))]"
        if !report.checks.isEmpty {
            let checks = report.checks.map { check in
                "{\"name\":\(quoted(check.name)),\"status\":\"\(check.degraded ? "degraded" : "ok")\",\"detail\":\(quoted(check.detail))}"
            }
            body += ",\"checks\":[\(checks.joined(separator: ","))]"
        }
        return body + "}"
    }

    /// Answers a request over the HTTP server's body cap (see the type's notes).
    func handleTooLarge(_ request: HTTPRequest) -> HTTPResponse {
        if let response = extra?(request) { return response }
        return .json(413, Array(#"{"error":"too_large"}"#.utf8))
    }
}
