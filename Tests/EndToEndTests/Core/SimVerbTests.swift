import StripeAPI
import Foundation
import StripeSimCore
import Testing
@testable import ConnectBusCLI

/// `connectbus sim …`: the calls it makes, and the verb run against a real simulator.
@Suite("sim verb")
struct SimVerbTests {
    private func call(_ words: [String]) throws -> SimVerb.Call {
        try SimVerb.call(ParsedArguments(words, verb: "sim", options: SimVerb.options, flags: SimVerb.flags))
    }

    @Test func buildsControlPlaneCalls() throws {
        #expect(try call(["clock", "advance", "2h"]) == SimVerb.Call(method: .post, path: "/sim/clock/advance", body: ["seconds": "7200.0"]))
        #expect(
            try call(["faults", "add", "--method", "POST", "--path", "/v1/customers", "--error-rate", "0.5", "--count", "3"]).body
                == ["method": "POST", "path": "/v1/customers", "error_rate": "0.5", "count": "3"])
        #expect(try call(["chaos", "set", "--endpoint", "we_1", "--down"]).body == ["endpoint": "we_1", "down": "true"])
        #expect(try call(["deliveries", "--event", "evt_1", "--failed"]).path == "/sim/webhooks/deliveries?event=evt_1&failed=true")
        #expect(try call(["requests", "--path", "/v1/**"]).path == "/sim/requests?path=/v1/**")
        #expect(try call(["reset", "--account", "acct_1", "--delete-account"]).body == ["account": "acct_1", "delete_account": "true"])
        #expect(throws: CLIError.self) { try call(["clock", "advance", "soon"]) }
        #expect(throws: CLIError.self) { try call(["bogus"]) }
        #expect(SimVerb.duration("3d") == 259_200)
        #expect(SimVerb.duration("-1") == nil)
    }

    @Test func drivesARunningSimulator() throws {
        let simulator = StripeSimulator()
        let port = try simulator.start(port: 0)
        defer { simulator.stop() }
        let environment = ["STRIPE_API_BASE": "http://127.0.0.1:\(port)"]
        #expect(ConnectBusCLI.run(["sim", "clock", "freeze", "1800000000"], environment: environment) == 0)
        #expect(ConnectBusCLI.run(["sim", "clock", "advance", "1h"], environment: environment) == 0)
        #expect(simulator.clock.now == 1_800_003_600)
        #expect(ConnectBusCLI.run(["sim", "faults", "add", "--path", "/v1/**", "--error-rate", "2"], environment: environment) == 1)
        #expect(ConnectBusCLI.run(["sim", "faults", "add", "--path", "/v1/**", "--latency-ms", "5", "--count", "1"], environment: environment) == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sim-verb-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(ConnectBusCLI.run(["sim", "snapshot", file], environment: environment) == 0)
        let saved = try #require(FileManager.default.contents(atPath: file))
        #expect(String(decoding: saved, as: UTF8.self).contains("stripe-sim.snapshot"))
        #expect(ConnectBusCLI.run(["sim", "reset"], environment: environment) == 0)
        #expect(simulator.clock.isFrozen == false)
        #expect(ConnectBusCLI.run(["sim", "restore", file], environment: environment) == 0)
        #expect(simulator.clock.isFrozen && simulator.clock.now == 1_800_003_600)
        #expect(ConnectBusCLI.run(["sim", "requests"], environment: environment) == 0)
    }
}
