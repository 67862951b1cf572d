import Foundation
import HTTPServer
import Messages
import StripeAPI
import StripeSimCore
import Testing
@testable import ConnectBusCLI

/// `connectbus sim trigger` and `sim listen` against an in-process simulator: every recipe
/// makes its event happen, overrides and `--stripe-account` reach the calls, and a listener
/// prints its secret, one line per delivery, and removes its endpoints when stopped.
@Suite("sim trigger and listen verbs")
struct SimTriggerVerbTests {
    typealias Lines = SimEventsVerbTests.Lines

    /// A flag raised on one thread and read on another.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        func raise() { lock.lock(); flag = true; lock.unlock() }
        var raised: Bool { lock.lock(); defer { lock.unlock() }; return flag }
    }

    private func arguments(_ words: [String]) throws -> ParsedArguments {
        try ParsedArguments(words, verb: "sim", options: SimVerb.options, flags: SimVerb.flags)
    }

    /// Runs `sim trigger <words…>`; the exit status and the lines.
    private func trigger(_ words: [String], base: String) throws -> (Int32, [String]) {
        let lines = Lines()
        let parsed = try arguments(["trigger"] + words)
        let status = try SimTrigger.run(
            Array(parsed.positionals.dropFirst()), parsed, client: try SimControlClient(base: base), apiKey: "sk_test_trigger", emit: lines.append)
        return (status, lines.all)
    }

    /// `(event id, account or nil)` from `Trigger succeeded! <type> <evt> on <acct_…|the platform>`.
    private func outcome(_ lines: [String]) -> (event: String, account: String?)? {
        guard let line = lines.first(where: { $0.hasPrefix("Trigger succeeded! ") }) else { return nil }
        let words = line.split(separator: " ").map(String.init)
        guard words.count >= 5 else { return nil }
        return (words[3], words[5].hasPrefix("acct_") ? words[5] : nil)
    }

    private func simulator() throws -> (StripeSimulator, String) {
        let simulator = StripeSimulator(config: SimulatorConfig())
        return (simulator, "http://127.0.0.1:\(try simulator.start(port: 0))")
    }

    @Test func everyRecipeMakesItsEventHappen() throws {
        let (simulator, base) = try simulator()
        defer { simulator.stop() }
        for fixture in SimTriggerFixtures.all {
            let (status, lines) = try trigger([fixture.event], base: base)
            #expect(status == 0, "\(fixture.event): \(lines)")
            let found = try #require(outcome(lines), "\(fixture.event): \(lines)")
            let event = simulator.events(account: found.account).first { $0["id"]?.stringValue == found.event }
            #expect(event?["type"]?.stringValue == fixture.event)
            #expect((found.account != nil) == (fixture.needsAccount && !fixture.eventOnPlatform), "\(fixture.event)")
        }
    }

    @Test func everyConsumedTypeHasARecipe() {
        let missing = ConsumedStripeEvents.types.filter { SimTriggerFixtures.fixture(for: $0) == nil }
        #expect(missing == [])
        #expect(Set(SimTriggerFixtures.all.map(\.event)).count == SimTriggerFixtures.all.count)
        for fixture in SimTriggerFixtures.all { #expect(SimVerb.help.contains(fixture.event)) }
    }

    @Test func onAConnectedAccountWithOverrides() throws {
        let (simulator, base) = try simulator()
        defer { simulator.stop() }
        let created = try CurlTransport(connectTimeout: .seconds(2), timeout: .seconds(10)).perform(
            StripeHTTPRequest(
                method: .post, url: base + "/v1/accounts",
                headers: [("Authorization", "Bearer sk_test_trigger"), ("Content-Type", "application/x-www-form-urlencoded")],
                body: Array("type=express".utf8)),
            whileWaiting: nil)
        let account = try #require((JSONDisplay.parse(created.body) as? [String: Any])?["id"] as? String)
        let (status, lines) = try trigger(
            [
                "payment_intent.succeeded", "--stripe-account", account, "--override", "payment_intent:amount=4321",
                "--override", "metadata[order]=o-7",
            ], base: base)
        #expect(status == 0, "\(lines)")
        let found = try #require(outcome(lines))
        #expect(found.account == account)
        let event = try #require(simulator.events(account: account).first { $0["id"]?.stringValue == found.event })
        #expect(event.value(at: "data.object.amount")?.intValue == 4321)
        #expect(event.value(at: "data.object.metadata.order")?.stringValue == "o-7")
        #expect(simulator.events().allSatisfy { $0["type"]?.stringValue != "payment_intent.succeeded" })
        let (person, personLines) = try trigger(["person.created", "--stripe-account", account], base: base)
        #expect(person == 0 && outcome(personLines)?.account == account)
    }

    @Test func badArgumentsAndRefusals() throws {
        let (simulator, base) = try simulator()
        defer { simulator.stop() }
        for words in [
            ["invoice.paid"], [], ["payment_intent.succeeded", "--override", "amount"],
            ["payment_intent.succeeded", "--override", "refund:amount=1"],
        ] {
            #expect(throws: CLIError.self, "\(words)") { try trigger(words, base: base) }
        }
        let (refused, _) = try trigger(["payment_intent.succeeded", "--stripe-account", "acct_nobody"], base: base)
        #expect(refused == 1)
        let (tooBig, _) = try trigger(["payment_intent.succeeded", "--override", "amount=99999999999"], base: base)
        #expect(tooBig == 1)
    }

    @Test func listenPrintsTheSecretThenEachDeliveryAndRemovesItsEndpoints() throws {
        let hits = Lines()
        let hook = try HTTPServer(port: 0) { request in
            hits.append(request.path)
            return .text(202, "accepted")
        }
        defer { hook.stop() }
        let (simulator, base) = try simulator()
        defer { simulator.stop() }
        let parsed = try arguments(["listen", "--forward-to", hook.baseURL + "/platform", "--forward-connect-to", hook.baseURL + "/connect"])
        let lines = Lines(), stop = Flag(), done = Lines()
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread {
            let status =
                (try? SimListen.run(
                    parsed, client: SimControlClient(base: base), emit: lines.append, ready: { ready.signal() },
                    stop: { wait in
                        Thread.sleep(forTimeInterval: min(wait, 0.05))
                        return stop.raised
                    })) ?? -1
            done.append(String(status))
        }
        thread.start()
        #expect(ready.wait(timeout: .now() + 10) == .success)
        let first = try #require(lines.all.first)
        #expect(first.hasPrefix("> Ready! Your webhook signing secret is whsec_"))
        let secret = try #require(first.split(separator: " ").first { $0.hasPrefix("whsec_") }).description
        let (status, triggered) = try trigger(["customer.created"], base: base)
        let (connectStatus, connectTriggered) = try trigger(["person.created"], base: base)
        #expect(status == 0 && connectStatus == 0)
        let platformEvent = try #require(outcome(triggered)?.event), connectEvent = try #require(outcome(connectTriggered)?.event)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !(lines.all.contains { $0.contains(platformEvent) } && lines.all.contains { $0.contains(connectEvent) }) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let platformLine = try #require(lines.all.first { $0.contains(platformEvent) })
        #expect(
            platformLine.contains("  customer.created  ") && platformLine.contains("[202] POST \(hook.baseURL)/platform")
                && platformLine.hasSuffix(" ms"))
        #expect(lines.all.contains { $0.contains(connectEvent) && $0.contains("\(hook.baseURL)/connect") })
        #expect(hits.all.contains("/platform") && hits.all.contains("/connect"))
        stop.raise()
        while done.all.isEmpty, Date() < deadline.addingTimeInterval(10) { Thread.sleep(forTimeInterval: 0.05) }
        #expect(done.all == ["0"])
        let (_, endpoints) = try SimControlClient(base: base).send(.get, "/sim/webhooks/endpoints")
        #expect(((JSONDisplay.parse(endpoints) as? [String: Any])?["data"] as? [Any])?.isEmpty == true)
        let printed = Lines()
        #expect(
            try SimListen.run(
                try arguments(["listen", "--print-secret"]), client: SimControlClient(base: base), emit: printed.append, stop: { _ in true }) == 0)
        #expect(printed.all == [secret])
        #expect(throws: CLIError.self) {
            try SimListen.run(try arguments(["listen"]), client: SimControlClient(base: base), emit: { _ in }, stop: { _ in true })
        }
    }
}
