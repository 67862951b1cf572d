import Testing
import Runtime

@Suite("StripeRateBucket (GCRA with priorities and slow-down)")
struct StripeRateBucketTests {
    private let endpoint = "POST /v1/payment_intents"

    /// Sends `count` interactive requests at `now` and returns their waits.
    private func waits(_ bucket: inout StripeRateBucket, _ count: Int, endpoint: String, now: Double) -> [Double] {
        (0..<count).map { _ in
            guard case .send(let after) = bucket.take(endpoint: endpoint, priority: .interactive, now: now) else { return -1 }
            return after
        }
    }

    @Test("the burst goes at once, then each request waits one interval more")
    func burstThenReservations() {
        var bucket = StripeRateBucket(budget: StripeRateBudget(global: 100, endpoint: nil, burstSeconds: 0.05))
        let got = waits(&bucket, 9, endpoint: endpoint, now: 1000)
        // τ = 0.05 s at T = 0.01 s: requests 1…6 go now, then 0.01, 0.02, 0.03 s later.
        #expect(got.prefix(6).allSatisfy { abs($0) < 1e-9 })
        #expect(abs(got[6] - 0.01) < 1e-9 && abs(got[7] - 0.02) < 1e-9 && abs(got[8] - 0.03) < 1e-9)
    }

    @Test("over a long run the rate is the budget's, never more")
    func steadyRate() {
        var bucket = StripeRateBucket(budget: StripeRateBudget(global: 100, endpoint: nil, burstSeconds: 0.1))
        var sendTimes: [Double] = []
        var now = 0.0
        for _ in 0..<1000 {
            if case .send(let after) = bucket.take(endpoint: endpoint, priority: .interactive, now: now) {
                sendTimes.append(now + after)
            }
            now += 0.001  // offered at 1000/s
        }
        let last = sendTimes.max() ?? 0
        // 1000 requests at 100/s with an 11-request burst: the last goes at (1000 - 11) / 100 s.
        #expect(abs(last - 9.89) < 1e-6)
        for start in stride(from: 0.0, to: last - 1, by: 0.25) {
            let inWindow = sendTimes.filter { $0 >= start && $0 < start + 1 }.count
            #expect(inWindow <= 100 + 11)
        }
    }

    @Test("the endpoint budget binds below the global one without holding other endpoints behind it")
    func endpointBudget() {
        var strict = StripeRateBucket(budget: StripeRateBudget(global: 100, endpoint: 25, burstSeconds: 0))
        #expect(waits(&strict, 3, endpoint: endpoint, now: 0).map { ($0 * 1000).rounded() } == [0, 40, 80])
        // The global bucket charged three slots (30 ms) whatever their endpoint made them
        // wait: another endpoint's request goes in the next global slot, not after them.
        #expect(waits(&strict, 1, endpoint: "GET /v1/payment_intents/{id}", now: 0).map { ($0 * 1000).rounded() } == [30])
        var tolerant = StripeRateBucket(budget: StripeRateBudget(global: 100, endpoint: 25, burstSeconds: 0.1))
        #expect(waits(&tolerant, 4, endpoint: endpoint, now: 0).map { ($0 * 1000).rounded() } == [0, 0, 0, 20])
        #expect(waits(&tolerant, 1, endpoint: "GET /v1/payment_intents/{id}", now: 0).map { ($0 * 1000).rounded() } == [0])
    }

    @Test("background goes only on an idle bucket and is told when to ask again; alone it gets the whole rate")
    func backgroundPriority() {
        var bucket = StripeRateBucket(budget: StripeRateBudget(global: 10, endpoint: nil, burstSeconds: 0.5))
        #expect(bucket.take(endpoint: endpoint, priority: .background, now: 0) == .send(after: 0))
        guard case .retry(let early) = bucket.take(endpoint: endpoint, priority: .background, now: 0.05) else {
            Issue.record("background went twice within one interval"); return
        }
        #expect(abs(early - 0.05) < 1e-9)
        #expect(bucket.take(endpoint: endpoint, priority: .background, now: 0.1) == .send(after: 0))
        // Interactive work uses the burst tolerance: background waits until it is all spent.
        _ = waits(&bucket, 4, endpoint: endpoint, now: 0.1)
        guard case .retry(let after) = bucket.take(endpoint: endpoint, priority: .background, now: 0.1) else {
            Issue.record("background was let through a busy bucket"); return
        }
        #expect(abs(after - 0.5) < 1e-9)
        // …while an interactive request still goes now (within τ), ahead of it.
        #expect(waits(&bucket, 1, endpoint: endpoint, now: 0.1).map { ($0 * 1000).rounded() } == [0])
    }

