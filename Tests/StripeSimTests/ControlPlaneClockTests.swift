import Foundation
import StripeSimCore
import TestKit
import Testing

/// The clock (`/sim/clock`): everything time-based follows it. Only HTTP is used.
@Suite("stripe-sim control plane: clock")
struct ControlPlaneClockTests {
    private func freeze(_ sim: SimTestClient) async throws -> Int {
        let frozen = try await sim.control("POST", "/sim/clock/freeze")
        #expect(frozen["frozen"] == nil)
        #expect(frozen.json["frozen"] == true)
        return try #require(frozen.json["now"]?.intValue)
    }

    private func advance(_ sim: SimTestClient, _ seconds: Int) async throws {
        let reply = try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(seconds)])
        #expect(reply.status == 200)
    }

    private func eventTypes(_ sim: SimTestClient, account: String? = nil, type: String) async throws -> Int {
        let events = try await sim.get("/v1/events", [("type", type)], account: account)
        return events.json["data"]?.arrayValue?.count ?? 0
    }

    @Test("read, freeze, advance, unfreeze: created stamps follow the clock")
    func readFreezeAdvance() async throws {
        let sim = try SimTestClient()
        let now = try await freeze(sim)
        #expect(try await sim.post("/v1/customers", []).json["created"]?.intValue == now)
        try await advance(sim, 3600)
        let read = try await sim.control("GET", "/sim/clock")
        #expect(read.json["now"]?.intValue == now + 3600)
        #expect(try await sim.post("/v1/customers", []).json["created"]?.intValue == now + 3600)
        #expect(try await sim.control("POST", "/sim/clock/advance", ["seconds": -5]).status == 400)
        #expect(try await sim.control("POST", "/sim/clock/unfreeze").json["frozen"] == false)
    }

    @Test("an injected clock is the simulator's time source; a reset returns to its wall time")
    func injectedClock() async throws {
        var config = SimulatorConfig()
        config.clock = SimClock(wall: { 1_700_000_000 })
        let sim = try SimTestClient(config: config)
        #expect(try await sim.post("/v1/customers", []).json["created"] == 1_700_000_000)
        try await advance(sim, 60)
        #expect(try await sim.post("/v1/customers", []).json["created"] == 1_700_000_060)
        _ = try await sim.control("POST", "/sim/reset")
        #expect(try await sim.control("GET", "/sim/clock").json["now"] == 1_700_000_000)
    }

    @Test("account links expire after 300 s and idempotency keys after 24 h of simulated time")
    func linksAndIdempotency() async throws {
        let sim = try SimTestClient()
        _ = try await freeze(sim)
        let account = try await sim.account()
        let link = try await sim.post(
            "/v1/account_links",
            [
                ("account", account), ("type", "account_onboarding"),
                ("refresh_url", "https://p.test/refresh"), ("return_url", "https://p.test/return"),
            ])
        try await advance(sim, 301)
        let page = try await sim.page("GET", String((link["url"] ?? "").dropFirst(sim.base.count)) + "?outcome=complete")
        #expect(page.status == 302)
        #expect(page.headers["location"] == "https://p.test/refresh")
        _ = try await sim.post("/v1/customers", [("email", "a@b.test")], idempotencyKey: "key-24h")
        try await advance(sim, 86_000)
        #expect(try await sim.post("/v1/customers", [("email", "other@b.test")], idempotencyKey: "key-24h").errorType == "idempotency_error")
        try await advance(sim, 401)
        let reused = try await sim.post("/v1/customers", [("email", "other@b.test")], idempotencyKey: "key-24h")
        #expect(reused.status == 200)
        #expect(reused["email"] == "other@b.test")
    }

    @Test("Checkout Sessions expire, authorizations lapse and events older than 30 days are gone")
    func expiries() async throws {
        let sim = try SimTestClient()
        _ = try await freeze(sim)
        let session = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("success_url", "https://p.test/ok"),
                ("line_items[0][price_data][currency]", "usd"), ("line_items[0][price_data][unit_amount]", "1000"),
                ("line_items[0][price_data][product_data][name]", "Mug"), ("line_items[0][quantity]", "1"),
            ])
        #expect(session["status"] == "open")
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "2000"), ("currency", "usd"), ("capture_method", "manual"),
                ("payment_method", "pm_card_visa"), ("confirm", "true"),
            ])
        #expect(pi["status"] == "requires_capture")
        try await advance(sim, 86_400)
        #expect(try await eventTypes(sim, type: "checkout.session.expired") == 1)
        #expect(try await eventTypes(sim, type: "payment_intent.canceled") == 0)
        try await advance(sim, 6 * 86_400)
        #expect(try await eventTypes(sim, type: "payment_intent.canceled") == 1)
        let canceled = try await sim.get("/v1/payment_intents/\(pi["id"] ?? "")")
        #expect(canceled["cancellation_reason"] == "automatic")
        let first = try await sim.get("/v1/events", [("limit", "100")])
        let oldest = try #require(first.json["data"]?.arrayValue?.last?["id"]?.stringValue)
        try await advance(sim, 23 * 86_400 + 1)
        #expect(try await sim.get("/v1/events/\(oldest)").status == 404)
        #expect(try await sim.get("/v1/events").json["data"]?.arrayValue?.count ?? 0 < first.json["data"]?.arrayValue?.count ?? 0)
    }

    @Test("ACH Direct Debit: a PaymentMethod from test bank details settles by the clock, a failing account fails")
    func achSettlement() async throws {
        var config = SimulatorConfig()
        config.asyncPaymentDelaySeconds = 4 * 86_400
        let sim = try SimTestClient(config: config)
        _ = try await freeze(sim)
        let wrongRouting = try await sim.post(
            "/v1/payment_methods",
            [
                ("type", "us_bank_account"),
                ("us_bank_account[routing_number]", "021000021"), ("us_bank_account[account_number]", "000123456789"),
            ])
        #expect(wrongRouting.json.value(at: "error.param") == "us_bank_account[routing_number]")
        var intents: [String] = []
        for account in ["000123456789", "000222222227"] {
            let method = try await sim.post(
                "/v1/payment_methods",
                [
                    ("type", "us_bank_account"),
                    ("us_bank_account[routing_number]", "110000000"), ("us_bank_account[account_number]", account),
                ])
            #expect(method.json.value(at: "us_bank_account.last4")?.stringValue == String(account.suffix(4)))
            let pi = try await sim.post(
                "/v1/payment_intents",
                [
                    ("amount", "5000"), ("currency", "usd"),
                    ("allowed_payment_method_types[]", "us_bank_account"), ("payment_method", method["id"] ?? ""), ("confirm", "true"),
                ])
            #expect(pi["status"] == "processing")
            intents.append(pi["id"] ?? "")
        }
        #expect(
            try await sim.post(
                "/v1/payment_intents",
                [
                    ("amount", "5000"), ("currency", "eur"),
                    ("allowed_payment_method_types[]", "us_bank_account"),
                ]
            ).status == 400)
        try await advance(sim, 4 * 86_400)
        var statuses: [String] = []
        for _ in 0..<250 {
            statuses = []
            for id in intents { statuses.append(try await sim.get("/v1/payment_intents/\(id)")["status"] ?? "") }
            if statuses == ["succeeded", "requires_payment_method"] { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(statuses == ["succeeded", "requires_payment_method"])
        let failed = try await sim.get("/v1/payment_intents/\(intents[1])")
        #expect(failed.json.value(at: "last_payment_error.code") == "insufficient_funds")
        #expect(failed.json.value(at: "last_payment_error.message") == "The customer's account has insufficient funds to cover this payment.")
    }

    /// A reader at a new location of a new account, with a `process_payment_intent` action in progress.
    private func readerWaiting(_ sim: SimTestClient) async throws -> (account: String, reader: String) {
        let account = try await sim.account()
        let location = try await sim.post(
            "/v1/terminal/locations",
            [
                ("display_name", "Shop"), ("address[line1]", "1 Main St"),
                ("address[city]", "San Francisco"), ("address[state]", "CA"), ("address[postal_code]", "94110"), ("address[country]", "US"),
            ],
            account: account)
        let reader = try await sim.post(
            "/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location["id"] ?? "")],
            account: account)
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"),
                ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual"),
            ], account: account)
        _ = try await sim.post(
            "/v1/terminal/readers/\(reader["id"] ?? "")/process_payment_intent", [("payment_intent", pi["id"] ?? "")], account: account)
        return (account, reader["id"] ?? "")
    }

    @Test("a reader confirm window of 0 (--reader-timeout 0) never times out")
    func readerWithoutTimeout() async throws {
        var config = SimulatorConfig()
        config.readerConfirmWindowSeconds = 0
        let sim = try SimTestClient(config: config)
        _ = try await freeze(sim)
        let (account, reader) = try await readerWaiting(sim)
        try await advance(sim, 86_400)
        #expect(try await sim.get("/v1/terminal/readers/\(reader)", account: account).json.value(at: "action.status") == "in_progress")
    }

    @Test("SEPA settlement waits for the clock; a reader action times out after 30 s")
    func settlementAndReaderTimeout() async throws {
        var config = SimulatorConfig()
        config.asyncPaymentDelaySeconds = 3600
        let sim = try SimTestClient(config: config)
        _ = try await freeze(sim)
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1500"), ("currency", "eur"), ("allowed_payment_method_types[]", "sepa_debit"),
                ("payment_method", "sepa_succeed"), ("confirm", "true"),
            ])
        #expect(pi["status"] == "processing")
        let id = try #require(pi["id"])
        try await advance(sim, 3599)
        #expect(try await sim.get("/v1/payment_intents/\(id)")["status"] == "processing")
        try await advance(sim, 1)
        var settled = false
        for _ in 0..<250 where !settled {
            settled = try await sim.get("/v1/payment_intents/\(id)")["status"] == "succeeded"
            if !settled { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(settled)

        let account = try await sim.account()
        let location = try await sim.post(
            "/v1/terminal/locations",
            [
                ("display_name", "Shop"), ("address[line1]", "1 Main St"),
                ("address[city]", "San Francisco"), ("address[state]", "CA"), ("address[postal_code]", "94110"), ("address[country]", "US"),
            ],
            account: account)
        let reader = try await sim.post(
            "/v1/terminal/readers", [("registration_code", "simulated-wpe"), ("location", location["id"] ?? "")],
            account: account)
        let readerId = try #require(reader["id"])
        let cardPresent = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1000"), ("currency", "usd"),
                ("allowed_payment_method_types[]", "card_present"), ("capture_method", "manual"),
            ], account: account)
        _ = try await sim.post(
            "/v1/terminal/readers/\(readerId)/process_payment_intent", [("payment_intent", cardPresent["id"] ?? "")], account: account)
        try await advance(sim, 29)
        #expect(try await sim.get("/v1/terminal/readers/\(readerId)", account: account).json.value(at: "action.status") == "in_progress")
        try await advance(sim, 1)
        let timedOut = try await sim.get("/v1/terminal/readers/\(readerId)", account: account)
        #expect(timedOut.json.value(at: "action.status") == "failed")
        #expect(timedOut.json.value(at: "action.failure_code") == "terminal_reader_timeout")
        #expect(try await eventTypes(sim, account: account, type: "terminal.reader.action_failed") == 1)
    }
}
