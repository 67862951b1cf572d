import HTTPServer
import TestKit
import StripeSimCore
import Testing

/// The simulator answers each request in its `Stripe-Version` (default 2026-11-18.endive).
@Suite("stripe-sim API versions")
struct APIVersionTests {
    static let basil = "2025-03-31.basil"
    static let endive = "2026-11-18.endive"
    private static let lineItem: [(String, String)] = [
        ("line_items[0][price_data][currency]", "eur"), ("line_items[0][price_data][unit_amount]", "1500"),
        ("line_items[0][price_data][product_data][name]", "Mug"), ("line_items[0][quantity]", "1"),
    ]
    private static let returnURL = ("return_url", "https://shop.test/back?session_id={CHECKOUT_SESSION_ID}")

    private func simulator(delay: Double = 0.05) throws -> SimTestClient {
        var config = SimulatorConfig()
        config.asyncPaymentDelaySeconds = delay
        return try SimTestClient(config: config)
    }

    /// Polls the PaymentIntent (the scheduler runs due work on its own thread) for up to 5 s.
    private func status(_ sim: SimTestClient, _ id: String?, account: String, becomes expected: String) async throws -> Bool {
        for _ in 0..<250 {
            if try await sim.get("/v1/payment_intents/\(id ?? "")", account: account)["status"] == expected { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    private func session(
        _ sim: SimTestClient, _ form: [(String, String)], account: String, version: String? = nil
    ) async throws -> SimTestClient.Reply {
        try await sim.post("/v1/checkout/sessions", [("mode", "payment")] + form + Self.lineItem, account: account, version: version)
    }

    @Test("endive refuses the old ui_mode names and payment_method_types; basil refuses the new ones and allowed_payment_method_types")
    func foreignNamesRefused() async throws {
        let sim = try simulator()
        let a = try await sim.account()
        for old in ["embedded", "hosted", "custom"] {
            let refused = try await session(sim, [("ui_mode", old), Self.returnURL], account: a)
            #expect(refused.status == 400)
            #expect(refused.json.value(at: "error.param") == "ui_mode")
            #expect(refused.json.value(at: "error.message")?.stringValue?.contains("hosted_page, embedded_page, elements") == true)
        }
        let oldList = try await session(sim, [("success_url", "https://x.test/ok"), ("payment_method_types[0]", "card")], account: a)
        #expect(oldList.errorCode == "parameter_unknown")
        #expect(oldList.json.value(at: "error.param") == "payment_method_types")
        for new in ["embedded_page", "elements", "hosted_page"] {
            let refused = try await session(sim, [("ui_mode", new), Self.returnURL], account: a, version: Self.basil)
            #expect(refused.status == 400)
            #expect(refused.json.value(at: "error.message")?.stringValue?.contains("hosted, embedded, or custom") == true)
        }
        let newList = try await session(
            sim, [("success_url", "https://x.test/ok"), ("allowed_payment_method_types[0]", "card")],
            account: a, version: Self.basil)
        #expect(newList.errorCode == "parameter_unknown")
        #expect(newList.json.value(at: "error.param") == "allowed_payment_method_types")

        let pi = try await sim.post(
            "/v1/payment_intents", [("amount", "1000"), ("currency", "eur"), ("payment_method_types[0]", "card")], account: a)
        #expect(pi.status == 400)
        #expect(pi.errorCode == "payment_method_types_no_longer_supported")
        let basilPI = try await sim.post(
            "/v1/payment_intents", [("amount", "1000"), ("currency", "eur"), ("allowed_payment_method_types[0]", "card")],
            account: a, version: Self.basil)
        #expect(basilPI.errorCode == "parameter_unknown")
        let basilOK = try await sim.post(
            "/v1/payment_intents", [("amount", "1000"), ("currency", "eur"), ("payment_method_types[0]", "card")],
            account: a, version: Self.basil)
        #expect(basilOK["status"] == "requires_payment_method")
        #expect(basilOK.headers["stripe-version"] == Self.basil)
    }

    @Test("a session is shown in each request's version: elements is custom and embedded_page is embedded under basil")
    func renderedPerRequest() async throws {
        let sim = try simulator()
        let a = try await sim.account()
        let elements = try await session(sim, [("ui_mode", "elements"), Self.returnURL, ("allowed_payment_method_types[0]", "card")], account: a)
        let id = try #require(elements["id"])
        #expect(elements["ui_mode"] == "elements")
        #expect(elements["client_secret"]?.hasPrefix("\(id)_secret_") == true)
        #expect(elements.json["url"] == .null)
        #expect(elements["redirect_on_completion"] == "always")
        let asBasil = try await sim.send("GET", "/v1/checkout/sessions/\(id)", form: [], account: a, version: Self.basil)
        #expect(asBasil["ui_mode"] == "custom")
        let embedded = try await session(
            sim, [("ui_mode", "embedded"), Self.returnURL, ("payment_method_types[0]", "card")],
            account: a, version: Self.basil)
        #expect(embedded["ui_mode"] == "embedded")
        let embeddedId = try #require(embedded["id"])
        #expect(try await sim.get("/v1/checkout/sessions/\(embeddedId)", account: a)["ui_mode"] == "embedded_page")
    }

    @Test("redirect_on_completion: never takes no return_url, always and if_required need one, hosted takes none")
    func redirectRules() async throws {
        let sim = try simulator()
        let a = try await sim.account()
        let never = try await session(sim, [("ui_mode", "elements"), ("redirect_on_completion", "never")], account: a)
        #expect(never["redirect_on_completion"] == "never")
        let neverWithURL = try await session(sim, [("ui_mode", "elements"), ("redirect_on_completion", "never"), Self.returnURL], account: a)
        #expect(neverWithURL.json.value(at: "error.param") == "return_url")
        let ifRequired = try await session(sim, [("ui_mode", "embedded_page"), ("redirect_on_completion", "if_required")], account: a)
        #expect(ifRequired.errorCode == "parameter_missing")
        let hosted = try await session(sim, [("success_url", "https://x.test/ok"), ("redirect_on_completion", "always")], account: a)
        #expect(hosted.json.value(at: "error.param") == "redirect_on_completion")
        let withSuccess = try await session(sim, [("ui_mode", "elements"), Self.returnURL, ("success_url", "https://x.test/ok")], account: a)
        #expect(withSuccess.json.value(at: "error.param") == "success_url")
    }

    @Test("webhook endpoints get events in their own api_version")
    func webhookVersions() async throws {
        let basilHook = try WebhookReceiver(failures: 0)
        let defaultHook = try WebhookReceiver(failures: 0)
        let sim = try simulator()
        let a = try await sim.account()
        _ = try await sim.post(
            "/v1/webhook_endpoints",
            [
                ("url", basilHook.url), ("enabled_events[]", "checkout.session.completed"),
                ("connect", "true"), ("api_version", Self.basil),
            ])
        _ = try await sim.post(
            "/v1/webhook_endpoints",
            [
                ("url", defaultHook.url), ("enabled_events[]", "checkout.session.completed"),
                ("connect", "true"),
            ])
        let created = try await session(sim, [("ui_mode", "embedded_page"), Self.returnURL], account: a)
        let id = try #require(created["id"])
        #expect(try await sim.page("POST", "/sim/checkout/\(id)/pay", form: [("payment_method", "pm_card_visa")]).status == 302)
        #expect(await SimTestClient.eventually { !basilHook.requests.isEmpty && !defaultHook.requests.isEmpty })
        let old = try #require(basilHook.requests.first.flatMap { JSONValue.parse($0.body) })
        let new = try #require(defaultHook.requests.first.flatMap { JSONValue.parse($0.body) })
        #expect(old["api_version"] == .string(Self.basil))
        #expect(old.value(at: "data.object.ui_mode") == "embedded")
        #expect(new["api_version"] == .string(Self.endive))
        #expect(new.value(at: "data.object.ui_mode") == "embedded_page")
    }

    @Test("elements and embedded_page sessions are paid through the page mounted from the client secret, as hosted ones")
    func inSitePaidThroughPage() async throws {
        let sim = try simulator()
        let a = try await sim.account()
        for mode in ["elements", "embedded_page"] {
            let created = try await session(sim, [("ui_mode", mode), Self.returnURL], account: a)
            let id = try #require(created["id"])
            let secret = try #require(created["client_secret"])
            let page = try await sim.page("GET", "/sim/checkout/embedded?client_secret=\(secret)")
            #expect(page.status == 200)
            #expect(page.text.contains(mode == "elements" ? "Payment Element" : "Embedded checkout"))
            let declined = try await sim.page(
                "POST", "/sim/checkout/\(id)/submit",
                form: [("method", "card"), ("card_number", "4000000000000002"), ("email", "buyer@example.test")])
            #expect(declined.status == 402)
            let paid = try await sim.page(
                "POST", "/sim/checkout/\(id)/submit",
                form: [("method", "card"), ("card_number", "6205 5000 0000 0000 004"), ("email", "buyer@example.test")])
            #expect(paid.status == 303)
            #expect(paid.headers["location"] == "https://shop.test/back?session_id=\(id)")
            let after = try await sim.get("/v1/checkout/sessions/\(id)", account: a)
            #expect(after["status"] == "complete")
            #expect(after["payment_status"] == "paid")
        }
    }

    @Test("the guides' test data: 4000002500003155 asks for 3D Secure, SEPA AT32…3204 settles three minutes later, AT86…3202 fails")
    func guideTestData() async throws {
        let sim = try simulator(delay: 5)
        let a = try await sim.account()
        let card = try await session(sim, [("ui_mode", "elements"), Self.returnURL], account: a)
        let cardId = try #require(card["id"])
        let challenge = try await sim.page(
            "POST", "/sim/checkout/\(cardId)/submit",
            form: [("method", "card"), ("card_number", "4000 0025 0000 3155"), ("email", "buyer@example.test")])
        #expect(challenge.status == 303)
        #expect(challenge.headers["location"]?.contains("/challenge") == true)

        _ = try await sim.control("POST", "/sim/clock/freeze")
        var intents: [String: String] = [:]
        for iban in ["AT321904300235473204", "AT861904300235473202"] {
            let sepa = try await sim.post(
                "/v1/payment_intents",
                [
                    ("amount", "1500"), ("currency", "eur"),
                    ("allowed_payment_method_types[0]", "sepa_debit"), ("payment_method", iban), ("confirm", "true"),
                ], account: a)
            #expect(sepa["status"] == "processing")
            intents[iban] = sepa["id"]
        }
        _ = try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(10)])
        #expect(try await status(sim, intents["AT861904300235473202"], account: a, becomes: "requires_payment_method"))
        #expect(try await sim.get("/v1/payment_intents/\(intents["AT321904300235473204"] ?? "")", account: a)["status"] == "processing")
        _ = try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(170)])
        #expect(try await status(sim, intents["AT321904300235473204"], account: a, becomes: "succeeded"))
    }
}
