import StripeSimCore
import Foundation
import Messages
import PaymentsService
import Testing
import TestKit

extension PaymentsIntegrationTests {
    /// Commands past one of Stripe's limits are refused with a `validation.*` code and the
    /// field's path before Stripe is called; at the limit, what the service sends (the command's
    /// metadata plus its own keys) is what Stripe, here stripe-sim, accepts.
    @Suite("Stripe's limits, before Stripe is called")
    struct StripeLimits {
        private static func body(_ account: String, _ fields: String) -> String {
            #"{"account":"\#(account)","currency":"usd",\#(fields)}"#
        }

        @Test("NUL, over-long references, metadata past Stripe's, 8-digit and minimum amounts: refused with no Stripe call")
        func refusedBeforeStripe() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let before = bed.sim.requestLog.count
                let manyKeys = (0..<51).map { #""k\#($0)":"v""# }.joined(separator: ",")
                let cases: [(String, String, String, String)] = [
                    (
                        CreatePaymentIntent.messageName, Self.body(account, #""order_reference":"a\u0000b","amount":1700"#),
                        ReplyError.Code.nulCharacter, "order_reference"
                    ),
                    (
                        CreatePaymentIntent.messageName, Self.body(account, #""order_reference":"o-1","amount":1700,"metadata":{\#(manyKeys)}"#),
                        ReplyError.Code.invalidMetadata, "metadata"
                    ),
                    (
                        CreatePaymentIntent.messageName, Self.body(account, #""order_reference":"o-1","amount":1000000000000"#),
                        ReplyError.Code.amountTooLarge, "amount"
                    ),
                    (
                        CreatePaymentIntent.messageName, Self.body(account, #""order_reference":"o-1","amount":9223372036854775808"#),
                        ReplyError.Code.amountTooLarge, "amount"
                    ),
                    (
                        CreatePaymentIntent.messageName, Self.body(account, #""order_reference":"o-1","amount":49"#),
                        ReplyError.Code.amountTooSmall, "amount"
                    ),
                    (
                        CreateCheckoutSession.messageName,
                        #"{"account":"\#(account)","order_reference":"\#(String(repeating: "r", count: 306))","success_url":"https://shop.example/ok","line_items":[{"price_data":{"product_name":"Mug","unit_amount":1500,"currency":"usd"},"quantity":1}]}"#,
                        ReplyError.Code.tooLong, "order_reference"
                    ),
                ]
                for (type, json, code, field) in cases {
                    let refused = try await bed.sendRaw(type: type, json: json)
                    #expect(refused?.code == code, "\(type) \(json.prefix(120))")
                    #expect(refused?.field == field, "\(type) \(json.prefix(120))")
                    #expect(refused?.retryable == false)
                }
                #expect(bed.sim.requestLog.count == before)
            }
        }

        @Test("at the limit: 47 metadata keys and a 200-character order reference reach Stripe with the suite's own keys, accepted")
        func acceptedAtTheLimit() async throws {
            try await PaymentsTestBed.run { bed in
                let account = try await bed.connectedAccount()
                let metadata = Dictionary(uniqueKeysWithValues: (0..<47).map { ("k\($0)", String(repeating: "v", count: 500)) })
                let order = String(repeating: "r", count: 200 - 8) + PaymentsTestBed.orderReference().suffix(8)
                let created = try unwrap(
                    try await bed.send(CreatePaymentIntent(account: account, orderReference: order, amount: 50, currency: "usd", metadata: metadata)))
                #expect(created.status == .requiresPaymentMethod)
                let create = try #require(bed.requests("POST", "/v1/payment_intents").last)
                #expect(create.params["metadata"]?.objectValue?.count == 49)
                #expect(create.params["metadata"]?["order_reference"]?.stringValue == order)
                let session = try unwrap(
                    try await bed.send(
                        CreateCheckoutSession(
                            account: account, orderReference: String(order.dropLast(1)) + "z",  // "z" is never the hex suffix's last character
                            lineItems: [CheckoutLineItem(priceData: PriceData(productName: "Mug", unitAmount: 50, currency: "usd"), quantity: 1)],
                            successUrl: "https://shop.example/ok", metadata: metadata)))
                #expect(session.status == .open)
                let checkout = try #require(bed.requests("POST", "/v1/checkout/sessions").last)
                #expect(checkout.params["client_reference_id"]?.stringValue?.count == 200)
            }
        }
    }
}
