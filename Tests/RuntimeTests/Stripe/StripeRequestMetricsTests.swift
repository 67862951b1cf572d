import StripeAPI
import Testing
@testable import Runtime

/// `connectbus_stripe_requests_total{method,status}`: every HTTP attempt made through
/// `WorkerResources.callStripe`, retries included, by status (`none` without an answer).
@Suite("Stripe request metrics")
struct StripeRequestMetricsTests {
    /// Answers 429 (with Stripe-Should-Retry) once, then 200; then fails without an answer.
    final class Transport: StripeTransport {
        var statuses: [Int?]
        init(_ statuses: [Int?]) { self.statuses = statuses }

        func perform(_ request: StripeHTTPRequest, whileWaiting: (() -> Void)?) throws(StripeTransportError) -> StripeHTTPResponse {
            guard !statuses.isEmpty, let status = statuses.removeFirst() else {
                throw StripeTransportError(code: "curl_7", message: "connection refused")
            }
            let body =
                status == 200
                ? #"{"id":"acct_1","object":"account"}"#
                : #"{"error":{"type":"invalid_request_error","code":"rate_limit","message":"Too many requests"}}"#
            return StripeHTTPResponse(
                status: status, headers: ["request-id": "req_1", "stripe-should-retry": "\(status != 200)"],
                body: Array(body.utf8))
        }
    }

    @Test func everyAttemptIsCountedByMethodAndStatus() throws {
        let metrics = RuntimeMetrics(registry: MetricsRegistry())
        let config = ServiceConfig(
            service: "rt-test", amqpURL: "amqp://u:p@127.0.0.1/", databaseURL: "postgres://u@127.0.0.1/db",
            stripeAPIKey: "sk_test_metrics")
        let transport = Transport([429, 200, nil, nil, nil, nil])
        let resources = WorkerResources(
            config: config, rateLimiter: StripeRateLimiter(ratePerSecond: 1000), metrics: metrics,
            makeStripe: { config in
                try StripeClient(config: StripeConfig(apiKey: config.stripeAPIKey ?? ""), transport: transport, sleeper: { _ in })
            },
            heartbeat: {})
        let _: StripeHTTPResponse = try resources.callStripe { try $0.send(.get, "/v1/accounts/acct_1") }
        #expect(metrics.registry.value("connectbus_stripe_requests_total", labels: ["GET", "429"]) == 1)
        #expect(metrics.registry.value("connectbus_stripe_requests_total", labels: ["GET", "200"]) == 1)
        #expect(throws: StripeError.self) {
            let _: StripeHTTPResponse = try resources.callStripe { try $0.send(.get, "/v1/accounts/acct_1") }
        }
        #expect((metrics.registry.value("connectbus_stripe_requests_total", labels: ["GET", "none"]) ?? 0) >= 1)
        #expect(metrics.registry.render().contains(#"connectbus_stripe_requests_total{method="GET",status="429"} 1"#))
    }
}
