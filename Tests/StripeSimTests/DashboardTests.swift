import Foundation
import HTTPServer
import StripeSimCore
import TestKit
import Testing

/// `/sim/dashboard`: lists, detail pages with links, the refund and resend forms
/// (post/redirect/get), the clock's advance with what became due, and errors'
/// `request_log_url` pointing to the request's page.
@Suite("stripe-sim dashboard")
struct DashboardTests {
    /// A paid PaymentIntent of 20.00 USD on a new connected account.
    private func payment(_ sim: SimTestClient) async throws -> (account: String, paymentIntent: String) {
        let account = try await sim.account()
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "2000"), ("currency", "usd"), ("payment_method", "pm_card_visa"), ("confirm", "true"),
                ("automatic_payment_methods[enabled]", "true"), ("automatic_payment_methods[allow_redirects]", "never"),
            ], account: account)
        #expect(pi["status"] == "succeeded")
        return (account, try #require(pi["id"]))
    }

    @Test("lists filter by account and text; a PaymentIntent's page links its charge, account and events")
    func listsAndDetail() async throws {
        let sim = try SimTestClient()
        let (account, pi) = try await payment(sim)
        _ = try await payment(sim)
        let list = try await sim.page("GET", "/sim/dashboard/objects?type=payment_intent&account=\(account)")
        #expect(list.status == 200)
        #expect(list.text.contains(pi))
        #expect(list.text.components(separatedBy: "/sim/dashboard/objects/pi_").count == 2)  // only this account's
        #expect(try await sim.page("GET", "/sim/dashboard/objects?type=payment_intent&q=\(pi)").text.contains(pi))
        let detail = try await sim.page("GET", "/sim/dashboard/objects/\(pi)")
        #expect(detail.status == 200)
        let charge = try #require(try await sim.get("/v1/payment_intents/\(pi)", account: account)["latest_charge"])
        #expect(detail.text.contains("<a href=\"/sim/dashboard/objects/\(charge)\">"))
        #expect(detail.text.contains("<a href=\"/sim/dashboard/objects/\(account)\">"))
        #expect(detail.text.contains("payment_intent.succeeded"))
        #expect(detail.text.contains("id=\"refund-form\""))
        let accountPage = try await sim.page("GET", "/sim/dashboard/objects/\(account)")
        #expect(accountPage.text.contains("id=\"requirements\"") && accountPage.text.contains("id=\"capabilities\""))
        #expect(try await sim.page("GET", "/sim/dashboard/objects?type=dispute").text.contains("No disputes stored."))
        #expect(try await sim.page("GET", "/sim/dashboard/objects/pi_missing").status == 404)
        for path in ["/sim/dashboard", "/sim/dashboard/events", "/sim/dashboard/deliveries", "/sim/dashboard/requests", "/sim/dashboard/clock"] {
            #expect(try await sim.page("GET", path).status == 200, "\(path)")
        }
    }

    @Test("the refund form refunds through POST /v1/refunds and answers 303 to the page with the refund")
    func refundButton() async throws {
        let sim = try SimTestClient()
        let (account, pi) = try await payment(sim)
        let refunded = try await sim.page("POST", "/sim/dashboard/objects/\(pi)/refund", form: [("amount", "500")])
        #expect(refunded.status == 303)
        let location = try #require(refunded.headers["location"])
        #expect(location.hasPrefix("/sim/dashboard/objects/\(pi)?message=Refund%20re_"))
        let refunds = try await sim.get("/v1/refunds", [("payment_intent", pi)], account: account)
        #expect(refunds.json["data"]?.arrayValue?.first?["amount"] == 500)
        #expect(sim.simulator.requestLog.contains { $0.path == "/v1/refunds" && $0.account == account && $0.status == 200 })
        let page = try await sim.page("GET", location)
        #expect(page.text.contains("id=\"message\"") && page.text.contains("Refund re_"))
        let tooMuch = try await sim.page("POST", "/sim/dashboard/objects/\(pi)/refund", form: [("amount", "5000")])
        #expect(tooMuch.headers["location"]?.contains("error=") == true)
    }

    @Test("resend from an event's page makes a new delivery marked resend; the delivery shows the response body")
    func resendButton() async throws {
        let received = ReceivedBodies()
        let hook = try HTTPServer(port: 0) { _ in
            received.count()
            return .text(202, "thanks from the hook")
        }
        defer { hook.stop() }
        var config = SimulatorConfig()
        config.webhookEndpoints = [WebhookEndpointConfig(url: hook.baseURL + "/hook", secret: "whsec_dash")]
        let sim = try SimTestClient(config: config)
        let customer = try await sim.post("/v1/customers", [("email", "a@example.com")])
        let event = try #require(sim.simulator.events().first { $0["type"]?.stringValue == "customer.created" }?["id"]?.stringValue)
        #expect(await SimTestClient.eventually { sim.simulator.webhookDeliveries.count == 1 })
        let resent = try await sim.page("POST", "/sim/dashboard/events/\(event)/resend", form: [("webhook_endpoint", "")])
        #expect(resent.status == 303)
        #expect(resent.headers["location"]?.hasPrefix("/sim/dashboard/events/\(event)?message=") == true)
        #expect(await SimTestClient.eventually { sim.simulator.webhookDeliveries.count == 2 })
        let second = sim.simulator.webhookDeliveries[1]
        #expect(second.resend && second.status == 202 && second.eventId == event)
        #expect(String(decoding: second.responseBody, as: UTF8.self) == "thanks from the hook")
        let page = try await sim.page("GET", "/sim/dashboard/events/\(event)")
        #expect(page.text.contains("thanks from the hook") && page.text.contains("(resend)"))
        #expect(page.text.contains(customer["id"] ?? "-"))
        let deliveries = try await sim.page("GET", "/sim/dashboard/deliveries?event=\(event)")
        #expect(deliveries.text.components(separatedBy: "name=\"back\" value=\"deliveries\"").count == 3)  // a resend button per attempt
    }

    @Test("advancing the clock from the dashboard lists what became due (an expired Checkout Session)")
    func clockAdvance() async throws {
        var config = SimulatorConfig()
        config.frozenClockAt = 1_800_000_000
        let sim = try SimTestClient(config: config)
        let session = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("success_url", "https://x.test/ok"), ("line_items[0][price_data][currency]", "usd"),
                ("line_items[0][price_data][unit_amount]", "1500"), ("line_items[0][price_data][product_data][name]", "Mug"),
                ("line_items[0][quantity]", "1"),
            ])
        let id = try #require(session["id"])
        let advanced = try await sim.page("POST", "/sim/dashboard/clock/advance", form: [("duration", "25h")])
        #expect(advanced.status == 303)
        let location = try #require(advanced.headers["location"])
        #expect(sim.simulator.clock.now == 1_800_000_000 + 25 * 3600)
        let page = try await sim.page("GET", location)
        #expect(page.text.contains("What became due (advanced 25h)"))
        #expect(page.text.contains("checkout.session.expired") && page.text.contains(id))
        let bad = try await sim.page("POST", "/sim/dashboard/clock/advance", form: [("duration", "soon")])
        #expect(bad.headers["location"]?.contains("error=") == true)
    }

    @Test("an error's request_log_url is the request's dashboard page, which shows its parameters")
    func requestLogURL() async throws {
        let sim = try SimTestClient()
        let refused = try await sim.post("/v1/refunds", [("charge", "ch_missing")])
        #expect(refused.status == 404)
        let url = try #require(refused.json.value(at: "error.request_log_url")?.stringValue)
        let requestId = try #require(refused.headers["request-id"])
        #expect(url == "\(sim.base)/sim/dashboard/requests/\(requestId)")
        let page = try await sim.page("GET", String(url.dropFirst(sim.base.count)))
        #expect(page.status == 200 && page.text.contains("ch_missing") && page.text.contains("/v1/refunds"))
        let list = try await sim.page("GET", "/sim/dashboard/requests?status=404")
        #expect(list.text.contains(requestId))
        #expect(!list.text.contains("<td>/sim/"))  // the dashboard's own calls are not API requests
    }
}

/// Counts requests a hook received, from any thread.
final class ReceivedBodies: @unchecked Sendable {
    private let lock = NSLock()
    private var received = 0
    func count() { lock.lock(); received += 1; lock.unlock() }
    var total: Int { lock.lock(); defer { lock.unlock() }; return received }
}
