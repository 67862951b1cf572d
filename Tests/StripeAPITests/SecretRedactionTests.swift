import Foundation
import Testing
@testable import StripeAPI

@Suite("Secret keys never leak")
struct SecretRedactionTests {
    static let key = "sk_test_51VerySecretKeyValue9999"

    @Test func redactorRemovesConfiguredKeyAndSecretShapedTokens() {
        let text = "key \(Self.key) and sk_live_abcDEF123 and rk_test_zzz and whsec_abc123 and custom_key_1234"
        let redacted = SecretRedactor.redact(text, secret: "custom_key_1234")
        #expect(!redacted.contains("VerySecretKeyValue"))
        #expect(!redacted.contains("abcDEF123"))
        #expect(!redacted.contains("zzz"))
        #expect(!redacted.contains("abc123"))
        #expect(!redacted.contains("custom_key_1234"))
        #expect(redacted.contains("sk_test_[REDACTED]"))
    }

    @Test func configDescriptionsMaskTheKey() {
        let config = StripeConfig(apiKey: Self.key)
        for text in [config.description, String(describing: config), String(reflecting: config), "\(config)", dumped(config)] {
            #expect(!text.contains("VerySecretKeyValue"), "leaked in: \(text)")
            #expect(text.contains("sk_test_[REDACTED]"))
        }
    }

    @Test func clientAndRequestDumpsMaskTheKey() throws {
        let transport = ScriptedTransport([])
        let client = try StripeClient(config: StripeConfig(apiKey: Self.key), transport: transport)
        let request = try client.buildRequest(.post, "/v1/customers", params: ["email": "a@b.c"], options: .idempotent("k"))
        #expect(request.header("Authorization") == "Bearer \(Self.key)")
        for text in [dumped(client), String(describing: request), String(reflecting: request), dumped(request), "\(request)"] {
            #expect(!text.contains("VerySecretKeyValue"), "leaked in: \(text)")
        }
        #expect(String(describing: request).contains("Idempotency-Key: k"))
    }

    @Test func errorFromServerEchoingTheKeyIsRedacted() throws {
        let body = #"{"error":{"type":"invalid_request_error","message":"Invalid API Key provided: \#(Self.key)"}}"#
        let transport = ScriptedTransport([.respond(401, [:], body)])
        let client = try StripeClient(config: StripeConfig(apiKey: Self.key, apiBase: "http://127.0.0.1:1"), transport: transport)
        let error = try #require(throws: StripeError.self) { try client.retrieveAccount("acct_1") }
        #expect(error.kind == .authentication)
        for text in [error.message, error.description, String(reflecting: error), "\(error)"] {
            #expect(!text.contains("VerySecretKeyValue"), "leaked in: \(text)")
        }
    }

    @Test func transportErrorTextIsRedacted() throws {
        let transport = ScriptedTransport([.fail(StripeTransportError(code: "curl_6", message: "could not resolve \(Self.key)"))])
        var config = StripeConfig(apiKey: Self.key, apiBase: "http://127.0.0.1:1")
        config.maxRetries = 0
        let client = try StripeClient(config: config, transport: transport)
        let error = try #require(throws: StripeError.self) { try client.retrieveAccount("acct_1") }
        #expect(error.kind == .network)
        #expect(!error.description.contains("VerySecretKeyValue"))
    }

    @Test func curlErrorTextIsRedacted() throws {
        // The key is embedded in the URL's user part so curl's own error text could echo it.
        var config = StripeConfig(
            apiKey: Self.key, apiBase: "http://\(Self.key)@127.0.0.1:1",
            connectTimeout: .seconds(5), timeout: .seconds(10))
        config.maxRetries = 1
        let client = try StripeClient(config: config)
        var waited = 0
        client.whileWaiting = { waited += 1 }
        let error = try #require(throws: StripeError.self) { try client.retrieveAccount("acct_1") }
        #expect(error.kind == .network)
        #expect(error.code?.hasPrefix("curl_") == true)
        #expect(error.isRetryable)
        for text in [error.message, error.description, String(reflecting: error), client.config.description] {
            #expect(!text.contains("VerySecretKeyValue"), "leaked in: \(text)")
        }
    }

    private func dumped<T>(_ value: T) -> String {
        var out = ""
        dump(value, to: &out)
        return out
    }
}
