import Foundation
import HTTPServer
import Testing
@testable import StripeAPI

/// A scripted HTTP peer on a free loopback port: answers requests in order from a list
/// and records what it received. Thread-safe (the server calls it on its own threads).
final class ScriptedServer: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [HTTPResponse]
    private var delays: [Duration]
    private var received: [HTTPRequest] = []
    private var server: HTTPServer?

    init(_ answers: [HTTPResponse], delays: [Duration] = []) throws {
        self.answers = answers
        self.delays = delays
        self.server = try HTTPServer(port: 0, threading: .pool(2)) { [unowned self] request in self.answer(request) }
    }

    var baseURL: String { server?.baseURL ?? "http://127.0.0.1:1" }
    var requests: [HTTPRequest] { lock.withLock { received } }
    func stop() { server?.stop() }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let (response, delay): (HTTPResponse, Duration) = lock.withLock {
            received.append(request)
            let response = answers.isEmpty ? HTTPResponse.json(500, Array(#"{"error":{"type":"api_error"}}"#.utf8)) : answers.removeFirst()
            return (response, delays.isEmpty ? .zero : delays.removeFirst())
        }
        if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.components.seconds)) }
        return response
    }

    static func json(_ status: Int, _ body: String, _ headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse.json(status, Array(body.utf8), headers: headers)
    }
}

@Suite("Stripe client over libcurl against a local HTTP server")
struct CurlTransportTests {
    static let key = "sk_test_51CurlTransportSecret"
    static let intent = #"{"id":"pi_1","object":"payment_intent","amount":1099,"currency":"usd","status":"requires_capture"}"#

    func client(_ server: ScriptedServer, maxRetries: Int = 2, timeout: Duration = .seconds(20)) throws -> StripeClient {
        var config = StripeConfig(
            apiKey: Self.key, apiBase: server.baseURL, connectTimeout: .seconds(5), timeout: timeout,
            maxRetries: maxRetries)
        config.apiVersion = "2025-03-31.basil"
        let transport = try CurlTransport(connectTimeout: config.connectTimeout, timeout: config.timeout)
        return try StripeClient(config: config, transport: transport, sleeper: { _ in })
    }

