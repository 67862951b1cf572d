import Foundation
import StripeSimCore
import TestKit

/// A simulator started in-process on a free port, plus a tiny Stripe-style client
/// (own form encoding; never the project's StripeAPI encoder).
final class SimTestClient: Sendable {
    let simulator: StripeSimulator
    let base: String
    let key = "sk_test_simtests123"

    init(config: SimulatorConfig = SimulatorConfig()) throws {
        simulator = StripeSimulator(config: config)
        let port = try simulator.start(port: 0)
        base = "http://127.0.0.1:\(port)"
    }

    deinit { simulator.stop() }

    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var json: JSONValue
        /// `json[key]` as a string.
        subscript(key: String) -> String? { json[key]?.stringValue }
        /// The error code, for errors.
        var errorCode: String? { json.value(at: "error.code")?.stringValue }
        var errorType: String? { json.value(at: "error.type")?.stringValue }
    }

    func post(
        _ path: String, _ form: [(String, String)] = [], account: String? = nil, idempotencyKey: String? = nil,
        version: String? = nil, fault: String? = nil, key: String? = nil
    ) async throws -> Reply {
        try await send("POST", path, form: form, account: account, idempotencyKey: idempotencyKey, version: version, fault: fault, key: key)
    }

    func get(_ path: String, _ query: [(String, String)] = [], account: String? = nil, key: String? = nil) async throws -> Reply {
        let suffix = query.isEmpty ? "" : "?" + Self.encode(query)
        return try await send("GET", path + suffix, form: [], account: account, key: key)
    }

    func send(
        _ method: String, _ path: String, form: [(String, String)], account: String? = nil, idempotencyKey: String? = nil,
        version: String? = nil, fault: String? = nil, key: String? = nil
    ) async throws -> Reply {
        var headers = ["Authorization": "Bearer \(key ?? self.key)"]
        if let account { headers["Stripe-Account"] = account }
        if let idempotencyKey { headers["Idempotency-Key"] = idempotencyKey }
        if let version { headers["Stripe-Version"] = version }
        if let fault { headers["X-Sim-Fault"] = fault }
        var body: [UInt8]?
        if method == "POST" {
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = Array(Self.encode(form).utf8)
        }
        let response = try await SimHTTP.send(method, base + path, headers: headers, body: body)
        return Reply(status: response.status, headers: response.headers, json: JSONValue.parse(response.body) ?? .null)
    }

    /// A raw request to a hosted page (no key).
    func page(_ method: String, _ pathAndQuery: String, form: [(String, String)] = []) async throws -> TestResponse {
        try await SimHTTP.send(method, base + pathAndQuery, headers: [:], body: method == "POST" ? Array(Self.encode(form).utf8) : nil)
    }

    /// A control-plane call (`/sim/…`) with an optional JSON body; the answer's status and JSON.
    func control(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> Reply {
        let response = try await SimHTTP.send(
            method, base + path, headers: body == nil ? [:] : ["Content-Type": "application/json"],
            body: body?.serialized() ?? (method == "GET" ? nil : []))
        return Reply(status: response.status, headers: response.headers, json: JSONValue.parse(response.body) ?? .null)
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~[]")
        return pairs.map { key, value in
            "\(key.addingPercentEncoding(withAllowedCharacters: allowed) ?? key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
    }

    /// Creates a connected account and returns its id.
    func account(type: String = "express") async throws -> String {
        let reply = try await post("/v1/accounts", [("type", type)])
        return reply["id"] ?? ""
    }

    /// Polls `condition` every 20 ms for up to `seconds` (generous; never a timing assertion).
    static func eventually(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
