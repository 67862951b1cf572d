import Foundation
import Store
import StripeAPI
import StripeSimCore
import Synchronization
import Testing
import TestKit
@testable import Runtime

/// The fleet limiter against the real Postgres (docker/postgres/03-stripe-rate-limits.sql,
/// provisioned by scripts/infra-up.sh): each test limits a key of its own. Elapsed times are
/// only ever checked from below (a budget makes requests wait at least so long), so a slow
/// machine cannot fail them.
@Suite("Fleet rate limiter (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct FleetRateLimiterIntegrationTests {
    private static func limiter(
        key: String, budget: StripeRateBudget, localRate: Double = 1000,
        databaseURL: String? = nil, timeout: Duration = .milliseconds(500),
        degradedFor: Duration = .seconds(2), registry: MetricsRegistry = MetricsRegistry()
    ) throws -> FleetRateLimiter {
        let env = try #require(IntegrationEnvironment.current)
        let limiter = FleetRateLimiter(
            settings: FleetRateLimiterSettings(
                budget: budget, localRate: localRate, databaseURL: databaseURL ?? env.databaseURL,
                keyId: key, timeout: timeout, degradedFor: degradedFor,
                applicationName: "fleet-limit-tests"),
            metrics: registry, log: Logger(service: "fleet-limit-tests", level: .error))
        try limiter.start()
        return limiter
    }

    private static func uniqueKey() -> String { IntegrationEnvironment.uniqueName("key") }

    /// Runs `perThread` acquisitions on each of `threads` threads per limiter, all at once, and
    /// returns the seconds from the start until the last was admitted.
    private static func compete(
        _ limiters: [FleetRateLimiter], threads: Int, perThread: Int,
        priority: StripeCallPriority = .interactive
    ) -> Double {
        let group = DispatchGroup()
        let start = ContinuousClock.now
        for limiter in limiters {
            for index in 0..<threads {
                group.enter()
                Thread {
                    for _ in 0..<perThread {
                        limiter.acquire(endpoint: "POST /v1/test_objects/\(index % 2)", priority: priority)
                    }
                    group.leave()
                }.start()
            }
        }
        group.wait()
        return (ContinuousClock.now - start).seconds
    }

    @Test("two replicas competing for one budget stay within it together, every decision from the fleet's rows")
    func twoReplicasShareTheBudget() throws {
        let key = Self.uniqueKey()
        let budget = StripeRateBudget(global: 20, endpoint: nil, burstSeconds: 0)
        let registryA = MetricsRegistry(), registryB = MetricsRegistry()
        let a = try Self.limiter(key: key, budget: budget, registry: registryA)
        let b = try Self.limiter(key: key, budget: budget, registry: registryB)
        defer { a.stop(); b.stop() }
        // 2 replicas × 3 threads × 5 = 30 requests at 20/s (no burst): the last one waits at
        // least 29 intervals. Each replica alone would allow itself 1000/s locally.
        let elapsed = Self.compete([a, b], threads: 3, perThread: 5)
        #expect(elapsed >= 29.0 / 20 - 0.05)
        let fleetA = registryA.value("connectbus_stripe_rate_limit_decisions_total", labels: ["fleet", "interactive"]) ?? 0
        let fleetB = registryB.value("connectbus_stripe_rate_limit_decisions_total", labels: ["fleet", "interactive"]) ?? 0
        #expect(fleetA == 15 && fleetB == 15)
        #expect(registryA.value("connectbus_stripe_rate_limit_decisions_total", labels: ["local", "interactive"]) == nil)
    }

    @Test("the endpoint budget holds across replicas below the global one")
    func endpointBudgetAcrossReplicas() throws {
        let key = Self.uniqueKey()
        let budget = StripeRateBudget(global: 1000, endpoint: 10, burstSeconds: 0)
        let a = try Self.limiter(key: key, budget: budget)
        let b = try Self.limiter(key: key, budget: budget)
        defer { a.stop(); b.stop() }
        let start = ContinuousClock.now
        for index in 0..<6 { (index % 2 == 0 ? a : b).acquire(endpoint: "POST /v1/refunds", priority: .interactive) }
        #expect((ContinuousClock.now - start).seconds >= 5.0 / 10 - 0.05)
    }

    @Test("priorities: background is refused while interactive work holds the bucket; interactive reserves its slot")
    func interactiveBeforeBackground() throws {
        let env = try #require(IntegrationEnvironment.current)
        let key = Self.uniqueKey()
        let db = try PGConnection(url: env.databaseURL, applicationName: "fleet-limit-tests")
        // One request per 10 s with 10 s of tolerance: two interactive requests go at once.
        let store = FleetRateLimitStore(keyId: key, budget: StripeRateBudget(global: 0.1, endpoint: nil, burstSeconds: 10))
        #expect(try store.take(endpoint: "GET /v1/events", priority: .background, on: db) == .send(after: 0))
        guard case .retry(let after) = try store.take(endpoint: "GET /v1/events", priority: .background, on: db) else {
            Issue.record("a second background request went within one interval"); return
        }
        #expect(after > 9 && after <= 10)
        guard case .send(let first) = try store.take(endpoint: "POST /v1/accounts", priority: .interactive, on: db),
            case .send(let second) = try store.take(endpoint: "POST /v1/accounts", priority: .interactive, on: db)
        else {
            Issue.record("interactive requests were refused"); return
        }
        #expect(first == 0)  // within the tolerance: at once, ahead of the waiting background work
        #expect(second > 9 && second <= 10.1)  // beyond it: a reservation, not a refusal
        guard case .retry = try store.take(endpoint: "GET /v1/events", priority: .background, on: db) else {
            Issue.record("background went while interactive slots were reserved"); return
        }
    }

    @Test("a 429 from the simulator slows the whole fleet: the other replica waits out the pause")
    func rateLimitedAnswerSlowsEveryReplica() throws {
        let env = try #require(IntegrationEnvironment.current)
        var config = SimulatorConfig()
        config.rateLimits = SimRateLimits(profile: .test, global: 0.01, endpoint: 0)
        let sim = StripeSimulator(config: config)
        let port = try sim.start(port: 0)
        defer { sim.stop() }
        let apiKey = "sk_test_" + Self.uniqueKey()
        let key = StripeKeyIdentity.id(of: apiKey)
        let budget = StripeRateBudget(global: 100, endpoint: nil, burstSeconds: 0.1)
        let registryA = MetricsRegistry()
        let a = try Self.limiter(key: key, budget: budget, registry: registryA)
        let b = try Self.limiter(key: key, budget: budget)
        defer { a.stop(); b.stop() }
        let client = try StripeClient(
            config: StripeConfig(
                apiKey: apiKey, apiBase: "http://127.0.0.1:\(port)",
                maxRetries: 0))
        StripeRateLimiter(ratePerSecond: 1000, fleet: a).attach(to: client, priority: { .interactive })
        _ = try client.send(.get, "/v1/customers")
        #expect(throws: StripeError.self) { _ = try client.send(.get, "/v1/customers") }  // the simulator's 429
        #expect(registryA.value("connectbus_stripe_rate_limited_total") == 1)
        #expect(sim.rateLimitedCount == 1)
        // The slow-down is recorded in the shared row (asynchronously, by A's thread)…
        let db = try PGConnection(url: env.databaseURL, applicationName: "fleet-limit-tests")
        var factor = 1.0
        for _ in 0..<100 where factor == 1 {
            factor =
                try db.execute(
                    "SELECT slow_factor FROM stripe_limits.bucket WHERE key_id = $1 AND name = 'global'",
                    [.text(key)]
                ).first?.double("slow_factor") ?? 1
            if factor == 1 { DedicatedThread.sleep(.milliseconds(20)) }
        }
        #expect(factor == 0.5)
        // …so replica B, which never saw a 429, sends nothing before the 1 s pause is over.
        let start = ContinuousClock.now
        b.acquire(endpoint: "GET /v1/customers", priority: .interactive)
        let tat =
            try db.execute(
                "SELECT tat - extract(epoch FROM clock_timestamp()) AS ahead FROM stripe_limits.bucket WHERE key_id = $1 AND name = 'global'",
                [.text(key)]
            ).first?.double("ahead") ?? 0
        #expect((ContinuousClock.now - start).seconds + max(0, tat) >= 0.5)
    }

    @Test("degraded mode: a database that is down or slow leaves the decision to the process's own limit")
    func degradedWhenTheDatabaseIsDownOrSlow() throws {
        let env = try #require(IntegrationEnvironment.current)
        // Down: nothing listens on port 1.
        let downRegistry = MetricsRegistry()
        let down = try Self.limiter(
            key: Self.uniqueKey(), budget: StripeRateBudget(global: 100, endpoint: nil, burstSeconds: 0),
            localRate: 5, databaseURL: "postgres://nobody:x@127.0.0.1:1/connectbus",
            registry: downRegistry)
        defer { down.stop() }
        let start = ContinuousClock.now
        for _ in 0..<4 { down.acquire(endpoint: "GET /v1/events", priority: .interactive) }
        #expect((ContinuousClock.now - start).seconds >= 3.0 / 5 - 0.05)  // the local 5/s, not the fleet's 100/s
        #expect(down.isDegraded)
        #expect(downRegistry.value("connectbus_stripe_rate_limit_decisions_total", labels: ["local", "interactive"]) == 4)
        #expect(downRegistry.value("connectbus_stripe_rate_limit_degraded") == 1)

        // Slow: the test holds the key's row locked, so the limiter's statement cannot answer.
        let key = Self.uniqueKey()
        let registry = MetricsRegistry()
        let slow = try Self.limiter(
            key: key, budget: StripeRateBudget(global: 100, endpoint: nil, burstSeconds: 0),
            timeout: .milliseconds(100), degradedFor: .milliseconds(300), registry: registry)
        defer { slow.stop() }
        let admin = try PGConnection(url: env.databaseURL, applicationName: "fleet-limit-tests")
        try admin.execute("SELECT stripe_limits.take($1, 'GET /v1/events', 100, NULL, 0, false)", [.text(key)])
        func decided(_ source: String) -> Double {
            registry.value("connectbus_stripe_rate_limit_decisions_total", labels: [source, "interactive"]) ?? 0
        }
        // Until the limiter's connection is up and answering (a loaded machine may need a while).
        for _ in 0..<100 where decided("fleet") < 1 {
            slow.acquire(endpoint: "GET /v1/events", priority: .interactive)
            if decided("fleet") < 1 { DedicatedThread.sleep(.milliseconds(350)) }
        }
        #expect(decided("fleet") >= 1)
        let localBefore = decided("local")
        try admin.execute("BEGIN")
        try admin.execute("SELECT 1 FROM stripe_limits.bucket WHERE key_id = $1 FOR UPDATE", [.text(key)])
        let begun = ContinuousClock.now
        slow.acquire(endpoint: "GET /v1/events", priority: .interactive)
        #expect((ContinuousClock.now - begun) < .seconds(5))  // it did not wait for the lock
        #expect(decided("local") == localBefore + 1)
        #expect(registry.value("connectbus_stripe_rate_limit_degraded") == 1)
        try admin.execute("ROLLBACK")
        // Once the degraded period is over, the fleet decides again.
        let fleetBefore = decided("fleet")
        for _ in 0..<100 where decided("fleet") <= fleetBefore {
            DedicatedThread.sleep(.milliseconds(350))
            slow.acquire(endpoint: "GET /v1/events", priority: .interactive)
        }
        #expect(decided("fleet") > fleetBefore)
        #expect(registry.value("connectbus_stripe_rate_limit_degraded") == 0)
    }
}
