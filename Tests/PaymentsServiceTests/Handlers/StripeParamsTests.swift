import Messages
import StripeAPI
import Testing
@testable import PaymentsService

@Suite("Stripe parameters of the handlers")
struct StripeParamsTests {
    @Test("hosted Checkout: success and cancel URLs, fee in payment_intent_data, order in metadata")
    func hostedCheckout() {
        let command = CreateCheckoutSession(
            account: "acct_1", orderReference: "o-1",
            lineItems: [
                CheckoutLineItem(priceData: PriceData(productName: "Tee", unitAmount: 2500, currency: "eur"), quantity: 2),
                CheckoutLineItem(price: "price_1", quantity: 1),
            ],
            applicationFeeAmount: 300, customerEmail: "b@example.com", successUrl: "https://s.example/ok",
            cancelUrl: "https://s.example/cart", metadata: ["campaign": "x"])
        let params = CreateCheckoutSessionHandler.params(command)
        #expect(params.mode == .payment)
        #expect(params.uiMode == nil)
        #expect(params.successUrl == "https://s.example/ok")
        #expect(params.cancelUrl == "https://s.example/cart")
        #expect(params.returnUrl == nil)
        #expect(params.applicationFeeAmount == 300)
        #expect(params.clientReferenceId == "o-1")
        #expect(params.paymentIntentMetadata?["order_reference"] == "o-1")
        #expect(params.paymentIntentMetadata?["connectbus_origin"] == "payments")
        #expect(params.metadata?["campaign"] == "x")
        #expect(params.lineItems.count == 2)
        #expect(params.lineItems[0].priceData?.productName == "Tee")
        #expect(params.lineItems[0].quantity == 2)
        #expect(params.lineItems[1].price == "price_1")
    }

    @Test("embedded Checkout: ui_mode and return_url only")
    func embeddedCheckout() {
        let command = CreateCheckoutSession(
            account: "acct_1", orderReference: "o-1", lineItems: [CheckoutLineItem(price: "price_1", quantity: 1)],
            uiMode: .embedded, returnUrl: "https://s.example/r?session_id={CHECKOUT_SESSION_ID}")
        let params = CreateCheckoutSessionHandler.params(command)
        #expect(params.uiMode == .embeddedPage)
        #expect(params.returnUrl == "https://s.example/r?session_id={CHECKOUT_SESSION_ID}")
        #expect(params.successUrl == nil)
        #expect(params.formParams(apiVersion: "2025-03-31.basil").encoded().contains("ui_mode=embedded&"))
    }

    @Test("elements Checkout: ui_mode elements, redirect_on_completion, allowed method types by version; hosted_page sends no ui_mode")
    func elementsCheckout() {
        let command = CreateCheckoutSession(
            account: "acct_1", orderReference: "o-1", lineItems: [CheckoutLineItem(price: "price_1", quantity: 1)],
            uiMode: .elements, paymentMethodTypes: ["card"], redirectOnCompletion: .never)
        let params = CreateCheckoutSessionHandler.params(command)
        #expect(params.uiMode == .elements)
        #expect(params.redirectOnCompletion == .never)
        #expect(params.returnUrl == nil)
        let endive = params.formParams(apiVersion: StripeAPIVersion.current).encoded()
        #expect(endive.contains("ui_mode=elements&redirect_on_completion=never"))
        #expect(endive.contains("allowed_payment_method_types[0]=card"))
        let basil = params.formParams(apiVersion: StripeAPIVersion.basil).encoded()
        #expect(basil.contains("ui_mode=custom&") && basil.contains("&payment_method_types[0]=card"))
        let hosted = CreateCheckoutSessionHandler.params(
            CreateCheckoutSession(
                account: "acct_1", orderReference: "o-1", lineItems: [CheckoutLineItem(price: "price_1", quantity: 1)],
                uiMode: .hostedPage, successUrl: "https://s.example/ok"))
        #expect(hosted.uiMode == nil)
        #expect(hosted.redirectOnCompletion == nil)
    }

    @Test("PaymentIntent: automatic methods by default, explicit types otherwise")
    func paymentIntent() {
        var request = OpenPaymentIntent.Request(
            account: "acct_1", orderReference: "o-1", channel: .paymentIntent,
            amount: 1999, currency: "eur", applicationFeeAmount: 200)
        let automatic = OpenPaymentIntent.params(request)
        #expect(automatic.automaticPaymentMethods == true)
        #expect(automatic.paymentMethodTypes == nil)
        #expect(automatic.applicationFeeAmount == 200)
        #expect(automatic.metadata?["order_reference"] == "o-1")
        request.paymentMethodTypes = ["card", "sepa_debit"]
        let explicit = OpenPaymentIntent.params(request)
        #expect(explicit.automaticPaymentMethods == nil)
        #expect(explicit.paymentMethodTypes == ["card", "sepa_debit"])
    }

    @Test("server-side confirm creates and confirms a card PaymentIntent with the fee")
    func confirm() {
        let params = ConfirmPaymentHandler.params(
            ConfirmPayment(
                account: "acct_1", orderReference: "o-1", amount: 5000,
                currency: "usd", paymentMethod: "pm_card_visa",
                applicationFeeAmount: 500, customer: "cus_1"))
        #expect(params.confirm == true)
        #expect(params.paymentMethod == "pm_card_visa")
        #expect(params.applicationFeeAmount == 500)
        #expect(params.customer == "cus_1")
        #expect(params.paymentMethodTypes == ["card"])
    }

    @Test("a deferred intent: confirm with the ConfirmationToken, automatic payment methods, the fee")
    func confirmWithToken() {
        let params = ConfirmPaymentHandler.params(
            ConfirmPayment(
                account: "acct_1", orderReference: "o-1", amount: 5000, currency: "eur", applicationFeeAmount: 500,
                confirmationToken: "ctoken_1"))
        #expect(params.confirm == true)
        #expect(params.confirmationToken == "ctoken_1")
        #expect(params.paymentMethod == nil)
        #expect(params.automaticPaymentMethods == true)
        #expect(params.paymentMethodTypes == nil)
        #expect(params.applicationFeeAmount == 500)
        #expect(params.formParams["confirmation_token"] == .string("ctoken_1"))
        #expect(params.metadata?["order_reference"] == "o-1")
    }

    @Test("a missing price is not_found.price; other Stripe errors keep Stripe's code")
    func errorMapping() {
        let missing = StripeError(
            kind: .invalidRequest, httpStatus: 404, type: "invalid_request_error",
            code: "resource_missing", param: "line_items[0][price]", message: "No such price")
        #expect(ReplyError.paymentsStripe(missing).code == ReplyError.Code.priceNotFound)
        let declined = StripeError(
            kind: .card, httpStatus: 402, type: "card_error", code: "card_declined",
            declineCode: "insufficient_funds", message: "declined")
        let reply = ReplyError.paymentsStripe(declined)
        #expect(reply.code == "stripe.card_declined")
        #expect(reply.stripe?.declineCode == "insufficient_funds")
        #expect(!reply.retryable)
    }
}
