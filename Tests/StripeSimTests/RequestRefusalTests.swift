import Foundation
import StripeSimCore
import TestKit
import Testing

/// Requests Stripe refuses before they run, and what a refusal leaves behind (issue: the
/// simulator must refuse what Stripe refuses, with Stripe's wording and codes).
@Suite("stripe-sim refuses requests as Stripe does")
struct RequestRefusalTests {
    @Test("an unknown Stripe-Version is 400 'Invalid Stripe API version' and is not echoed; known ones pass")
    func unknownVersion() async throws {
        let sim = try SimTestClient()
        for bogus in ["2099-01-01.bogus", "2026-02-30", "2025-03-31.clover", "2019-2-19", "endive", "2026-12-01.endive"] {
            let reply = try await sim.post("/v1/customers", [("email", "a@b.test")], version: bogus)
            #expect(reply.status == 400, "\(bogus)")
            #expect(reply.errorType == "invalid_request_error")
            #expect(reply.json.value(at: "error.message")?.stringValue == "Invalid Stripe API version: \(bogus)")
            #expect(reply.headers["stripe-version"] == "2026-11-18.endive")
        }
        for known in [
            "2020-08-27", "2024-06-20", "2024-09-30.acacia", "2025-03-31.basil", "2025-09-30.clover", "2026-08-26.dahlia",
            "2026-10-28.endive", "2026-11-18.endive", "2026-09-30.preview", "2025-03-31.basil; checkout_server_update_beta=v1",
        ] {
            let reply = try await sim.post("/v1/customers", [("email", "a@b.test")], version: known)
            #expect(reply.status == 200, "\(known)")
            #expect(reply.headers["stripe-version"] == known)
        }
    }

