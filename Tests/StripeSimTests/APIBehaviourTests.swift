import TestKit
import Foundation
import StripeSimCore
import Testing

@Suite("stripe-sim API behaviour")
struct APIBehaviourTests {
    @Test("auth: missing or live keys get 401; every response carries Request-Id and Stripe-Version")
    func auth() async throws {
        let sim = try SimTestClient()
        let missing = try await SimHTTP.send("GET", sim.base + "/v1/customers", headers: [:], body: nil)
        #expect(missing.status == 401)
        #expect(missing.headers["request-id"]?.hasPrefix("req_") == true)
        let live = try await sim.get("/v1/customers", key: "sk_live_abcdefghijk")
        #expect(live.status == 401)
        #expect(live.errorType == "invalid_request_error")
        #expect(live.json.value(at: "error.message")?.stringValue?.contains("abcdefghijk") == false)
        let ok = try await sim.get("/v1/customers")
        #expect(ok.status == 200)
        #expect(ok.headers["stripe-version"] == "2026-11-18.endive")
        let versioned = try await sim.post("/v1/customers", [("email", "a@b.test")], version: "2024-06-20")
        #expect(versioned.headers["stripe-version"] == "2024-06-20")
        #expect(versioned.headers["request-id"]?.hasPrefix("req_") == true)
    }

    @Test("unknown URL is 404; unknown id is 404 resource_missing")
    func notFound() async throws {
        let sim = try SimTestClient()
        #expect(try await sim.get("/v1/nothing_here").status == 404)
        let missing = try await sim.get("/v1/customers/cus_nope")
        #expect(missing.status == 404)
        #expect(missing.errorCode == "resource_missing")
        #expect(missing.json.value(at: "error.param") == "id")
    }

    @Test("parameter_unknown for top-level and nested parameters; parameter_missing")
    func unknownParameters() async throws {
        let sim = try SimTestClient()
        let top = try await sim.post("/v1/customers", [("email", "a@b.test"), ("colour", "blue")])
        #expect(top.status == 400)
        #expect(top.errorCode == "parameter_unknown")
        #expect(top.json.value(at: "error.param") == "colour")
        let nested = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("success_url", "https://x.test/ok"), ("line_items[0][price_data][currency]", "usd"),
                ("line_items[0][price_data][unit_amount]", "1000"), ("line_items[0][price_data][product_data][name]", "Tee"),
                ("line_items[0][quantity]", "1"), ("payment_intent_data[colour]", "blue"),
            ])
        #expect(nested.errorCode == "parameter_unknown")
        #expect(nested.json.value(at: "error.param") == "payment_intent_data[colour]")
        let missing = try await sim.post("/v1/payment_intents", [("currency", "usd")])
        #expect(missing.errorCode == "parameter_missing")
        #expect(missing.json.value(at: "error.param") == "amount")
    }

    @Test("Stripe-Account scoping: objects of one account are invisible to another and to the platform")
    func scoping() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let b = try await sim.account()
        let customer = try await sim.post("/v1/customers", [("email", "buyer@a.test")], account: a)
        let id = try #require(customer["id"])
        #expect(try await sim.get("/v1/customers/\(id)", account: a).status == 200)
        #expect(try await sim.get("/v1/customers/\(id)", account: b).status == 404)
        #expect(try await sim.get("/v1/customers/\(id)").status == 404)
        let listB = try await sim.get("/v1/customers", account: b)
        #expect(listB.json["data"]?.arrayValue?.isEmpty == true)
        #expect(try await sim.get("/v1/accounts/\(a)", account: b).status == 404)
        #expect(try await sim.get("/v1/account", account: a)["id"] == a)
        let unknown = try await sim.get("/v1/customers", account: "acct_doesnotexist")
        #expect(unknown.status == 403)
    }

    @Test("idempotency: same key and params replays; different params is idempotency_error")
    func idempotency() async throws {
        let sim = try SimTestClient()
        let first = try await sim.post("/v1/customers", [("email", "x@y.test")], idempotencyKey: "key-1")
        let second = try await sim.post("/v1/customers", [("email", "x@y.test")], idempotencyKey: "key-1")
        #expect(first.status == 200)
        #expect(second["id"] == first["id"])
        #expect(second.headers["idempotent-replayed"] == "true")
        #expect(first.headers["idempotent-replayed"] == nil)
        #expect(sim.simulator.count(objectType: "customer") == 1)
        let mismatch = try await sim.post("/v1/customers", [("email", "other@y.test")], idempotencyKey: "key-1")
        #expect(mismatch.status == 400)
        #expect(mismatch.errorType == "idempotency_error")
        let a = try await sim.account()
        let otherScope = try await sim.post("/v1/customers", [("email", "x@y.test")], account: a, idempotencyKey: "key-1")
        #expect(otherScope["id"] != first["id"])
    }

    @Test("ephemeral keys need Stripe-Version and a customer; customer sessions enable a component")
    func mobileBundle() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let customer = try #require(try await sim.post("/v1/customers", [], account: a)["id"])
        let noVersion = try await sim.post("/v1/ephemeral_keys", [("customer", customer)], account: a)
        #expect(noVersion.status == 400)
        let noCustomer = try await sim.post("/v1/ephemeral_keys", [], account: a, version: "2020-08-27")
        #expect(noCustomer.errorCode == "parameter_missing")
        let key = try await sim.post("/v1/ephemeral_keys", [("customer", customer)], account: a, version: "2020-08-27")
        #expect(key["secret"]?.hasPrefix("ek_test_") == true)
        #expect(key.headers["stripe-version"] == "2020-08-27")
        let session = try await sim.post(
            "/v1/customer_sessions",
            [
                ("customer", customer), ("components[mobile_payment_element][enabled]", "true"),
                ("components[mobile_payment_element][features][payment_method_save]", "enabled"),
            ], account: a)
        #expect(session["client_secret"]?.hasPrefix("cuss_secret_") == true)
        #expect(session.json.value(at: "components.mobile_payment_element.enabled") == true)
        #expect(session.json.value(at: "components.mobile_payment_element.features.payment_method_save") == "enabled")
    }

    @Test("every request is logged with account, idempotency key and params; --log writes JSON lines")
    func requestLog() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stripe-sim-\(UUID().uuidString).log").path
        var config = SimulatorConfig()
        config.logFile = file
        let sim = try SimTestClient(config: config)
        let a = try await sim.account()
        _ = try await sim.post("/v1/customers", [("metadata[order]", "7")], account: a, idempotencyKey: "log-key")
        let entry = try #require(sim.simulator.requestLog.last)
        #expect(entry.path == "/v1/customers")
        #expect(entry.account == a)
        #expect(entry.idempotencyKey == "log-key")
        #expect(entry.params.value(at: "metadata.order") == "7")
        #expect(entry.status == 200)
        sim.simulator.stop()
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(JSONValue.parse(Array(lines[1].utf8))?["idempotency_key"] == "log-key")
        try? FileManager.default.removeItem(atPath: file)
    }
}
