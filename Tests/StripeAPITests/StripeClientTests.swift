import Foundation
import Testing
@testable import StripeAPI

@Suite("Stripe client over a scripted transport")
struct StripeClientTests {
    static let key = "sk_test_51SecretValueThatMustNeverLeak0000"
    static let intentJSON = #"{"id":"pi_1","object":"payment_intent","amount":1099,"currency":"usd","status":"requires_payment_method"}"#
    static let apiError = #"{"error":{"type":"api_error","message":"boom"}}"#

    func makeClient(
        _ transport: ScriptedTransport, sleeper: RecordingSleeper = RecordingSleeper(),
        maxRetries: Int = 2
    ) throws -> StripeClient {
        var config = StripeConfig(apiKey: Self.key, apiBase: "http://127.0.0.1:12111/", maxRetries: maxRetries)
        config.apiVersion = "2025-03-31.basil"
        return try StripeClient(config: config, transport: transport, sleeper: sleeper.sleep, random: { 1.0 })
    }

    @Test func postCarriesEveryStripeHeaderAndFormBody() throws {
        let transport = ScriptedTransport([.respond(200, ["request-id": "req_1"], Self.intentJSON)])
        let client = try makeClient(transport)
        let intent = try client.createPaymentIntent(
            PaymentIntentCreateParams(amount: 1099, currency: "usd", metadata: ["order_id": "o/1"]),
            options: RequestOptions(stripeAccount: "acct_9", idempotencyKey: "msg-1:create_pi"))
        #expect(intent.id == "pi_1")
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post)
        #expect(sent.url == "http://127.0.0.1:12111/v1/payment_intents")
        #expect(String(decoding: sent.body, as: UTF8.self) == "amount=1099&currency=usd&metadata[order_id]=o%2F1")
        #expect(sent.header("Authorization") == "Bearer \(Self.key)")
        #expect(sent.header("Stripe-Version") == "2025-03-31.basil")
        #expect(sent.header("Stripe-Account") == "acct_9")
        #expect(sent.header("Idempotency-Key") == "msg-1:create_pi")
        #expect(sent.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(sent.header("User-Agent")?.hasPrefix("ConnectBus/") == true)
        #expect(client.lastResponse?.requestId == "req_1")
        #expect(client.lastResponse?.attempts == 1)
    }

    @Test func getPutsParamsInQueryAndEscapesIds() throws {
        let transport = ScriptedTransport([.respond(200, [:], Self.intentJSON)])
        let client = try makeClient(transport)
        _ = try client.retrievePaymentIntent("pi_1/../x", expand: ["latest_charge"])
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .get)
        #expect(sent.url == "http://127.0.0.1:12111/v1/payment_intents/pi_1%2F..%2Fx?expand[0]=latest_charge")
        #expect(sent.body.isEmpty)
        #expect(sent.header("Idempotency-Key") == nil)
        #expect(sent.header("Content-Type") == nil)
    }

    @Test func postWithoutIdempotencyKeyIsRefusedBeforeSending() throws {
        let transport = ScriptedTransport([])
        let client = try makeClient(transport)
        #expect(throws: StripeError.self) {
            try client.createCustomer(CustomerCreateParams(email: "a@b.c"), options: RequestOptions())
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func overlongOrEmptyIdempotencyKeyIsRefused() throws {
        let transport = ScriptedTransport([])
        let client = try makeClient(transport)
        for key in ["", String(repeating: "k", count: 256)] {
            let error = try #require(throws: StripeError.self) {
                try client.createCustomer(CustomerCreateParams(), options: .idempotent(key))
            }
            #expect(error.code == "idempotency_key_invalid")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func ephemeralKeyUsesTheSDKsVersion() throws {
        let transport = ScriptedTransport([.respond(200, [:], #"{"id":"ephkey_1","object":"ephemeral_key","secret":"ek_test_1"}"#)])
        let client = try makeClient(transport)
        let key = try client.createEphemeralKey(
            EphemeralKeyCreateParams(customer: "cus_1"), apiVersion: "2020-08-27",
            options: .idempotent("k1"))
        #expect(key.secret == "ek_test_1")
        #expect(transport.requests.first?.header("Stripe-Version") == "2020-08-27")
    }

    @Test func retryThenSucceedKeepsTheIdempotencyKey() throws {
        let transport = ScriptedTransport([
            .fail(StripeTransportError(code: "curl_7", message: "connection refused")),
            .respond(500, ["request-id": "req_a"], Self.apiError),
            .respond(200, ["request-id": "req_b", "idempotent-replayed": "true"], Self.intentJSON),
        ])
        let sleeper = RecordingSleeper()
        let client = try makeClient(transport, sleeper: sleeper)
        var attempts: [StripeAttempt] = []
        client.onAttempt = { attempts.append($0) }
        let intent = try client.capturePaymentIntent("pi_1", options: .idempotent("msg-7:capture"))
        #expect(attempts.map(\.attempt) == [1, 2, 3])
        #expect(attempts.map(\.httpStatus) == [nil, 500, 200])
        #expect(attempts.map(\.willRetry) == [true, true, false])
        #expect(attempts.map(\.errorCode) == ["stripe.network", "stripe.api", nil])
        #expect(attempts.allSatisfy { $0.path == "/v1/payment_intents/pi_1/capture" && $0.idempotencyKey == "msg-7:capture" })
        #expect(intent.id == "pi_1")
        #expect(transport.requests.count == 3)
        #expect(Set(transport.requests.compactMap { $0.header("Idempotency-Key") }) == ["msg-7:capture"])
        #expect(Set(transport.requests.map(\.body)).count == 1)
        #expect(sleeper.delays == [.milliseconds(500), .seconds(1)])
        #expect(
            client.lastResponse
                == StripeResponseInfo(
                    httpStatus: 200, requestId: "req_b", idempotentReplayed: true,
                    stripeVersion: nil, attempts: 3))
    }

    @Test func defaultSleeperKeepsCallingWhileWaiting() throws {
        let transport = ScriptedTransport([.respond(503, [:], Self.apiError), .respond(200, [:], Self.intentJSON)])
        var config = StripeConfig(apiKey: Self.key, apiBase: "http://127.0.0.1:12111")
        config.retry = RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        let client = try StripeClient(config: config, transport: transport, random: { 1.0 })
        var calls = 0
        client.whileWaiting = { calls += 1 }
        _ = try client.retrievePaymentIntent("pi_1")
        #expect(transport.requests.count == 2)
        #expect(calls >= 3)  // once per scripted attempt, at least once while backing off
    }

    @Test func retriesExhaustedThrowTheLastError() throws {
        let transport = ScriptedTransport([
            .respond(503, [:], Self.apiError),
            .respond(429, ["request-id": "req_rl"], #"{"error":{"type":"rate_limit_error","message":"slow down"}}"#),
            .respond(500, ["request-id": "req_last"], #"{"error":{"type":"api_error","message":"last"}}"#),
            .respond(200, [:], Self.intentJSON),
        ])
        let client = try makeClient(transport)
        let error = try #require(throws: StripeError.self) {
            try client.confirmPaymentIntent("pi_1", options: .idempotent("k"))
        }
        #expect(error.kind == .api)
        #expect(error.message == "last")
        #expect(error.requestId == "req_last")
        #expect(transport.requests.count == 3)
    }

    @Test(arguments: [400, 402, 403, 404])
    func clientErrorsAreNeverRetried(status: Int) throws {
        let transport = ScriptedTransport([
            .respond(status, [:], #"{"error":{"type":"invalid_request_error","message":"no"}}"#),
            .respond(200, [:], Self.intentJSON),
        ])
        let client = try makeClient(transport)
        #expect(throws: StripeError.self) { try client.retrievePaymentIntent("pi_1") }
        #expect(transport.requests.count == 1)
    }

    @Test func shouldRetryHeaderForbidsAndForces() throws {
        let forbidden = ScriptedTransport([
            .respond(500, ["stripe-should-retry": "false"], Self.apiError),
            .respond(200, [:], Self.intentJSON),
        ])
        #expect(throws: StripeError.self) { try makeClient(forbidden).retrievePaymentIntent("pi_1") }
        #expect(forbidden.requests.count == 1)
        let forced = ScriptedTransport([
            .respond(400, ["stripe-should-retry": "true"], #"{"error":{"type":"invalid_request_error"}}"#),
            .respond(200, [:], Self.intentJSON),
        ])
        #expect(try makeClient(forced).retrievePaymentIntent("pi_1").id == "pi_1")
        #expect(forced.requests.count == 2)
    }

    @Test func undecodableSuccessIsADecodingError() throws {
        let transport = ScriptedTransport([.respond(200, [:], "not json"), .respond(200, [:], Self.intentJSON)])
        let error = try #require(throws: StripeError.self) { try makeClient(transport).retrievePaymentIntent("pi_1") }
        #expect(error.kind == .decoding)
        #expect(!error.isRetryable)
        #expect(transport.requests.count == 1)
    }

    @Test func autoPagingFollowsStartingAfter() throws {
        let page1 = #"{"object":"list","has_more":true,"url":"/v1/payment_intents","data":[{"id":"pi_3"},{"id":"pi_2"}]}"#
        let page2 = #"{"object":"list","has_more":false,"url":"/v1/payment_intents","data":[{"id":"pi_1"}]}"#
        let transport = ScriptedTransport([.respond(200, [:], page1), .respond(200, [:], page2)])
        let client = try makeClient(transport)
        let all = try client.listAllPaymentIntents(ListParams(limit: 2, filters: ["customer": "cus_1"]))
        #expect(all.map(\.id) == ["pi_3", "pi_2", "pi_1"])
        #expect(
            transport.requests.map(\.url) == [
                "http://127.0.0.1:12111/v1/payment_intents?limit=2&customer=cus_1",
                "http://127.0.0.1:12111/v1/payment_intents?limit=2&starting_after=pi_2&customer=cus_1",
            ])
    }

    @Test func autoPagingStopsAtMaxItems() throws {
        let page1 = #"{"object":"list","has_more":true,"data":[{"id":"pi_3"},{"id":"pi_2"}]}"#
        let transport = ScriptedTransport([.respond(200, [:], page1)])
        let items = try makeClient(transport).listAllPaymentIntents(maxItems: 1)
        #expect(items.map(\.id) == ["pi_3"])
        #expect(transport.requests.count == 1)
    }

    @Test func invalidConfigurationIsReportedAllAtOnce() {
        let error = try? #require(throws: StripeError.self) {
            try StripeClient(config: StripeConfig(apiKey: "", apiBase: "ftp://x"), transport: ScriptedTransport([]))
        }
        #expect(error?.kind == .invalidConfiguration)
        #expect(error?.message.contains("apiKey is empty") == true)
        #expect(error?.message.contains("apiBase") == true)
    }

    @Test func headerInjectionIsRefused() throws {
        let client = try makeClient(ScriptedTransport([]))
        #expect(throws: StripeError.self) {
            try client.retrieveAccount("acct_1", options: RequestOptions(stripeAccount: "acct_1\r\nX-Evil: 1"))
        }
    }
}
