import Testing
@testable import StripeAPI

/// `beforeAttempt` runs before every attempt (a fleet rate limiter waits there), and a
/// `Retry-After` on an answer is honoured (the retry waits at least that long) and reported.
@Suite("Stripe client: attempts hook and Retry-After")
struct RetryAfterTests {
    private static let limited = #"{"error":{"type":"invalid_request_error","code":"rate_limit","message":"Request rate limit exceeded."}}"#

    @Test func everyAttemptPassesThroughTheHookAndRetryAfterIsWaited() throws {
        let transport = ScriptedTransport([
            .respond(429, ["retry-after": "3", "stripe-should-retry": "true", "request-id": "req_1"], Self.limited),
            .respond(200, ["request-id": "req_2"], #"{"id":"cus_1","object":"customer"}"#),
        ])
        let sleeper = RecordingSleeper()
        let client = try StripeClient(
            config: StripeConfig(apiKey: "sk_test_retryafter", maxRetries: 2), transport: transport,
            sleeper: sleeper.sleep, random: { 0.1 })
        var hooked: [String] = []
        var reported: [Duration?] = []
        client.beforeAttempt = { method, path in hooked.append("\(method.rawValue) \(path)") }
        client.onAttempt = { reported.append($0.retryAfter) }
        _ = try client.send(.get, "/v1/customers/cus_1")
        #expect(hooked == ["GET /v1/customers/cus_1", "GET /v1/customers/cus_1"])
        #expect(sleeper.delays == [.seconds(3)])  // not the 0.05 s the jitter alone would wait
        #expect(reported == [.seconds(3), nil])
    }

    @Test func withoutRetryAfterTheBackoffAloneDecides() throws {
        let transport = ScriptedTransport([
            .respond(429, ["stripe-should-retry": "true"], Self.limited),
            .respond(200, [:], #"{"id":"cus_1","object":"customer"}"#),
        ])
        let sleeper = RecordingSleeper()
        let client = try StripeClient(
            config: StripeConfig(apiKey: "sk_test_retryafter"), transport: transport,
            sleeper: sleeper.sleep, random: { 1.0 })
        _ = try client.send(.get, "/v1/customers/cus_1")
        #expect(sleeper.delays == [.milliseconds(500)])
    }
}
