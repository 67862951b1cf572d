import Foundation
import StripeSimCore
import Testing
import TestKit

/// ConfirmationTokens (deferred intents): the test helper, retrieve, the Payment Element
/// page, and PaymentIntents confirmed with `confirmation_token`. Only HTTP is used.
@Suite("stripe-sim ConfirmationTokens")
struct ConfirmationTokenTests {
    @Test("test helper and retrieve: Stripe's object with the method's preview")
    func createAndRetrieve() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let token = try await sim.post(
            "/v1/test_helpers/confirmation_tokens", [("payment_method", "pm_card_visa"), ("return_url", "https://shop.test/r")], account: a)
        let id = try #require(token["id"])
        #expect(id.hasPrefix("ctoken_"))
        #expect(token["object"] == "confirmation_token")
        #expect(token.json.value(at: "payment_method_preview.type") == "card")
        #expect(token.json.value(at: "payment_method_preview.card.last4") == "4242")
        #expect(token.json.value(at: "payment_method_preview.id") == nil)
        #expect(token.json["payment_intent"] == .null)
        #expect(token.json["expires_at"]?.intValue == (token.json["created"]?.intValue ?? 0) + 43_200)
        let read = try await sim.get("/v1/confirmation_tokens/\(id)", account: a)
        #expect(read["id"] == id)
        #expect(try await sim.get("/v1/confirmation_tokens/\(id)").status == 404)
        let neither = try await sim.post("/v1/test_helpers/confirmation_tokens", [("return_url", "https://shop.test/r")], account: a)
        #expect(neither.status == 400)
        let both = try await sim.post(
            "/v1/test_helpers/confirmation_tokens", [("payment_method", "pm_card_visa"), ("payment_method_data[type]", "ideal")], account: a)
        #expect(both.status == 400)
    }

    @Test("create with confirm and confirmation_token: paid with the token's method and fee; the token is used once")
    func confirmWithToken() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let id = try #require(try await sim.post("/v1/test_helpers/confirmation_tokens", [("payment_method", "pm_card_visa")], account: a)["id"])
        let base = [
            ("amount", "4000"), ("currency", "eur"), ("automatic_payment_methods[enabled]", "true"), ("application_fee_amount", "400"),
            ("confirmation_token", id),
        ]
        let unconfirmed = try await sim.post("/v1/payment_intents", base, account: a)
        #expect(unconfirmed.status == 400)
        let pi = try await sim.post("/v1/payment_intents", base + [("confirm", "true")], account: a)
        #expect(pi["status"] == "succeeded")
        #expect(try await sim.get("/v1/confirmation_tokens/\(id)", account: a)["payment_intent"] == pi["id"])
        let again = try await sim.post("/v1/payment_intents", base + [("confirm", "true")], account: a)
        #expect(again.status == 400)
        #expect(again.json.value(at: "error.param") == "confirmation_token")
        let withMethod = try await sim.post(
            "/v1/payment_intents", base + [("confirm", "true"), ("payment_method", "pm_card_visa")], account: a)
        #expect(withMethod.status == 400)
    }

    @Test("an iDEAL token brings its return_url: the PaymentIntent requires action on the test page")
    func idealToken() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let token = try await sim.post(
            "/v1/test_helpers/confirmation_tokens", [("payment_method_data[type]", "ideal"), ("return_url", "https://shop.test/done")], account: a)
        let id = try #require(token["id"])
        #expect(token.json["payment_method"] == .null)
        let pi = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "1800"), ("currency", "eur"), ("automatic_payment_methods[enabled]", "true"), ("confirm", "true"),
                ("confirmation_token", id),
            ],
            account: a)
        #expect(pi["status"] == "requires_action")
        #expect(pi.json.value(at: "next_action.redirect_to_url.return_url") == "https://shop.test/done")
        let piId = try #require(pi["id"])
        let back = try await sim.page("POST", "/sim/payment_intents/\(piId)/redirect", form: [("outcome", "authorize")])
        #expect(back.headers["location"]?.hasPrefix("https://shop.test/done?payment_intent=\(piId)&") == true)
        #expect(try await sim.get("/v1/payment_intents/\(piId)", account: a)["status"] == "succeeded")
    }

    @Test("an expired token is refused")
    func expired() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let id = try #require(try await sim.post("/v1/test_helpers/confirmation_tokens", [("payment_method", "pm_card_visa")], account: a)["id"])
        _ = try await sim.control("POST", "/sim/clock/advance", ["seconds": .int(43_200)])
        let pi = try await sim.post(
            "/v1/payment_intents",
            [("amount", "1800"), ("currency", "usd"), ("allowed_payment_method_types[0]", "card"), ("confirm", "true"), ("confirmation_token", id)],
            account: a)
        #expect(pi.status == 400)
        #expect(pi.json.value(at: "error.message")?.stringValue?.contains("expired") == true)
    }

    @Test("the Payment Element page creates a token on the account and hands it to the shop")
    func page() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let query = "account=\(a)&amount=2000&currency=eur&return_url=https%3A%2F%2Fshop.test%2Fback&next=https%3A%2F%2Fshop.test%2Fpay"
        let form = try await sim.page("GET", "/sim/elements/confirmation_token?\(query)")
        #expect(form.status == 200)
        #expect(form.text.contains("value=\"ideal\""))
        let submitted = try await sim.page(
            "POST", "/sim/elements/confirmation_token",
            form: [
                ("account", a), ("amount", "2000"), ("currency", "eur"), ("return_url", "https://shop.test/back"),
                ("next", "https://shop.test/pay"), ("method", "card"), ("card_number", "4242 4242 4242 4242"),
            ])
        #expect(submitted.status == 303)
        let location = try #require(submitted.headers["location"])
        let id = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "confirmation_token" }?.value)
        let token = try await sim.get("/v1/confirmation_tokens/\(id)", account: a)
        #expect(token["return_url"] == "https://shop.test/back")
        #expect(token.json.value(at: "payment_method_preview.card.last4") == "4242")
    }
}
