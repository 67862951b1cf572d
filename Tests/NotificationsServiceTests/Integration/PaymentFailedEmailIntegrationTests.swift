import Bus
import Foundation
import Messages
import NotificationsService
import Store
import Testing
import TestKit

extension EmailIntegrationTests {
    @Test(
        "a failure the buyer sees in the payment form (buyer_must_act false or absent) sends no e-mail; one they must act on does"
    )
    func paymentFailedOnlyWhenTheBuyerMustAct() async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let order = "ord-3ds-\(UInt32.random(in: 0...UInt32.max))"
                let buyer = "buyer+\(order)@example.com"
                func failed(_ mustAct: Bool?, at: Int) throws -> Envelope {
                    try Envelope.make(
                        OrderPaymentFailed(
                            account: "acct_mail", orderReference: order, amount: 2500, currency: "usd",
                            paymentIntent: "pi_\(order)", customerEmail: buyer,
                            failureCode: "payment_intent_authentication_failure",
                            failureMessage: "The provided PaymentMethod has failed authentication.",
                            occurredAt: at, buyerMustAct: mustAct),
                        appId: "payments", stripeAccount: "acct_mail")
                }
                // 3-D Secure failed in the sheet, then an event of a producer without the field.
                let inTheSheet = try failed(false, at: 1_700_000_000)
                let withoutTheField = try failed(nil, at: 1_700_000_001)
                let mustAct = try failed(true, at: 1_700_000_002)
                for envelope in [inTheSheet, withoutTheField, mustAct] {
                    try await onThread { try Self.publish(envelope, url: bed.env.amqpURL) }
                }
                // One worker, in order: once the last one's e-mail is sent, the two before were handled.
                let sent = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == mustAct.messageId }
                }
                #expect(try sent.first?.decode(EmailSent.self).template == .paymentFailed)
                let mails = sink.messages().filter { $0.contains(order) }
                #expect(mails.count == 1)
                #expect(
                    try bed.count(
                        "SELECT count(*) AS n FROM $schema.emails WHERE order_reference = $1", [.text(order)]) == 1)
                let caused = try await onThread { try bed.monitor.all() }.filter {
                    [inTheSheet.messageId, withoutTheField.messageId].contains($0.headers.causationId ?? "")
                }
                #expect(caused.isEmpty)
            }
        }
    }
}
