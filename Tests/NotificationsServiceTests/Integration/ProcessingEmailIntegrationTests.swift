import Bus
import Foundation
import Messages
import NotificationsService
import Store
import Testing
import TestKit

extension EmailIntegrationTests {
    @Test(
        "a delayed method: one \"payment received, confirming with your bank\" e-mail however often the event comes, then the paid or failed e-mail",
        arguments: [true, false])
    func processingThenOutcome(succeeds: Bool) async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let order = "ord-ach-\(UInt32.random(in: 0...UInt32.max))"
                let buyer = "jenny+\(order)@example.com"
                let awaiting = try Envelope.make(
                    OrderAwaitingPayment(
                        account: "acct_mail", orderReference: order, amount: 5000, currency: "usd", paymentIntent: "pi_\(order)",
                        paymentMethodType: "us_bank_account", occurredAt: 1_700_000_000, customerEmail: buyer),
                    appId: "payments", stripeAccount: "acct_mail")
                // Delivered twice (a redelivery: the same message id).
                for _ in 0..<2 { try await onThread { try Self.publish(awaiting, url: bed.env.amqpURL) } }
                let outcome: Envelope =
                    succeeds
                    ? try Envelope.make(
                        OrderPaid(
                            account: "acct_mail", orderReference: order, amount: 5000, currency: "usd",
                            paymentIntent: "pi_\(order)", customerEmail: buyer, occurredAt: 1_700_000_100),
                        appId: "payments", stripeAccount: "acct_mail")
                    : try Envelope.make(
                        OrderPaymentFailed(
                            account: "acct_mail", orderReference: order, amount: 5000, currency: "usd",
                            paymentIntent: "pi_\(order)", customerEmail: buyer, failureCode: "no_account",
                            failureMessage: "The customer's bank account could not be located.",
                            occurredAt: 1_700_000_100, buyerMustAct: true),
                        appId: "payments", stripeAccount: "acct_mail")
                try await onThread { try Self.publish(outcome, url: bed.env.amqpURL) }
                // One worker, in order: once the outcome's e-mail is sent, both copies before it were handled.
                let sent = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == outcome.messageId }
                }
                #expect(try sent.first?.decode(EmailSent.self).template == (succeeds ? .orderConfirmation : .paymentFailed))
                let mails = sink.messages().filter { $0.contains(order) }
                #expect(mails.count == 2)
                let processing = mails.filter { $0.contains("Subject: Payment for order \(order) received, confirming with your bank") }
                #expect(processing.count == 1)
                #expect(processing.first?.contains("X-Envelope-To: \(buyer)") == true)
                #expect(processing.first?.contains("$50.00") == true)
                #expect(processing.first?.contains("bank account (ACH Direct Debit)") == true)
                let subject = succeeds ? "Subject: Your order \(order) is confirmed" : "Subject: Payment for order \(order) failed"
                #expect(mails.filter { $0.contains(subject) }.count == 1)
                #expect(
                    try bed.count(
                        "SELECT count(*) AS n FROM $schema.emails WHERE order_reference = $1 AND template = 'payment_processing' AND status = 'sent'",
                        [.text(order)]) == 1)
            }
        }
    }
}
