import HTTPServer
import TestKit
import StripeSimCore
import Testing

/// `POST /v1/webhook_endpoints/:id` and `GET /v1/webhook_endpoints` as Stripe answers them
/// (https://docs.stripe.com/api/webhook_endpoints/update, …/list).
@Suite("stripe-sim webhook endpoint update and list")
struct WebhookEndpointUpdateTests {
    @Test("update replaces enabled_events, keeps the secret out of the answer and routes deliveries by the new list")
    func updateChangesEvents() async throws {
        let receiver = try WebhookReceiver(failures: 0)
        let sim = try SimTestClient()
        let created = try await sim.post(
            "/v1/webhook_endpoints", [("url", receiver.url), ("enabled_events[]", "product.created"), ("api_version", "2025-03-31.basil")])
        let id = try #require(created["id"])
        let updated = try await sim.post(
            "/v1/webhook_endpoints/\(id)",
            [("enabled_events[]", "customer.created"), ("description", "renamed"), ("metadata[team]", "ops")])
        #expect(updated.status == 200)
        #expect(updated.json["secret"] == nil)
        #expect(updated.json["enabled_events"] == .strings(["customer.created"]))
        #expect(updated["description"] == "renamed")
        #expect(updated["api_version"] == "2025-03-31.basil")
        #expect(updated.json.value(at: "metadata.team") == "ops")
        _ = try await sim.post("/v1/products", [("name", "Not delivered any more")])
        _ = try await sim.post("/v1/customers", [("email", "hook@x.test")])
        #expect(await SimTestClient.eventually { !receiver.requests.isEmpty })
        #expect(receiver.requests.compactMap { JSONValue.parse($0.body)?["type"]?.stringValue } == ["customer.created"])
    }

    @Test("disabled=true stops deliveries and shows status disabled; disabled=false resumes")
    func disableAndEnable() async throws {
        let receiver = try WebhookReceiver(failures: 0)
        let sim = try SimTestClient()
        let id = try #require(try await sim.post("/v1/webhook_endpoints", [("url", receiver.url), ("enabled_events[]", "customer.created")])["id"])
        #expect(try await sim.post("/v1/webhook_endpoints/\(id)", [("disabled", "true")])["status"] == "disabled")
        _ = try await sim.post("/v1/customers", [("email", "off@x.test")])
        #expect(try await sim.post("/v1/webhook_endpoints/\(id)", [("disabled", "false")])["status"] == "enabled")
        _ = try await sim.post("/v1/customers", [("email", "on@x.test")])
        #expect(await SimTestClient.eventually { !receiver.requests.isEmpty })
        let emails = receiver.requests.compactMap { JSONValue.parse($0.body)?.value(at: "data.object.email")?.stringValue }
        #expect(emails == ["on@x.test"])
    }

    @Test("api_version and connect are not update parameters; an unknown id is resource_missing")
    func refusals() async throws {
        let sim = try SimTestClient()
        let id = try #require(try await sim.post("/v1/webhook_endpoints", [("url", "https://x.test/h"), ("enabled_events[]", "*")])["id"])
        let version = try await sim.post("/v1/webhook_endpoints/\(id)", [("api_version", "2025-03-31.basil")])
        #expect(version.status == 400 && version.json.value(at: "error.param") == "api_version")
        #expect(try await sim.post("/v1/webhook_endpoints/\(id)", [("connect", "true")]).status == 400)
        #expect(try await sim.post("/v1/webhook_endpoints/\(id)", [("url", "ftp://x.test")]).errorCode == "url_invalid")
        #expect(try await sim.post("/v1/webhook_endpoints/we_missing", [("disabled", "true")]).errorCode == "resource_missing")
    }

    @Test("the list pages with limit and starting_after, newest first, without secrets")
    func listPages() async throws {
        let sim = try SimTestClient()
        var ids: [String] = []
        for n in 0..<3 {
            ids.append(try #require(try await sim.post("/v1/webhook_endpoints", [("url", "https://x.test/\(n)"), ("enabled_events[]", "*")])["id"]))
        }
        let first = try await sim.get("/v1/webhook_endpoints", [("limit", "2")])
        #expect(first["object"] == "list" && first.json["has_more"] == .bool(true))
        let firstIds = first.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(firstIds == [ids[2], ids[1]])
        #expect(first.json["data"]?.arrayValue?.allSatisfy { $0["secret"] == nil } == true)
        let second = try await sim.get("/v1/webhook_endpoints", [("limit", "2"), ("starting_after", ids[1])])
        #expect(second.json["has_more"] == .bool(false))
        #expect(second.json["data"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == [ids[0]])
    }
}
