import StripeSimCore
import Bus
import Foundation
import Messages
import PaymentsService
import Testing
import TestKit

extension PaymentsIntegrationTests {
    @Suite("PaymentSheet and ephemeral keys")
    struct PaymentSheet {
        @Test("the PaymentSheet bundle: one Customer per reference, CustomerSession, PaymentIntent, publishable key")
        func bundle() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let first = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: PaymentsTestBed.orderReference(), customerReference: "buyer-1",
                            customerEmail: "buyer@example.com", amount: 3000, currency: "eur", applicationFeeAmount: 300)))
                #expect(first.customer?.hasPrefix("cus_") == true)
                #expect(first.customerSessionClientSecret?.isEmpty == false)
                #expect(first.ephemeralKey == nil)
                #expect(first.paymentIntentClientSecret.hasPrefix(first.paymentIntent))
                #expect(first.publishableKey == PaymentsTestBed.publishableKey)
                #expect(first.account == account)
                let session = try #require(bed.requests("POST", "/v1/customer_sessions").first)
                #expect(session.account == account)
                #expect(session.params["components"]?["mobile_payment_element"]?["enabled"]?.stringValue == "true")
                #expect(session.params["components"]?["mobile_payment_element"]?["features"]?["payment_method_save"]?.stringValue == "enabled")
                #expect(session.params["components"]?["mobile_payment_element"]?["features"]?["payment_method_remove"]?.stringValue == "enabled")
                let intent = try #require(bed.requests("POST", "/v1/payment_intents").first)
                #expect(intent.params["customer"]?.stringValue == first.customer)
                #expect(intent.params["automatic_payment_methods"]?["enabled"]?.stringValue == "true")
                #expect(intent.params["application_fee_amount"]?.stringValue == "300")

                let second = try unwrap(
                    try await bed.send(
                        CreatePaymentSheet(
                            account: account, orderReference: PaymentsTestBed.orderReference(), customerReference: "buyer-1",
                            amount: 1500, currency: "eur", paymentMethodTypes: ["card"], customerKey: .ephemeralKey,
                            apiVersion: "2020-08-27")))
                #expect(second.customer == first.customer)
                #expect(second.ephemeralKey?.isEmpty == false)
                #expect(second.customerSessionClientSecret == nil)
                #expect(bed.requests("POST", "/v1/customers").count == 1)
                #expect(bed.requests("POST", "/v1/ephemeral_keys").count == 1)
            }
        }

        @Test("an ephemeral key needs the SDK's API version")
        func ephemeralKey() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let customer = try #require(bed.stripe("POST", "/v1/customers", [("email", "a@example.com")], account: account).id)
                let key = try unwrap(try await bed.send(CreateEphemeralKey(account: account, customer: customer, apiVersion: "2020-08-27")))
                #expect(key.ephemeralKey.hasPrefix("ephkey_"))
                #expect(!key.secret.isEmpty)
                #expect(key.customer == customer)
                #expect(key.key.contains(key.ephemeralKey))
                let issued = try #require(bed.requests("POST", "/v1/ephemeral_keys").first)
                #expect(issued.account == account)

                let missing = try await bed.sendRaw(
                    type: CreateEphemeralKey.messageName,
                    json: #"{"account":"\#(account)","customer":"\#(customer)"}"#)
                #expect(missing?.code == ReplyError.Code.missingField)
                #expect(missing?.message.contains("api_version") == true)
                #expect(bed.requests("POST", "/v1/ephemeral_keys").count == 1)
                // The poison command was parked; take it off the dead-letter queue.
                let url = bed.env.amqpURL
                let parked = try await onThread { () -> String? in
                    let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "payments-tests-dlq")
                    defer { connection.close() }
                    try connection.startConsuming(queue: CreateEphemeralKey.messageName + ".dlq", prefetch: 10)
                    let deadline = ContinuousClock.now + .seconds(10)
                    while ContinuousClock.now < deadline {
                        guard let delivery = try connection.nextDelivery(timeout: .milliseconds(500)) else { continue }
                        try connection.ack(delivery.deliveryTag, multiple: false)
                        if String(decoding: delivery.envelope.body, as: UTF8.self).contains(customer) {
                            return delivery.envelope.headers.extra["x-error-code"]
                        }
                    }
                    return nil
                }
                #expect(parked == ReplyError.Code.missingField)
            }
        }
    }
}
