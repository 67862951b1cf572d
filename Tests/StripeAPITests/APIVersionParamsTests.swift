import Foundation
import Testing
@testable import StripeAPI

/// Parameter structs spell each request as the API version in use names it.
@Suite("API version parameters")
struct APIVersionParamsTests {
    private static let basil = "2025-03-31.basil"

    private func checkout(_ mode: CheckoutSessionUIMode?) -> CheckoutSessionCreateParams {
        CheckoutSessionCreateParams(
            uiMode: mode, lineItems: [CheckoutLineItemParams(price: "price_1")],
            returnUrl: "https://x.test/r?s={CHECKOUT_SESSION_ID}", paymentMethodTypes: ["card", "sepa_debit"],
            redirectOnCompletion: .ifRequired)
    }

    @Test func pinsEndiveAndDatesDecideTheShapes() {
        #expect(StripeConfig.defaultAPIVersion == "2026-11-18.endive")
        #expect(StripeConfig(apiKey: "sk_test_1").apiVersion == StripeAPIVersion.current)
        #expect(StripeAPIVersion.usesCheckoutPageUIModes("2026-03-25.dahlia"))
        #expect(!StripeAPIVersion.usesCheckoutPageUIModes("2025-09-30.clover"))
        #expect(!StripeAPIVersion.usesAllowedPaymentMethodTypes("2026-08-26.dahlia"))
        #expect(StripeAPIVersion.usesAllowedPaymentMethodTypes("2026-09-30.endive"))
        #expect(!StripeAPIVersion.usesAllowedPaymentMethodTypes(Self.basil))
        #expect(StripeAPIVersion.usesAllowedPaymentMethodTypes("not-a-date"))
    }

    @Test func checkoutSessionNamesUIModeAndMethodListByVersion() {
        let endive = checkout(.elements).formParams(apiVersion: StripeAPIVersion.current).encoded()
        #expect(endive.contains("ui_mode=elements&redirect_on_completion=if_required"))
        #expect(endive.contains("allowed_payment_method_types[0]=card&allowed_payment_method_types[1]=sepa_debit"))
        #expect(!endive.contains("&payment_method_types"))
        let basil = checkout(.elements).formParams(apiVersion: Self.basil).encoded()
        #expect(basil.contains("ui_mode=custom&"))
        #expect(basil.contains("&payment_method_types[0]=card&payment_method_types[1]=sepa_debit"))
        #expect(!basil.contains("allowed_"))
        #expect(checkout(.embedded).formParams(apiVersion: StripeAPIVersion.current).encoded().contains("ui_mode=embedded_page&"))
        #expect(checkout(.embeddedPage).formParams(apiVersion: Self.basil).encoded().contains("ui_mode=embedded&"))
        #expect(checkout(.hostedPage).formParams(apiVersion: Self.basil).encoded().contains("ui_mode=hosted&"))
        #expect(!checkout(nil).formParams(apiVersion: Self.basil).encoded().contains("ui_mode"))
    }

    @Test func paymentIntentNamesTheMethodListByVersion() {
        let params = PaymentIntentCreateParams(amount: 1000, currency: "usd", paymentMethodTypes: ["card_present"])
        #expect(params.formParams.encoded() == "amount=1000&currency=usd&allowed_payment_method_types[0]=card_present")
        #expect(params.formParams(apiVersion: Self.basil).encoded() == "amount=1000&currency=usd&payment_method_types[0]=card_present")
    }

    @Test func modelsDecodeBothGenerations() throws {
        for (wire, normalized) in [
            ("hosted", "hosted_page"), ("embedded", "embedded_page"), ("custom", "elements"),
            ("hosted_page", "hosted_page"), ("embedded_page", "embedded_page"), ("elements", "elements"),
        ] {
            let json = #"{"id":"cs_1","object":"checkout.session","ui_mode":"\#(wire)","payment_method_types":["card"]}"#
            let session = try JSONDecoder().decode(CheckoutSession.self, from: Data(json.utf8))
            #expect(session.uiMode?.rawValue == wire)
            #expect(session.uiMode?.normalized.rawValue == normalized)
            #expect(session.uiMode?.isHosted == (normalized == "hosted_page"))
            #expect(session.paymentMethodTypes == ["card"])
        }
    }

    @Test func aPerCallVersionOverridesThePinAndShapesTheBody() throws {
        let session = #"{"id":"cs_1","object":"checkout.session","ui_mode":"custom","status":"open"}"#
        let transport = ScriptedTransport([.respond(200, [:], session), .respond(200, [:], session)])
        let client = try StripeClient(config: StripeConfig(apiKey: "sk_test_1", apiVersion: Self.basil), transport: transport)
        #expect(client.apiVersion(for: RequestOptions()) == Self.basil)
        let created = try client.createCheckoutSession(checkout(.elements), options: .idempotent("k1"))
        #expect(created.uiMode?.normalized == .elements)
        _ = try client.createCheckoutSession(
            checkout(.elements),
            options: RequestOptions(idempotencyKey: "k2", stripeVersion: StripeAPIVersion.current))
        let basilBody = String(decoding: transport.requests[0].body, as: UTF8.self)
        let endiveBody = String(decoding: transport.requests[1].body, as: UTF8.self)
        #expect(transport.requests[0].header("Stripe-Version") == Self.basil)
        #expect(basilBody.contains("ui_mode=custom") && basilBody.contains("&payment_method_types[0]=card"))
        #expect(transport.requests[1].header("Stripe-Version") == StripeAPIVersion.current)
        #expect(endiveBody.contains("ui_mode=elements") && endiveBody.contains("allowed_payment_method_types[0]=card"))
    }
}
