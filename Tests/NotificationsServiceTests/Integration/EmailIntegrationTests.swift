import Bus
import Foundation
import Messages
import NotificationsService
import Runtime
import Store
import Testing
import TestKit

/// Messages to people against RabbitMQ, Postgres and a real local SMTP server (aiosmtpd).
/// The host consumes the real `notifications.events` queue, so these tests run one at a time.
@Suite("E-mail (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct EmailIntegrationTests {
    /// Publishes `envelope` on `connectbus.events` with confirms.
    static func publish(_ envelope: Envelope, url: String) throws {
        let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "notifications-tests.publisher")
        defer { connection.close() }
        try connection.enableConfirms()
        try connection.publish(envelope, exchange: Exchanges.events, routingKey: envelope.type, mandatory: true)
        try connection.waitForConfirms(timeout: .seconds(10))
    }

    static func withSink(_ body: (SMTPSink, SMTPSettings) async throws -> Void) async throws {
        let sink = try SMTPSink()
        do {
            try await body(sink, try SMTPSettings(url: "smtp://127.0.0.1:\(sink.port)", from: "Shop <shop@example.com>"))
        } catch {
            sink.stop()
            throw error
        }
        sink.stop()
    }

    @Test("an order-paid event produces exactly one e-mail with the amount formatted for people, even when redelivered")
    func orderConfirmation() async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let order = "ord-\(UInt32.random(in: 0...UInt32.max))"
                let paid = OrderPaid(
                    account: "acct_mail", orderReference: order, amount: 1250, currency: "eur",
                    customerEmail: "buyer@example.com", occurredAt: 1_700_000_000)
                let envelope = try Envelope.make(paid, appId: "payments", stripeAccount: "acct_mail")
                try await onThread { try Self.publish(envelope, url: bed.env.amqpURL) }
                let sent = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == envelope.messageId }
                }
                #expect(sent.count == 1)
                let event = try #require(sent.first).decode(EmailSent.self)
                #expect(event.template == .orderConfirmation && event.recipient == "buyer@example.com")
                #expect(event.orderReference == order && event.attempts == 1)

                // The same event again (a redelivery): nothing new is sent.
                try await onThread { try Self.publish(envelope, url: bed.env.amqpURL) }
                let notification = "\(envelope.messageId):order_confirmation"
                // A later event on the same queue (one worker, in order) shows the redelivery was handled.
                let marker = try Envelope.make(
                    OrderPaid(
                        account: "acct_mail", orderReference: order + "-marker", amount: 1,
                        currency: "eur", customerEmail: "buyer@example.com", occurredAt: 1),
                    appId: "payments", stripeAccount: "acct_mail")
                try await onThread { try Self.publish(marker, url: bed.env.amqpURL) }
                _ = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == marker.messageId }
                }
                let mails = sink.messages().filter { $0.contains(order) && !$0.contains(order + "-marker") }
                #expect(mails.count == 1)
                let mail = try #require(mails.first)
                #expect(mail.contains("X-Envelope-To: buyer@example.com"))
                #expect(mail.contains("€12.50"))
                #expect(mail.contains("Subject: Your order \(order) is confirmed"))
                #expect(
                    try bed.count(
                        "SELECT attempts AS n FROM $schema.emails WHERE notification = $1 AND status = 'sent'",
                        [.text(notification)]) == 1)
                #expect(try await onThread { try bed.monitor.all() }.filter { $0.headers.causationId == envelope.messageId }.count == 1)
            }
        }
    }

    @Test("a recipient the SMTP server refuses is parked with notifications.email.failed, nothing sent")
    func rejectedRecipient() async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let order = "ord-\(UInt32.random(in: 0...UInt32.max))"
                let failed = OrderPaymentFailed(
                    account: "acct_mail", orderReference: order, amount: 500, currency: "usd",
                    customerEmail: "reject-me@example.com", failureMessage: "Your card was declined",
                    occurredAt: 1_700_000_000, buyerMustAct: true)
                let envelope = try Envelope.make(failed, appId: "payments", stripeAccount: "acct_mail")
                try await onThread { try Self.publish(envelope, url: bed.env.amqpURL) }
                let events = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailFailed.messageName && $0.headers.causationId == envelope.messageId }
                }
                let event = try #require(events.first).decode(EmailFailed.self)
                #expect(event.final && event.errorCode == "smtp.rejected" && event.template == .paymentFailed)
                #expect(
                    try bed.count(
                        "SELECT count(*) AS n FROM $schema.emails WHERE notification = $1 AND status = 'parked'",
                        [.text("\(envelope.messageId):payment_failed")]) == 1)
                #expect(sink.messages().filter { $0.contains(order) }.isEmpty)
            }
        }
    }

    @Test("requirements due without an address goes to the one recorded from account.created")
    func recipientFromAccountCreated() async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let account = "acct_\(UInt32.random(in: 0...UInt32.max))"
                try await Self.recordSeller(account, country: "DE", on: bed)
                let due = try Envelope.make(
                    AccountRequirementsDue(
                        account: account, sellerReference: "seller-\(account)",
                        currentlyDue: ["external_account"], pastDue: [],
                        occurredAt: 2),
                    appId: "onboarding", stripeAccount: account)
                try await onThread { try Self.publish(due, url: bed.env.amqpURL) }
                _ = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == due.messageId }
                }
                let mails = sink.messages().filter { $0.contains("seller-\(account)") }
                #expect(mails.count == 1)
                #expect(mails.first?.contains("X-Envelope-To: seller@example.com") == true)
                #expect(mails.first?.contains("- external_account") == true)
            }
        }
    }

    @Test("a dispute e-mails the seller (the address recorded from account.created), never the buyer: when it opens and when evidence is due")
    func disputeMailsTheSeller() async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let account = "acct_\(UInt32.random(in: 0...UInt32.max))"
                let order = "ord-dispute-\(account)"
                try await Self.recordSeller(account, on: bed)
                let dueBy = 1_800_000_000
                let opened = try Envelope.make(
                    DisputeOpened(
                        account: account, orderReference: order, dispute: "dp_1", amount: 1999, currency: "usd", reason: "product_not_received",
                        status: .needsResponse, evidenceDueBy: dueBy, platformLiable: true, paymentIntent: "pi_1", charge: "ch_1", occurredAt: 2),
                    appId: "payments", stripeAccount: account)
                let due = try Envelope.make(
                    DisputeEvidenceDueSoon(
                        account: account, orderReference: order, dispute: "dp_1", amount: 1999, currency: "usd", reason: "product_not_received",
                        status: .needsResponse, evidenceDueBy: dueBy, hasEvidence: true, occurredAt: 3),
                    appId: "payments", stripeAccount: account)
                for envelope in [opened, due] {
                    try await onThread { try Self.publish(envelope, url: bed.env.amqpURL) }
                    _ = try await onThread {
                        try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == envelope.messageId }
                    }
                }
                let mails = sink.messages().filter { $0.contains(order) }
                #expect(mails.count == 2)
                #expect(mails.allSatisfy { $0.contains("X-Envelope-To: seller@example.com") })
                let first = mails.first { $0.contains("was disputed") }
                #expect(first?.contains("product not received") == true)
                #expect(first?.contains("$19.99") == true)
                #expect(first?.contains(UTCDateText.format(dueBy)) == true)
                #expect(mails.contains { $0.contains("is due") && $0.contains("started a draft") })
            }
        }
    }

    @Test("an unreachable SMTP server records the send as retrying and sends the event to the retry queue")
    func smtpUnavailable() async throws {
        let smtp = try SMTPSettings(url: "smtp://127.0.0.1:1", from: "Shop <shop@example.com>", timeout: .seconds(5))
        let env = try #require(IntegrationEnvironment.current)
        try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
            let paid = OrderPaid(
                account: "acct_mail", orderReference: "ord-retry-\(UInt32.random(in: 0...UInt32.max))",
                amount: 999, currency: "gbp", customerEmail: "buyer@example.com", occurredAt: 1)
            let envelope = try Envelope.make(paid, appId: "payments", stripeAccount: "acct_mail")
            try await onThread { try Self.publish(envelope, url: bed.env.amqpURL) }
            let notification = "\(envelope.messageId):order_confirmation"
            #expect(
                try await eventually {
                    try bed.count(
                        """
                        SELECT count(*) AS n FROM $schema.emails
                        WHERE notification = $1 AND status = 'retrying' AND last_error_code = 'smtp.unavailable'
                        """, [.text(notification)]) == 1
                })
            #expect(try await onThread { try bed.monitor.all() }.filter { $0.headers.causationId == envelope.messageId }.isEmpty)
        }
        // Leave nothing behind: the retry copy would come back to the shared queue.
        try await onThread {
            let connection = try AMQPConnection(url: try AMQPURL(env.amqpURL), connectionName: "notifications-tests.cleanup")
            defer { connection.close() }
            for queue in ["notifications.events.retry.1", "notifications.events.retry.2", "notifications.events.retry.3"] {
                _ = try? connection.deleteQueue(queue)
            }
        }
    }

}
