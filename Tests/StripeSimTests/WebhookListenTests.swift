import Foundation
import HTTPServer
import StripeSimCore
import TestKit
import Testing

/// `POST /sim/webhooks/listen` (a listener's endpoints sharing one secret), the delivery
/// log's cursor, `DELETE /sim/webhooks/listen/<id>`, and persons' create/delete events.
@Suite("stripe-sim listen endpoints")
struct WebhookListenTests {
    @Test("platform events go to forward_to and connected accounts' to forward_connect_to, signed with one secret kept across listens")
    func listenEndpoints() async throws {
        let paths = PathLog()
        let hook = try HTTPServer(port: 0) { request in
            paths.append(request.path, signature: request.headers["stripe-signature"] ?? "", body: request.body)
            return .text(200, "ok")
        }
        defer { hook.stop() }
        let sim = try SimTestClient()
        let started = try await sim.control(
            "POST", "/sim/webhooks/listen",
            [
                "forward_to": .string(hook.baseURL + "/platform"), "forward_connect_to": .string(hook.baseURL + "/connect"),
                "events": "customer.created",
            ])
        #expect(started.status == 200)
        let secret = try #require(started.json["secret"]?.stringValue)
        #expect(secret.hasPrefix("whsec_"))
        let endpoints = started.json["endpoints"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(endpoints.count == 2)
        let cursor = try await sim.control("GET", "/sim/webhooks/deliveries?limit=1").json["cursor"]?.intValue ?? -1
        let account = try await sim.account()
        _ = try await sim.post("/v1/customers", [("email", "p@example.com")])
        _ = try await sim.post("/v1/customers", [("email", "c@example.com")], account: account)
        _ = try await sim.post("/v1/products", [("name", "not enabled")])
        #expect(await SimTestClient.eventually { paths.all.count == 2 })
        #expect(Set(paths.all.map(\.path)) == ["/platform", "/connect"])
        for delivery in paths.all {
            let timestamp = try #require(delivery.signature.split(separator: ",").first.flatMap { Int($0.dropFirst(2)) })
            #expect(delivery.signature == WebhookSigner.header(payload: delivery.body, secret: secret, timestamp: timestamp))
        }
        let log = try await sim.control("GET", "/sim/webhooks/deliveries?after=\(cursor)")
        let records = log.json["data"]?.arrayValue ?? []
        #expect(records.count == 2 && records.allSatisfy { ($0["seq"]?.intValue ?? 0) > cursor && $0["response_body"] == "ok" })
        #expect(log.json["cursor"]?.intValue == cursor + 2)
        #expect(try await sim.control("GET", "/sim/webhooks/deliveries?after=\(cursor + 2)").json["data"]?.arrayValue?.isEmpty == true)

        for endpoint in endpoints { #expect(try await sim.control("DELETE", "/sim/webhooks/listen/\(endpoint)").status == 200) }
        #expect(try await sim.control("DELETE", "/sim/webhooks/listen/\(endpoints[0])").status == 404)
        #expect(try await sim.control("GET", "/sim/webhooks/endpoints").json["data"]?.arrayValue?.isEmpty == true)
        #expect(try await sim.control("GET", "/sim/webhooks/listen").json["secret"]?.stringValue == secret)
        let again = try await sim.control("POST", "/sim/webhooks/listen", ["forward_to": .string(hook.baseURL + "/platform")])
        #expect(again.json["secret"]?.stringValue == secret)
        #expect(again.json["endpoints"]?.arrayValue?.last?["url"]?.stringValue == hook.baseURL + "/platform")  // connect defaults to forward_to
    }

    @Test(
        "a listen without forward_to, with a non-HTTP URL or an unknown argument is refused; a reset and a restore keep listeners, a snapshot leaves them out"
    )
    func refusals() async throws {
        let sim = try SimTestClient()
        #expect(try await sim.control("POST", "/sim/webhooks/listen", [:]).json.value(at: "error.param") == "forward_to")
        #expect(try await sim.control("POST", "/sim/webhooks/listen", ["forward_to": "ftp://x"]).json.value(at: "error.code") == "url_invalid")
        #expect(try await sim.control("POST", "/sim/webhooks/listen", ["forward_to": "http://x", "secret": "s"]).status == 400)
        _ = try await sim.control("POST", "/sim/webhooks/listen", ["forward_to": "http://127.0.0.1:1/x"])
        _ = try await sim.control("POST", "/sim/reset", [:])
        #expect(try await sim.control("GET", "/sim/webhooks/endpoints").json["data"]?.arrayValue?.count == 2)
        // A snapshot leaves the listener out; a restore keeps it.
        let snapshot = try await sim.control("GET", "/sim/snapshot")
        #expect(snapshot.json["endpoints"]?.arrayValue?.isEmpty == true)
        #expect(try await sim.control("POST", "/sim/restore", snapshot.json).status == 200)
        let after = try await sim.control("GET", "/sim/webhooks/endpoints").json["data"]?.arrayValue ?? []
        #expect(after.count == 2 && after.allSatisfy { $0["listen"] == true })
    }

    @Test("persons: create emits person.created and delete person.deleted on the connected account")
    func personEvents() async throws {
        let sim = try SimTestClient()
        let account = try await sim.account()
        let person = try await sim.post("/v1/accounts/\(account)/persons", [("first_name", "Jenny")])
        let id = try #require(person["id"])
        let deleted = try await sim.send("DELETE", "/v1/accounts/\(account)/persons/\(id)", form: [])
        #expect(deleted.json == ["id": .string(id), "object": "person", "deleted": true])
        #expect(try await sim.get("/v1/accounts/\(account)/persons/\(id)").status == 404)
        let types = sim.simulator.events(account: account).compactMap { $0["type"]?.stringValue }
        #expect(types.contains("person.created") && types.contains("person.deleted"))
    }
}

/// Requests a hook received (path, `Stripe-Signature`, body), from any thread.
final class PathLog: @unchecked Sendable {
    struct Delivery { var path: String; var signature: String; var body: [UInt8] }
    private let lock = NSLock()
    private var deliveries: [Delivery] = []
    func append(_ path: String, signature: String, body: [UInt8]) {
        lock.lock(); deliveries.append(Delivery(path: path, signature: signature, body: body)); lock.unlock()
    }
    var all: [Delivery] { lock.lock(); defer { lock.unlock() }; return deliveries }
}
