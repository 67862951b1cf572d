import Bus
import Foundation
import Messages
import NotificationsService
import Testing
import TestKit

extension EmailIntegrationTests {
    @Test("an off-session charge needing authentication e-mails the buyer the platform's link once, never a client secret")
    func authenticationRequired() async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let order = "ord-\(UInt32.random(in: 0...UInt32.max))"
                let link = "https://shop.example/orders/\(order)/pay"
                let asked = OrderRequiresAction(
                    account: "acct_mail", orderReference: order, amount: 2500, currency: "usd",
                    paymentIntent: "pi_offsession", paymentMethod: "pm_saved",
                    customerEmail: "returning@example.com", authenticationUrl: link,
                    failureCode: "authentication_required", occurredAt: 1_700_000_000)
                let envelope = try Envelope.make(asked, appId: "payments", stripeAccount: "acct_mail")
                try await onThread { try Self.publish(envelope, url: bed.env.amqpURL) }
                let sent = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == envelope.messageId }
                }
                let event = try #require(sent.first).decode(EmailSent.self)
                #expect(event.template == .authenticationRequired && event.recipient == "returning@example.com")

                try await onThread { try Self.publish(envelope, url: bed.env.amqpURL) }  // redelivered
                let marker = try Envelope.make(
                    OrderRequiresAction(
                        account: "acct_mail", orderReference: order + "-marker", amount: 1,
                        currency: "usd", customerEmail: "returning@example.com",
                        authenticationUrl: link, occurredAt: 1),
                    appId: "payments", stripeAccount: "acct_mail")
                try await onThread { try Self.publish(marker, url: bed.env.amqpURL) }
                _ = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == marker.messageId }
                }
                let mails = sink.messages().filter { $0.contains(order) && !$0.contains(order + "-marker") }
                #expect(mails.count == 1)
                let mail = try #require(mails.first)
                #expect(mail.contains("X-Envelope-To: returning@example.com"))
                #expect(mail.contains("Subject: Please confirm your payment for order \(order)"))
                #expect(mail.contains(link))
                #expect(mail.contains("$25.00"))
                #expect(!mail.contains("_secret_"))
            }
        }
    }
}
