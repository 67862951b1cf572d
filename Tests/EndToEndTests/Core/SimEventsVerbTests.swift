import Foundation
import HTTPServer
import StripeAPI
import StripeSimCore
import Testing
@testable import ConnectBusCLI

/// `connectbus sim events list|retrieve|resend`, `sim logs tail` and `sim requests` against
/// an in-process simulator, their output lines parsed.
@Suite("sim events and logs verbs")
struct SimEventsVerbTests {
    /// Lines written by a command, from any thread.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ text: String) { lock.lock(); lines += text.split(separator: "\n").map(String.init); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    private func arguments(_ words: [String]) throws -> ParsedArguments {
        try ParsedArguments(words, verb: "sim", options: SimVerb.options, flags: SimVerb.flags)
    }

    /// Runs `sim <words…>` for `events`, returning the exit status and the lines.
    private func events(_ words: [String], base: String) throws -> (Int32, [String]) {
        let lines = Lines()
        let parsed = try arguments(words)
        let status = try SimEventsCommand.run(
            Array(parsed.positionals.dropFirst()), parsed, client: try SimControlClient(base: base), apiKey: "sk_test_cli_tests",
            emit: lines.append)
        return (status, lines.all)
    }

    /// A Stripe API call to the simulator (form body), as a service would make it.
    @discardableResult
    private func api(
        _ method: HTTPMethod, _ base: String, _ path: String, form: String = "", headers: [(name: String, value: String)] = []
    )
        throws -> [String: Any]
    {
        let transport = try CurlTransport(connectTimeout: .seconds(2), timeout: .seconds(10))
        let response = try transport.perform(
            StripeHTTPRequest(
                method: method, url: base + path,
                headers: [("Authorization", "Bearer sk_test_cli_tests"), ("Content-Type", "application/x-www-form-urlencoded")] + headers,
                body: Array(form.utf8)),
            whileWaiting: nil)
        return JSONDisplay.parse(response.body) as? [String: Any] ?? [:]
    }

    private func fields(_ line: String) -> [String] { line.components(separatedBy: "  ") }

    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !condition() { Thread.sleep(forTimeInterval: 0.02) }
        return condition()
    }

    @Test func listsRetrievesAndResendsEvents() throws {
        let received = Lines()
        let hook = try HTTPServer(port: 0) { request in
            received.append(request.path)
            return .text(200, "ok")
        }
        defer { hook.stop() }
        var config = SimulatorConfig()
        config.webhookEndpoints = [WebhookEndpointConfig(url: hook.baseURL + "/hook", secret: "whsec_cli", connect: false)]
        let simulator = StripeSimulator(config: config)
        let base = "http://127.0.0.1:\(try simulator.start(port: 0))"
        defer { simulator.stop() }
        try api(.post, base, "/v1/customers", form: "email=a%40example.com")
        let account = try #require(try api(.post, base, "/v1/accounts", form: "type=express")["id"] as? String)
        try api(.post, base, "/v1/customers", form: "email=b%40example.com", headers: [("Stripe-Account", account)])

        let (listed, lines) = try events(["events", "list", "--type", "customer.created"], base: base)
        #expect(listed == 0 && lines.count == 1)
        let platform = fields(try #require(lines.first))
        #expect(platform.count == 4 && platform[1].hasPrefix("evt_") && platform[2] == "customer.created" && platform[3] == "-")
        #expect(ISO8601DateFormatter().date(from: platform[0]) != nil)
        let (_, connected) = try events(["events", "list", "--limit", "5", "--stripe-account", account], base: base)
        #expect(connected.map { fields($0)[3] } == [account])
        let (_, all) = try events(["events", "list", "--limit", "1"], base: base)
        #expect(all.count == 1)

        let (retrieved, one) = try events(["events", "retrieve", platform[1]], base: base)
        #expect(retrieved == 0 && one.map(fields) == [platform])
        let (_, json) = try events(["events", "retrieve", platform[1], "--json"], base: base)
        #expect((JSONDisplay.parse(Array(json.joined(separator: "\n").utf8)) as? [String: Any])?["id"] as? String == platform[1])
        let (missing, _) = try events(["events", "retrieve", "evt_missing"], base: base)
        #expect(missing == 1)

        let delivered = { simulator.webhookDeliveries.filter { $0.eventId == platform[1] } }
        #expect(eventually { delivered().count == 1 })
        let (resent, resendLines) = try events(["events", "resend", platform[1]], base: base)
        #expect(resent == 0)
        let resendFields = fields(try #require(resendLines.first))
        #expect(resendFields[0] == platform[1] && resendFields[2].hasPrefix("resent to we_") && resendFields[3] == hook.baseURL + "/hook")
        #expect(eventually { delivered().count == 2 })
        #expect(delivered().map(\.resend) == [false, true] && received.all.allSatisfy { $0 == "/hook" })
        let client = try SimControlClient(base: base)
        let deliveries = try client.send(.get, try SimVerb.call(try arguments(["deliveries", "--event", platform[1]])).path)
        let deliveryLines = try #require(SimVerb.lines("/sim/webhooks/deliveries", deliveries.body)).split(separator: "\n")
        #expect(deliveryLines.filter { $0.hasSuffix("  resend") }.count == 1)
        #expect(deliveryLines.filter { $0.hasPrefix(platform[1]) }.count == 2)
        // A connected account's event has no Connect endpoint here: refused, exit status 1.
        let (refused, _) = try events(["events", "resend", fields(connected[0])[1], "--account", account], base: base)
        #expect(refused == 1)
        #expect(throws: CLIError.self) { try events(["events", "resend"], base: base) }
    }

    @Test func logsTailFollowsAPIRequestsWithStripeFilters() throws {
        let simulator = StripeSimulator()
        let base = "http://127.0.0.1:\(try simulator.start(port: 0))"
        defer { simulator.stop() }
        let account = try #require(try api(.post, base, "/v1/accounts", form: "type=express")["id"] as? String)
        let lines = Lines()
        let ready = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let parsed = try arguments([
            "logs", "tail", "--filter-http-method", "POST", "--filter-request-path", "/v1/customers,/v1/products",
            "--limit", "2", "--seconds", "30",
        ])
        let exit = Lines()
        let thread = Thread {
            do {
                let status = try SimLogsTail.run(parsed, client: try SimControlClient(base: base), emit: lines.append) { ready.signal() }
                exit.append(String(status))
            } catch {
                exit.append("error \(error)")
                ready.signal()
            }
            done.signal()
        }
        thread.start()
        ready.wait()
        try api(.get, base, "/v1/customers")
        _ = try SimControlClient(base: base).send(.get, "/sim/clock")
        try api(.post, base, "/v1/customers", form: "email=c%40example.com", headers: [("Idempotency-Key", "key-1")])
        try api(.post, base, "/v1/customers", form: "email=d%40example.com", headers: [("Stripe-Account", account)])
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(exit.all == ["0"])
        let rows = lines.all.map(fields)
        #expect(rows.count == 2)
        #expect(rows.map { $0[1] } == ["POST /v1/customers", "POST /v1/customers"])
        #expect(rows.map { $0[2] } == ["200", "200"])
        #expect(rows.map { $0[3] } == ["-", account])
        #expect(rows.map { $0[4] } == ["key-1", "-"])
        #expect(rows.allSatisfy { $0[5].hasPrefix("req_") && $0[0].count == 8 })

        // `sim requests` leaves out the simulator's own calls unless --include-control.
        let client = try SimControlClient(base: base)
        let plain = try client.send(.get, try SimVerb.call(try arguments(["requests", "--limit", "1000"])).path)
        let plainLines = try #require(SimVerb.lines("/sim/requests", plain.body))
        #expect(!plainLines.contains("/sim/") && plainLines.contains("/v1/customers"))
        let withControl = try client.send(.get, try SimVerb.call(try arguments(["requests", "--include-control", "--limit", "1000"])).path)
        #expect(try #require(SimVerb.lines("/sim/requests", withControl.body)).contains("GET /sim/clock"))
    }

    @Test func logsTailFiltersAreStripes() throws {
        let filter = try SimLogsTail.Filter(
            try arguments([
                "logs", "tail", "--filter-account", "self,acct_1", "--filter-request-status", "FAILED", "--filter-status-code-type", "4XX",
            ]))
        #expect(filter.matches(["method": "POST", "path": "/v1/x", "status": 402]))
        #expect(filter.matches(["method": "POST", "path": "/v1/x", "status": 404, "account": "acct_1"]))
        #expect(!filter.matches(["method": "POST", "path": "/v1/x", "status": 404, "account": "acct_2"]))
        #expect(!filter.matches(["method": "POST", "path": "/v1/x", "status": 500]))
        #expect(!filter.matches(["method": "POST", "path": "/v1/x", "status": 200]))
        let connectOut = try SimLogsTail.Filter(try arguments(["logs", "tail", "--filter-account", "connect_out", "--filter-status-code", "200"]))
        #expect(connectOut.matches(["status": 200, "account": "acct_9"]) && !connectOut.matches(["status": 200]))
        #expect(throws: CLIError.self) { try SimLogsTail.Filter(try arguments(["logs", "tail", "--filter-http-method", "PATCH"])) }
        #expect(throws: CLIError.self) { try SimLogsTail.Filter(try arguments(["logs", "tail", "--filter-account", "everyone"])) }
        #expect(
            try SimEventsCommand.request(["resend", "evt_1"], try arguments(["--webhook-endpoint", "we_1"]))
                == SimEventsCommand.Request(method: .post, path: "/sim/events/evt_1/resend", body: ["webhook_endpoint": "we_1"]))
        #expect(
            try SimEventsCommand.request(["list"], try arguments(["--limit", "3", "--type", "payment_intent.*"])).path
                == "/v1/events?limit=3&type=payment_intent.*")
    }
}