    @Test("a 429 pauses the bucket and halves the rate for the window, once a second at most, down to a quarter")
    func slowDown() {
        var bucket = StripeRateBucket(budget: StripeRateBudget(global: 100, endpoint: nil, burstSeconds: 0))
        bucket.slowDown(pause: 1, now: 10)
        #expect(bucket.slowFactor == 0.5)
        #expect(waits(&bucket, 2, endpoint: endpoint, now: 10).map { ($0 * 1000).rounded() } == [1000, 1020])
        bucket.slowDown(pause: 1, now: 10.5)  // within a second: no further halving
        #expect(bucket.slowFactor == 0.5)
        bucket.slowDown(pause: 0, now: 11.5)
        bucket.slowDown(pause: 0, now: 12.6)
        bucket.slowDown(pause: 0, now: 13.7)
        #expect(bucket.slowFactor == StripeRateBucket.slowestFactor)
        // After the window the full rate is back.
        let later = 13.7 + StripeRateBucket.slowWindow + 1
        #expect(waits(&bucket, 2, endpoint: endpoint, now: later).map { ($0 * 1000).rounded() } == [0, 10])
    }
}

@Suite("STRIPE_RATE_LIMITS, endpoint names and key ids")
struct StripeRateBudgetTests {
    @Test func parsesTheDocumentedForms() throws {
        #expect(try StripeRateBudget.parse("global=100,endpoint=25") == StripeRateBudget(global: 100, endpoint: 25))
        #expect(
            try StripeRateBudget.parse(" global = 25 , endpoint = none, burst=0.2")
                == StripeRateBudget(global: 25, endpoint: nil, burstSeconds: 0.2))
        #expect(try StripeRateBudget.parse("global=100").endpoint == 25)
        for bad in ["endpoint=25", "global=0", "global=abc", "global=100,speed=3", "global", "global=100,burst=2"] {
            #expect(throws: StripeRateBudgetError.self) { _ = try StripeRateBudget.parse(bad) }
        }
    }

    @Test func configurationReportsABadBudgetByName() {
        let env = ["AMQP_URL": "amqp://localhost", "DATABASE_URL": "postgres://localhost/db", "STRIPE_RATE_LIMITS": "global=fast"]
        #expect {
            _ = try ServiceConfig.fromEnvironment(service: "payments", env)
        } throws: { error in
            (error as? ConfigError)?.problems.contains { $0.variable == "STRIPE_RATE_LIMITS" } == true
        }
        let ok = try? ServiceConfig.fromEnvironment(
            service: "payments",
            [
                "AMQP_URL": "amqp://localhost",
                "DATABASE_URL": "postgres://localhost/db", "STRIPE_RATE_LIMITS": "global=100,endpoint=25",
                "STRIPE_RATE_LIMIT_TIMEOUT_MS": "50",
            ])
        #expect(ok?.stripeRateBudget == StripeRateBudget(global: 100, endpoint: 25))
        #expect(ok?.stripeRateLimitTimeout == .milliseconds(50))
    }

    @Test func endpointsAreOperationsWithIdsReplaced() {
        #expect(
            StripeEndpoint.name(method: "POST", path: "/v1/payment_intents/pi_3Nx8/capture")
                == "POST /v1/payment_intents/{id}/capture")
        #expect(
            StripeEndpoint.name(method: "GET", path: "/v1/payment_intents/pi_1?expand[0]=latest_charge")
                == "GET /v1/payment_intents/{id}")
        #expect(StripeEndpoint.name(method: "POST", path: "/v1/checkout/sessions") == "POST /v1/checkout/sessions")
        #expect(StripeEndpoint.name(method: "get", path: "/v1/events") == "GET /v1/events")
    }

    @Test func keyIdIsStableAndHidesTheKey() {
        let id = StripeKeyIdentity.id(of: "sk_live_abc123")
        #expect(id == StripeKeyIdentity.id(of: "sk_live_abc123"))
        #expect(id != StripeKeyIdentity.id(of: "sk_live_abc124"))
        #expect(id.count == 32 && !id.contains("abc123"))
    }
}
