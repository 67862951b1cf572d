import StripeSimCore
import TestKit
import Testing

/// The defects Stripe's published schemas found in the simulator's answers (issue 39, item 7;
/// the whole check is Tests/deployment/test_stripe_sim_openapi.py): each member Stripe requires
/// is there with Stripe's type, and none Stripe does not have.
@Suite("stripe-sim: answers in the shape of Stripe's schemas")
struct StripeSchemaShapeTests {
    @Test("an account has settings.branding, card_payments and payouts.debit_negative_balances; tos_acceptance.date is an integer")
    func accountShape() async throws {
        let sim = try SimTestClient()
        let custom = try await sim.post(
            "/v1/accounts",
            [
                ("type", "custom"), ("tos_acceptance[date]", "1796353897"), ("tos_acceptance[ip]", "203.0.113.7"),
                ("settings[payouts][schedule][delay_days]", "7"), ("external_account", "btok_us_verified"),
            ])
        #expect(custom.status == 200)
        #expect(custom.json.value(at: "tos_acceptance.date") == 1_796_353_897)
        #expect(custom.json.value(at: "settings.payouts.schedule.delay_days") == 7)
        #expect(custom.json.value(at: "settings.payouts.debit_negative_balances") == false)
        #expect(custom.json.value(at: "settings.branding.primary_color") == .null)
        #expect(custom.json.value(at: "settings.card_payments.decline_on.cvc_failure") == false)
        #expect(custom.json.value(at: "external_accounts.total_count") == nil)
        #expect(custom.json.value(at: "external_accounts.data")?.arrayValue?.count == 1)
        let express = try await sim.post("/v1/accounts", [("type", "express")])
        #expect(express.json.value(at: "settings.payouts.debit_negative_balances") == true)
        let id = try #require(custom["id"])
        let person = try await sim.post("/v1/accounts/\(id)/persons", [("first_name", "Ada")])
        #expect(person.json["requirements"]?["current_deadline"] == nil)
        #expect(person.json["requirements"]?["disabled_reason"] == nil)
        #expect(person.json["future_requirements"]?["currently_due"] == [])
    }

