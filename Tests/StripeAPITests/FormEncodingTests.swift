import Testing
@testable import StripeAPI

@Suite("Form encoding")
struct FormEncodingTests {
    @Test func scalarsInInsertionOrder() {
        let params: FormParams = ["amount": 2000, "currency": "usd", "confirm": true, "capture": false]
        #expect(params.encoded() == "amount=2000&currency=usd&confirm=true&capture=false")
    }

    @Test func nestedObjectsUseBracketPaths() {
        let params: FormParams = ["payment_intent_data": ["application_fee_amount": 123, "metadata": ["order_id": "6735"]]]
        #expect(params.encoded() == "payment_intent_data[application_fee_amount]=123&payment_intent_data[metadata][order_id]=6735")
    }

    @Test func arraysAreAlwaysIndexed() {
        let params: FormParams = ["expand": .strings(["latest_charge", "customer"]), "payment_method_types": ["card"]]
        #expect(params.encoded() == "expand[0]=latest_charge&expand[1]=customer&payment_method_types[0]=card")
    }

    @Test func arraysOfObjects() {
        let params: FormParams = [
            "line_items": [
                ["price_data": ["currency": "usd", "unit_amount": 1500, "product_data": ["name": "T-shirt"]], "quantity": 2],
                ["price": "price_123", "quantity": 1],
            ]
        ]
        #expect(
            params.encoded() == "line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1500"
                + "&line_items[0][price_data][product_data][name]=T-shirt&line_items[0][quantity]=2"
                + "&line_items[1][price]=price_123&line_items[1][quantity]=1")
    }

    @Test func reservedCharactersArePercentEncoded() {
        let params: FormParams = ["description": "a=b/c?d&e+f g", "name": "Zoë", "note": "[x]~-._"]
        #expect(params.encoded() == "description=a%3Db%2Fc%3Fd%26e%2Bf%20g&name=Zo%C3%AB&note=%5Bx%5D~-._")
    }

    @Test func keysAreEncodedButBracketsKept() {
        let params: FormParams = ["metadata": ["order id": "1", "wëird&key": "2"]]
        #expect(params.encoded() == "metadata[order%20id]=1&metadata[w%C3%ABird%26key]=2")
    }

    @Test func emptyStringAndEmptyArrayUnset() {
        let params: FormParams = ["description": .unset, "metadata": .unset, "expand": .strings([])]
        #expect(params.encoded() == "description=&metadata=&expand=")
    }

    @Test func anEmptyObjectIsNeverSent() {
        var controller = FormParams()
        controller.set("requirement_collection", nil as String?)
        let params: FormParams = [
            "controller": .object(controller), "country": "US", "metadata": .map([:]),
            "business_profile": ["support_address": .object(FormParams())],
        ]
        #expect(params.encoded() == "country=US")
        #expect(FormEncoding.pairs(params).map(\.key) == ["country"])
    }

    @Test func metadataKeysAreSortedAndEmptyValueUnsetsOneKey() {
        var params = FormParams()
        params.set("metadata", ["b": "2", "a": "1", "c": ""])
        #expect(params.encoded() == "metadata[a]=1&metadata[b]=2&metadata[c]=")
    }

    @Test func nilIsOmittedAndResettingKeepsPosition() {
        var params = FormParams()
        params.set("a", "1")
        params.set("b", nil as String?)
        params.set("c", 3)
        params["a"] = "one"
        #expect(params.encoded() == "a=one&c=3")
        params["a"] = nil
        #expect(params.encoded() == "c=3")
    }

    @Test func paymentIntentParamsOmitNilFields() {
        let params = PaymentIntentCreateParams(amount: 1099, currency: "usd")
        #expect(params.formParams.encoded() == "amount=1099&currency=usd")
    }

    @Test func paymentIntentParamsFull() {
        let params = PaymentIntentCreateParams(
            amount: 1099, currency: "eur", automaticPaymentMethods: true, captureMethod: .manual,
            applicationFeeAmount: 123, customer: "cus_1", confirm: false,
            cardPresentRequestExtendedAuthorization: true, metadata: ["order_id": "A/1"], expand: ["latest_charge"])
        #expect(
            params.formParams.encoded() == "amount=1099&currency=eur&automatic_payment_methods[enabled]=true"
                + "&capture_method=manual&application_fee_amount=123&customer=cus_1&confirm=false"
                + "&payment_method_options[card_present][request_extended_authorization]=true"
                + "&metadata[order_id]=A%2F1&expand[0]=latest_charge")
    }

    @Test func checkoutSessionParams() {
        let params = CheckoutSessionCreateParams(
            mode: .payment, uiMode: .embedded,
            lineItems: [
                CheckoutLineItemParams(priceData: .init(currency: "usd", unitAmount: 2000, productName: "Mug"), quantity: 2),
                CheckoutLineItemParams(price: "price_9"),
            ],
            returnUrl: "https://shop.example/return?session_id={CHECKOUT_SESSION_ID}",
            customerEmail: "zoë+1@example.com", clientReferenceId: "order_42", applicationFeeAmount: 50,
            metadata: ["order_id": "42"])
        #expect(
            params.formParams.encoded() == "mode=payment&ui_mode=embedded_page"
                + "&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=2000"
                + "&line_items[0][price_data][product_data][name]=Mug&line_items[0][quantity]=2"
                + "&line_items[1][price]=price_9&line_items[1][quantity]=1"
                + "&return_url=https%3A%2F%2Fshop.example%2Freturn%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D"
                + "&customer_email=zo%C3%AB%2B1%40example.com&client_reference_id=order_42"
                + "&payment_intent_data[application_fee_amount]=50&metadata[order_id]=42")
    }

    @Test func accountParamsWithControllerAndCapabilities() {
        let params = AccountCreateParams(
            controller: .init(feesPayer: "application", lossesPayments: "application", stripeDashboardType: "express"),
            country: "US", requestedCapabilities: ["transfers", "card_payments"])
        #expect(
            params.formParams.encoded() == "controller[fees][payer]=application&controller[losses][payments]=application"
                + "&controller[stripe_dashboard][type]=express&country=US"
                + "&capabilities[card_payments][requested]=true&capabilities[transfers][requested]=true")
    }

    @Test func extraOverridesAndAppends() {
        let params = RefundCreateParams(paymentIntent: "pi_1", amount: 500, extra: ["amount": 400, "instructions_email": "a@b.c"])
        #expect(params.formParams.encoded() == "payment_intent=pi_1&amount=400&instructions_email=a%40b.c")
    }

    @Test func encodingIsStableAcrossCalls() {
        let make = { CustomerCreateParams(email: "a@b.c", metadata: ["z": "1", "a": "2", "m": "3"]).formParams.encoded() }
        let first = make()
        for _ in 0..<20 { #expect(make() == first) }
        #expect(first == "email=a%40b.c&metadata[a]=2&metadata[m]=3&metadata[z]=1")
    }

    @Test func terminalParams() {
        let process = ProcessPaymentIntentParams(paymentIntent: "pi_1", skipTipping: true)
        #expect(process.formParams.encoded() == "payment_intent=pi_1&process_config[skip_tipping]=true")
        let location = TerminalLocationCreateParams(displayName: "Main St", line1: "1 Main St", city: "Wien", country: "AT")
        #expect(location.formParams.encoded() == "display_name=Main%20St&address[line1]=1%20Main%20St&address[city]=Wien&address[country]=AT")
    }
}
