import Foundation
import StripeSimCore
import TestKit
import Testing

@Suite("stripe-sim faults")
struct FaultInjectionTests {
    @Test("X-Sim-Fault 500 and 429 answer Stripe errors before doing anything")
    func injectedErrors() async throws {
        let sim = try SimTestClient()
        let failed = try await sim.post("/v1/customers", [("email", "a@b.test")], idempotencyKey: "k-500", fault: "500")
        #expect(failed.status == 500)
        #expect(failed.errorType == "api_error")
        #expect(failed.headers["stripe-should-retry"] == "true")
        let limited = try await sim.post("/v1/customers", [("email", "a@b.test")], fault: "429")
        #expect(limited.status == 429)
        #expect(limited.errorCode == "rate_limit")
        #expect(sim.simulator.count(objectType: "customer") == 0)
        let retried = try await sim.post("/v1/customers", [("email", "a@b.test")], idempotencyKey: "k-500")
        #expect(retried.status == 200)
        #expect(retried.headers["idempotent-replayed"] == nil)
        #expect(sim.simulator.count(objectType: "customer") == 1)
    }

    @Test("a dropped connection after execution: the idempotent retry replays and creates nothing new")
    func dropThenReplay() async throws {
        let sim = try SimTestClient()
        await #expect(throws: TestHTTPError.self) {
            _ = try await sim.post("/v1/customers", [("email", "d@b.test")], idempotencyKey: "k-drop", fault: "drop")
        }
        #expect(sim.simulator.count(objectType: "customer") == 1)
        let retried = try await sim.post("/v1/customers", [("email", "d@b.test")], idempotencyKey: "k-drop")
        #expect(retried.headers["idempotent-replayed"] == "true")
        #expect(sim.simulator.count(objectType: "customer") == 1)
        #expect(sim.simulator.requestLog.first?.fault == "drop")
    }

    @Test("configured faults: a rate limit per second and a fail rate of 1")
    func configuredFaults() async throws {
        var config = SimulatorConfig()
        config.faults = FaultSettings(rateLimitPerSecond: 1)
        let sim = try SimTestClient(config: config)
        var statuses: [Int] = []
        for _ in 0..<5 { statuses.append(try await sim.get("/v1/customers").status) }
        #expect(statuses.contains(429))
        sim.simulator.faults = FaultSettings(failRate: 1)
        #expect(try await sim.get("/v1/customers").status == 500)
        sim.simulator.faults = FaultSettings()
        #expect(try await sim.get("/v1/customers").status == 200)
    }

    @Test("command line: flags parse into the configuration; bad flags are reported")
    func commandLine() throws {
        let parsed = try SimulatorCommandLine.parse([
            "--port", "0", "--latency-ms", "20", "--fail-rate", "0.1", "--rate-limit", "25/s", "--drop-rate", "0.05",
            "--log", "/tmp/x.log", "--webhook", "url=http://127.0.0.1:9/hook,secret=whsec_1,connect=true",
        ])
        #expect(parsed.port == 0)
        #expect(parsed.config.faults == FaultSettings(latencyMs: 20, failRate: 0.1, dropRate: 0.05, rateLimitPerSecond: 25))
        #expect(parsed.config.logFile == "/tmp/x.log")
        #expect(parsed.config.webhookEndpoints == [WebhookEndpointConfig(url: "http://127.0.0.1:9/hook", secret: "whsec_1", connect: true)])
        #expect(try SimulatorCommandLine.parse([]).port == 12111)
        #expect(throws: SimulatorCommandLine.Problem.self) { try SimulatorCommandLine.parse(["--bogus"]) }
        #expect(throws: SimulatorCommandLine.Problem.self) { try SimulatorCommandLine.parse(["--webhook", "url=http://x"]) }
    }

    @Test("command line: seed, frozen clock and webhook retry schedule")
    func commandLineForTheControlPlane() throws {
        let parsed = try SimulatorCommandLine.parse([
            "--seed", "42", "--freeze-clock", "1800000000", "--webhook-retries", "stripe",
            "--reader-timeout", "0",
        ])
        #expect(parsed.config.seed == 42)
        #expect(parsed.config.readerConfirmWindowSeconds == 0)
        #expect(parsed.config.frozenClockAt == 1_800_000_000)
        #expect(parsed.config.webhookRetryDelaysSeconds == WebhookRetrySchedule.stripe)
        #expect(try SimulatorCommandLine.parse(["--webhook-retries", "1,2.5"]).config.webhookRetryDelaysSeconds == [1, 2.5])
        #expect(throws: SimulatorCommandLine.Problem.self) { try SimulatorCommandLine.parse(["--webhook-retries", "soon"]) }
        #expect(throws: SimulatorCommandLine.Problem.self) { try SimulatorCommandLine.parse(["--seed", "-1"]) }
        let simulator = StripeSimulator(config: parsed.config)
        #expect(simulator.clock.isFrozen && simulator.clock.now == 1_800_000_000)
    }
}