    @Test func postSendsStripeHeadersAndFormAndReadsResponseHeaders() throws {
        let server = try ScriptedServer([
            ScriptedServer.json(
                200, Self.intent,
                [
                    "Request-Id": "req_abc", "Idempotent-Replayed": "true",
                    "Stripe-Version": "2025-03-31.basil",
                ])
        ])
        defer { server.stop() }
        let client = try client(server)
        let params = PaymentIntentCreateParams(
            amount: 1099, currency: "usd", captureMethod: .manual,
            metadata: ["note": "Zoë & co"])
        let intent = try client.createPaymentIntent(params, options: RequestOptions(stripeAccount: "acct_42", idempotencyKey: "m1:pi"))
        #expect(intent.status == .requiresCapture)
        let seen = try #require(server.requests.first)
        #expect(seen.method == "POST")
        #expect(seen.path == "/v1/payment_intents")
        #expect(seen.header("authorization") == "Bearer \(Self.key)")
        #expect(seen.header("stripe-version") == "2025-03-31.basil")
        #expect(seen.header("stripe-account") == "acct_42")
        #expect(seen.header("idempotency-key") == "m1:pi")
        #expect(seen.header("content-type") == "application/x-www-form-urlencoded")
        #expect(seen.header("user-agent")?.hasPrefix("ConnectBus/") == true)
        #expect(
            String(decoding: seen.body, as: UTF8.self)
                == "amount=1099&currency=usd&capture_method=manual&metadata[note]=Zo%C3%AB%20%26%20co")
        #expect(
            client.lastResponse
                == StripeResponseInfo(
                    httpStatus: 200, requestId: "req_abc", idempotentReplayed: true,
                    stripeVersion: "2025-03-31.basil", attempts: 1))
    }

    @Test func droppedConnectionAndServerErrorAreRetriedWithTheSameKey() throws {
        let server = try ScriptedServer([
            .dropConnection,
            ScriptedServer.json(500, #"{"error":{"type":"api_error","message":"try again"}}"#, ["Request-Id": "req_1"]),
            ScriptedServer.json(200, Self.intent, ["Request-Id": "req_2"]),
        ])
        defer { server.stop() }
        let client = try client(server)
        let intent = try client.capturePaymentIntent(
            "pi_1", PaymentIntentCaptureParams(amountToCapture: 500),
            options: .idempotent("m2:capture"))
        #expect(intent.id == "pi_1")
        let seen = server.requests
        #expect(seen.count == 3)
        #expect(seen.allSatisfy { $0.header("idempotency-key") == "m2:capture" })
        #expect(seen.allSatisfy { String(decoding: $0.body, as: UTF8.self) == "amount_to_capture=500" })
        #expect(client.lastResponse?.attempts == 3)
        #expect(client.lastResponse?.requestId == "req_2")
    }

    @Test func exhaustedRetriesReportTheLastAnswer() throws {
        let server = try ScriptedServer([
            ScriptedServer.json(503, #"{"error":{"type":"api_error","message":"first"}}"#),
            ScriptedServer.json(429, #"{"error":{"type":"rate_limit_error","code":"rate_limit","message":"slow"}}"#, ["Request-Id": "req_rl"]),
        ])
        defer { server.stop() }
        let client = try client(server, maxRetries: 1)
        let error = try #require(throws: StripeError.self) {
            try client.createRefund(RefundCreateParams(paymentIntent: "pi_1"), options: .idempotent("m3:refund"))
        }
        #expect(error.kind == .rateLimit)
        #expect(error.code == "rate_limit")
        #expect(error.requestId == "req_rl")
        #expect(server.requests.count == 2)
    }

    @Test func cardErrorIsNotRetried() throws {
        let server = try ScriptedServer([
            ScriptedServer.json(
                402, #"{"error":{"type":"card_error","code":"card_declined","decline_code":"generic_decline","message":"Your card was declined."}}"#,
                ["Request-Id": "req_card"])
        ])
        defer { server.stop() }
        let error = try #require(throws: StripeError.self) {
            try client(server).confirmPaymentIntent(
                "pi_1", PaymentIntentConfirmParams(paymentMethod: "pm_card_chargeDeclined"),
                options: .idempotent("m4:confirm"))
        }
        #expect(error.kind == .card)
        #expect(error.declineCode == "generic_decline")
        #expect(error.requestId == "req_card")
        #expect(server.requests.count == 1)
    }

    @Test func autoPagingOverHTTPUsesTheQueryString() throws {
        let server = try ScriptedServer([
            ScriptedServer.json(
                200, #"{"object":"list","has_more":true,"url":"/v1/terminal/readers","data":[{"id":"tmr_2","object":"terminal.reader"}]}"#),
            ScriptedServer.json(
                200, #"{"object":"list","has_more":false,"url":"/v1/terminal/readers","data":[{"id":"tmr_1","object":"terminal.reader"}]}"#),
        ])
        defer { server.stop() }
        let readers: [TerminalReader] = try client(server).autoPagingList(
            "/v1/terminal/readers", params: ListParams(limit: 1, filters: ["location": "tml_1"]))
        #expect(readers.map(\.id) == ["tmr_2", "tmr_1"])
        let seen = server.requests
        #expect(seen.map(\.method) == ["GET", "GET"])
        #expect(seen[0].query == ["limit": "1", "location": "tml_1"])
        #expect(seen[1].query == ["limit": "1", "starting_after": "tmr_2", "location": "tml_1"])
    }

    @Test func keepAliveReusesOneConnection() throws {
        let server = try ScriptedServer([
            ScriptedServer.json(200, Self.intent), ScriptedServer.json(200, Self.intent),
            ScriptedServer.json(200, Self.intent),
        ])
        defer { server.stop() }
        let transport = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(20))
        let client = try StripeClient(config: StripeConfig(apiKey: Self.key, apiBase: server.baseURL), transport: transport)
        for i in 0..<3 { _ = try client.updatePaymentIntent("pi_1", PaymentIntentUpdateParams(description: "n\(i)"), options: .idempotent("k\(i)")) }
        #expect(server.requests.count == 3)
        #expect(transport.connectionsOpened == 1)
    }

    @Test func whileWaitingRunsDuringASlowAnswer() throws {
        let server = try ScriptedServer([ScriptedServer.json(200, Self.intent)], delays: [.seconds(3)])
        defer { server.stop() }
        let client = try client(server)
        var calls = 0
        client.whileWaiting = { calls += 1 }
        _ = try client.retrievePaymentIntent("pi_1")
        #expect(calls >= 1)
    }

    @Test func timeoutIsARetryableNetworkError() throws {
        let server = try ScriptedServer([ScriptedServer.json(200, Self.intent)], delays: [.seconds(3)])
        defer { server.stop() }
        let error = try #require(throws: StripeError.self) {
            try client(server, maxRetries: 0, timeout: .seconds(1)).retrievePaymentIntent("pi_1")
        }
        #expect(error.kind == .network)
        #expect(error.code == "curl_28")
        #expect(error.isRetryable)
    }
}