    @Test("an account session answers every component Stripe has, each with all its features")
    func accountSessionComponents() async throws {
        let sim = try SimTestClient()
        let account = try #require(try await sim.post("/v1/accounts", [("type", "express")])["id"])
        let session = try await sim.post(
            "/v1/account_sessions",
            [("account", account), ("components[payments][enabled]", "true"), ("components[payments][features][refund_management]", "false")])
        #expect(session.status == 200)
        let components = try #require(session.json["components"]?.objectValue)
        #expect(components.count == 25)
        #expect(
            components["payments"] == [
                "enabled": true,
                "features": [
                    "refund_management": false, "dispute_management": true, "capture_payments": true,
                    "destination_on_behalf_of_charge_management": false, "smart_disputes_management": true,
                ],
            ])
        #expect(
            components["account_onboarding"] == [
                "enabled": false,
                "features": [
                    "external_account_collection": true, "disable_stripe_user_authentication": false,
                ],
            ])
        #expect(components["terminal_hardware_shop"] == ["enabled": false, "features": [:]])
    }

    @Test("a customer session answers every component, the Payment Element's features complete")
    func customerSessionComponents() async throws {
        let sim = try SimTestClient()
        let customer = try #require(try await sim.post("/v1/customers", [("email", "a@b.test")])["id"])
        let session = try await sim.post(
            "/v1/customer_sessions",
            [
                ("customer", customer), ("components[payment_element][enabled]", "true"),
                ("components[payment_element][features][payment_method_save]", "enabled"),
                ("components[payment_element][features][payment_method_redisplay_limit]", "3"),
            ])
        #expect(session.status == 200)
        let components = try #require(session.json["components"]?.objectValue)
        #expect(
            Set(components.keys) == [
                "active_entitlements", "buy_button", "customer_portal", "customer_sheet", "mobile_payment_element", "payment_element",
                "pricing_table",
            ])
        #expect(components["customer_portal"] == ["enabled": false])
        #expect(
            components["payment_element"]?["features"] == [
                "payment_method_allow_redisplay_filters": ["always"], "payment_method_redisplay": "disabled",
                "payment_method_redisplay_limit": 3, "payment_method_remove": "disabled", "payment_method_save": "enabled",
                "payment_method_save_usage": nil,
            ])
    }

    @Test("ephemeral keys, webhook endpoints and CVC tokens carry only Stripe's members")
    func noExtras() async throws {
        let sim = try SimTestClient()
        let customer = try #require(try await sim.post("/v1/customers", [("email", "a@b.test")])["id"])
        let key = try await sim.post("/v1/ephemeral_keys", [("customer", customer)], version: "2026-11-18.endive")
        #expect(key.status == 200 && key.json["associated_objects"] == nil && key["secret"] != nil)
        let hook = try await sim.post("/v1/webhook_endpoints", [("url", "https://x.test/h"), ("enabled_events[]", "*"), ("connect", "true")])
        #expect(hook.status == 200 && hook.json["connect"] == nil)
        let token = try await sim.post("/v1/tokens", [("cvc_update[cvc]", "123")])
        #expect(token["type"] == "cvc_update" && token.json["redaction"] == nil)
        let endpoints = try await sim.control("GET", "/sim/webhooks/endpoints")
        #expect(endpoints.json["data"]?.arrayValue?.first?["connect"] == true)
    }

    @Test("allowed and excluded payment method types are answered; a completed hosted session's url is null")
    func paymentMethodTypesAndURL() async throws {
        let sim = try SimTestClient()
        let pi = try await sim.post(
            "/v1/payment_intents", [("amount", "2000"), ("currency", "usd"), ("allowed_payment_method_types[]", "card")])
        #expect(pi.json["allowed_payment_method_types"] == ["card"])
        let fetched = try await sim.get("/v1/payment_intents/\(pi["id"] ?? "")")
        #expect(fetched.json["allowed_payment_method_types"] == ["card"] && fetched.json["excluded_payment_method_types"] == .null)
        let dynamic = try await sim.post(
            "/v1/payment_intents",
            [
                ("amount", "2000"), ("currency", "usd"), ("automatic_payment_methods[enabled]", "true"),
                ("excluded_payment_method_types[]", "sepa_debit"),
            ])
        #expect(dynamic.json["excluded_payment_method_types"] == ["sepa_debit"])
        #expect(dynamic.json["payment_method_types"] == ["card", "link", "us_bank_account", "klarna"])
        let everything = try await sim.post(
            "/v1/payment_intents", [("amount", "2000"), ("currency", "usd"), ("excluded_payment_method_types[]", "card")])
        #expect(everything.errorCode == "payment_intent_invalid_parameter")
        let unknown = try await sim.post(
            "/v1/payment_intents", [("amount", "2000"), ("currency", "usd"), ("excluded_payment_method_types[]", "link")])
        #expect(unknown.errorCode == "parameter_invalid_string" && unknown.json.value(at: "error.param") == "excluded_payment_method_types[0]")
        let session = try await sim.post(
            "/v1/checkout/sessions",
            [
                ("mode", "payment"), ("ui_mode", "hosted_page"), ("success_url", "https://x.test/ok"),
                ("allowed_payment_method_types[]", "card"), ("excluded_payment_method_types[]", "klarna"),
                ("line_items[0][price_data][currency]", "usd"), ("line_items[0][price_data][unit_amount]", "700"),
                ("line_items[0][price_data][product_data][name]", "Tea"), ("line_items[0][quantity]", "1"),
            ])
        #expect(session.json["allowed_payment_method_types"] == ["card"])
        #expect(session.json["excluded_payment_method_types"] == ["klarna"])
        let id = try #require(session["id"])
        #expect(session["url"] != nil)
        _ = try await sim.page("POST", "/sim/checkout/\(id)/pay", form: [("payment_method", "pm_card_visa")])
        let completed = try await sim.get("/v1/checkout/sessions/\(id)")
        #expect(completed["status"] == "complete" && completed.json["url"] == .null)
    }
}