    @Test("an Idempotency-Key over 255 characters is refused with Stripe's message; 255 is accepted")
    func longIdempotencyKey() async throws {
        let sim = try SimTestClient()
        let long = String(repeating: "k", count: 256)
        let refused = try await sim.post("/v1/customers", [("email", "a@b.test")], idempotencyKey: long)
        #expect(refused.status == 400)
        #expect(refused.errorType == "invalid_request_error")
        #expect(
            refused.json.value(at: "error.message")?.stringValue
                == "Idempotent key length is 256, which is outside accepted lengths. Idempotent Keys must be 1-255 characters long. If you're looking for a decent generator, try using a UUID defined by IETF RFC 4122."
        )
        let customers = try await sim.get("/v1/customers")
        #expect(customers.json["data"]?.arrayValue?.isEmpty == true)
        let fits = try await sim.post("/v1/customers", [("email", "a@b.test")], idempotencyKey: String(long.dropLast()))
        #expect(fits.status == 200)
    }

    @Test("an invalid enum value carries code parameter_invalid_string and Stripe's 'must be one of' list")
    func enumCode() async throws {
        let sim = try SimTestClient()
        let reply = try await sim.post("/v1/payment_intents", [("amount", "1000"), ("currency", "usd"), ("capture_method", "later")])
        #expect(reply.status == 400)
        #expect(reply.errorCode == "parameter_invalid_string")
        #expect(reply.json.value(at: "error.param") == "capture_method")
        #expect(
            reply.json.value(at: "error.message")?.stringValue
                == "Invalid capture_method: must be one of automatic, automatic_async, manual, or manual_preferred")
    }

    @Test("an unknown customer session feature is parameter_unknown with its bracketed name; known features pass")
    func unknownNestedFeature() async throws {
        let sim = try SimTestClient()
        let customer = try await sim.post("/v1/customers", [("email", "a@b.test")])
        let id = try #require(customer["id"])
        let unknown = try await sim.post(
            "/v1/customer_sessions",
            [("customer", id), ("components[payment_element][enabled]", "true"), ("components[payment_element][features][save]", "enabled")])
        #expect(unknown.status == 400)
        #expect(unknown.errorCode == "parameter_unknown")
        #expect(unknown.json.value(at: "error.param") == "components[payment_element][features][save]")
        let noFeatures = try await sim.post(
            "/v1/customer_sessions",
            [("customer", id), ("components[pricing_table][enabled]", "true"), ("components[pricing_table][features][x]", "y")])
        #expect(noFeatures.errorCode == "parameter_unknown")
        #expect(noFeatures.json.value(at: "error.param") == "components[pricing_table][features]")
        let known = try await sim.post(
            "/v1/customer_sessions",
            [
                ("customer", id), ("components[payment_element][enabled]", "true"),
                ("components[payment_element][features][payment_method_save]", "enabled"),
                ("components[mobile_payment_element][enabled]", "true"),
                ("components[mobile_payment_element][features][payment_method_save_allow_redisplay_override]", "always"),
            ])
        #expect(known.status == 200)
        #expect(known.json.value(at: "components.payment_element.features.payment_method_save") == "enabled")
    }

    @Test("expand[] of a field that is not expandable, or deeper than 4 levels, is refused before the request runs")
    func notExpandable() async throws {
        let sim = try SimTestClient()
        let refused = try await sim.post(
            "/v1/payment_intents", [("amount", "1000"), ("currency", "usd"), ("expand[]", "metadata")], idempotencyKey: "exp-1")
        #expect(refused.status == 400)
        #expect(refused.errorType == "invalid_request_error")
        #expect(refused.errorCode == nil)
        #expect(refused.json.value(at: "error.message")?.stringValue == "This property cannot be expanded (metadata).")
        let deep = try await sim.get("/v1/payment_intents", [("expand[]", "data.latest_charge.customer.invoice.customer")])
        #expect(deep.json.value(at: "error.message")?.stringValue == "You cannot expand more than 4 levels of a property.")
        let list = try await sim.get("/v1/payment_intents")
        #expect(list.json["data"]?.arrayValue?.isEmpty == true)
        let ok = try await sim.post(
            "/v1/payment_intents", [("amount", "1000"), ("currency", "usd"), ("expand[]", "latest_charge")], idempotencyKey: "exp-1")
        #expect(ok.status == 200)
    }

    @Test("a request refused by validation keeps its idempotency key free; an executed refusal is replayed")
    func validationKeepsKey() async throws {
        let sim = try SimTestClient()
        let wrong = try await sim.post(
            "/v1/payment_intents", [("amount", "1000"), ("currency", "usd"), ("capture_method", "later")], idempotencyKey: "fix-1")
        #expect(wrong.errorCode == "parameter_invalid_string")
        let corrected = try await sim.post(
            "/v1/payment_intents", [("amount", "1000"), ("currency", "usd"), ("capture_method", "manual")], idempotencyKey: "fix-1")
        #expect(corrected.status == 200)
        #expect(corrected["capture_method"] == "manual")
        let tooLong = try await sim.post(
            "/v1/customers", [("email", "a@b.test"), ("metadata[k]", String(repeating: "v", count: 501))], idempotencyKey: "fix-2")
        #expect(tooLong.status == 400)
        #expect(try await sim.post("/v1/customers", [("email", "a@b.test")], idempotencyKey: "fix-2").status == 200)
        // A refusal by the endpoint's own rules (not parameter validation) is saved and replayed.
        let missing = try await sim.post("/v1/payment_intents/pi_missing/capture", [], idempotencyKey: "fix-3")
        #expect(missing.status == 404)
        let again = try await sim.post("/v1/payment_intents/pi_missing/capture", [], idempotencyKey: "fix-3")
        #expect(again.headers["idempotent-replayed"] == "true")
    }

    @Test("a replay carries Idempotent-Replayed: true and Original-Request naming the first request")
    func originalRequest() async throws {
        let sim = try SimTestClient()
        let first = try await sim.post("/v1/customers", [("email", "x@y.test")], idempotencyKey: "orig-1")
        #expect(first.headers["original-request"] == nil)
        let replay = try await sim.post("/v1/customers", [("email", "x@y.test")], idempotencyKey: "orig-1")
        #expect(replay.headers["idempotent-replayed"] == "true")
        #expect(replay.headers["original-request"] == first.headers["request-id"])
        #expect(replay.headers["request-id"] != first.headers["request-id"])
    }

    @Test("Checkout ui_mode=form is accepted from Endive on (client_secret, return_url), refused before")
    func formUIMode() async throws {
        let sim = try SimTestClient()
        let a = try await sim.account()
        let lineItem: [(String, String)] = [
            ("mode", "payment"), ("line_items[0][price_data][currency]", "eur"), ("line_items[0][price_data][unit_amount]", "1000"),
            ("line_items[0][price_data][product_data][name]", "Tee"), ("line_items[0][quantity]", "1"),
        ]
        let form = try await sim.post(
            "/v1/checkout/sessions", lineItem + [("ui_mode", "form"), ("return_url", "https://shop.test/r?s={CHECKOUT_SESSION_ID}")],
            account: a)
        #expect(form.status == 200)
        #expect(form["ui_mode"] == "form")
        #expect(form["client_secret"] != nil)
        #expect(form.json["url"] == .null)
        let dahlia = try await sim.post(
            "/v1/checkout/sessions", lineItem + [("ui_mode", "form"), ("return_url", "https://shop.test/r")], account: a,
            version: "2026-08-26.dahlia")
        #expect(dahlia.errorCode == "parameter_invalid_string")
        #expect(
            dahlia.json.value(at: "error.message")?.stringValue == "Invalid ui_mode: must be one of hosted_page, embedded_page, or elements")
    }
}
