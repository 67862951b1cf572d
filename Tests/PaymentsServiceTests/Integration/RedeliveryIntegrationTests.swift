import Bus
import Foundation
import Messages
import PaymentsService
import StripeSimCore
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("Redelivery and catalogue")
    struct Redelivery {
        @Test("the same confirm command delivered twice charges once and fulfils once")
        func duplicateCommand() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let replyQueue = IntegrationEnvironment.uniqueName("payments.tests.replies")
                let command = try Envelope.make(
                    ConfirmPayment(
                        account: account, orderReference: order, amount: 4200, currency: "usd",
                        paymentMethod: "pm_card_visa", applicationFeeAmount: 420),
                    appId: "payments-tests", stripeAccount: account, replyTo: replyQueue)
                let url = bed.env.amqpURL
                try await onThread {
                    let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-duplicate")
                    defer { connection.close() }
                    _ = try connection.declareQueue(QueueSpec(name: replyQueue))
                    try connection.enableConfirms()
                    for _ in 0..<2 {
                        try connection.publish(
                            command, exchange: Exchanges.commands, routingKey: ConfirmPayment.messageName,
                            mandatory: true)
                    }
                    try connection.waitForConfirms(timeout: .seconds(10))
                }
                // One worker, one message at a time: this reply comes after both copies were handled.
                _ = try unwrap(
                    try await bed.send(
                        ConfirmPayment(
                            account: account, orderReference: PaymentsTestBed.orderReference(),
                            amount: 100, currency: "usd", paymentMethod: "pm_card_visa")))
                let charges = bed.requests("POST", "/v1/payment_intents").filter {
                    $0.params["metadata"]?["order_reference"]?.stringValue == order
                }
                #expect(charges.count == 1)
                #expect(try await bed.order(account, order, "state") == "paid")
                #expect(try await bed.published(OrderPaid.messageName, order: order).count == 1)
                try await onThread {
                    let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-duplicate")
                    defer { connection.close() }
                    _ = try connection.deleteQueue(replyQueue)
                }
            }
        }

        @Test("Stripe failing with 500s: retried with the same idempotency key, one session")
        func stripeFaults() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let command = CreateCheckoutSession(
                    account: account, orderReference: PaymentsTestBed.orderReference(),
                    lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Lamp", unitAmount: 3000, currency: "eur"), quantity: 1)],
                    applicationFeeAmount: 300, successUrl: "https://shop.example.com/success")
                bed.sim.faults = FaultSettings(failRate: 1.0)
                let pending = Task { try await bed.send(command, timeout: .seconds(90)) }
                let sim = bed.sim
                let failed = try await eventually { sim.requestLog.contains { $0.path == "/v1/checkout/sessions" && $0.fault == "500" } }
                #expect(failed)
                bed.sim.faults = FaultSettings()
                let created = try unwrap(try await pending.value)
                #expect(!created.reused)
                let attempts = bed.requests("POST", "/v1/checkout/sessions").filter { $0.path == "/v1/checkout/sessions" }
                #expect(attempts.count >= 2)
                #expect(Set(attempts.compactMap(\.idempotencyKey)).count == 1)
                #expect(bed.sim.count(objectType: "checkout.session") == 1)
            }
        }

        @Test("platform events and PaymentIntents of other services are acknowledged and ignored")
        func foreignEvents() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                func event(_ id: String, account: String?, metadata: String) -> Envelope {
                    let accountField = account.map { #""account":"\#($0)","# } ?? ""
                    let json =
                        #"{"id":"\#(id)","object":"event",\#(accountField)"type":"payment_intent.succeeded","created":1700000000,"data":{"object":{"id":"pi_foreign_\#(id)","object":"payment_intent","status":"succeeded","amount":100,"currency":"usd","metadata":\#(metadata)}}}"#
                    return Envelope(
                        type: "stripe.payment_intent.succeeded", appId: "notifications",
                        headers: MessageHeaders(stripeAccount: account, extra: ["x-stripe-event-id": id]),
                        body: Array(json.utf8))
                }
                let events = [
                    event("evt_platform", account: nil, metadata: #"{"order_reference":"o-x","connectbus_origin":"payments"}"#),
                    event("evt_terminal", account: account, metadata: #"{"order_reference":"o-y"}"#),
                ]
                try await bed.publish(events)
                try await bed.settle(events)
                #expect(bed.monitor.all.filter { $0.type.hasPrefix("payments.order.") }.isEmpty)
                let schema = bed.schema
                #expect(try await bed.value("SELECT count(*)::text AS v FROM \(schema).orders", column: "v") == "0")
            }
        }

        @Test("a product and price made on the account can be sold through Checkout")
        func catalogue() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let product = try unwrap(try await bed.send(CreateProduct(account: account, name: "Poster")))
                #expect(product.product.hasPrefix("prod_"))
                let price = try unwrap(
                    try await bed.send(
                        CreatePrice(
                            account: account, product: product.product,
                            unitAmount: 1500, currency: "eur")))
                #expect(price.price.hasPrefix("price_"))
                #expect(bed.requests("POST", "/v1/prices").first?.account == account)
                let session = try unwrap(
                    try await bed.send(
                        CreateCheckoutSession(
                            account: account, orderReference: PaymentsTestBed.orderReference(),
                            lineItems: [CheckoutLineItem(price: price.price, quantity: 3)], applicationFeeAmount: 450,
                            successUrl: "https://shop.example.com/success")))
                #expect(bed.sim.object(id: session.checkoutSession)?["amount_total"]?.intValue == 4500)
            }
        }

        @Test("an expired Checkout Session is replaced by a new one for the same order")
        func expiredSession() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let order = PaymentsTestBed.orderReference()
                let command = CreateCheckoutSession(
                    account: account, orderReference: order,
                    lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Cap", unitAmount: 900, currency: "eur"), quantity: 1)],
                    successUrl: "https://shop.example.com/success")
                let first = try unwrap(try await bed.send(command))
                let expired = bed.stripe("POST", "/v1/checkout/sessions/\(first.checkoutSession)/expire", account: account)
                #expect(expired.json["status"] as? String == "expired")
                try await bed.deliverEvents(account: account, objects: [first.checkoutSession])
                #expect(try await bed.order(account, order, "checkout_session") == nil)
                let second = try unwrap(try await bed.send(command))
                #expect(!second.reused)
                #expect(second.checkoutSession != first.checkoutSession)
                #expect(try await bed.order(account, order, "checkout_session") == second.checkoutSession)
                #expect(try await bed.published(CheckoutSessionCreated.messageName, order: order).count == 2)
            }
        }
    }
}
