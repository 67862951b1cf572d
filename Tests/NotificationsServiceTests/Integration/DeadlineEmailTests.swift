import Store
import Foundation
import Messages
import NotificationsService
import Testing
import TestKit

extension EmailIntegrationTests {
    @Test("a future requirement's deadline is named in one e-mail, even when the event is redelivered")
    func futureDeadlineEmailOnce() async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let account = "acct_\(UInt32.random(in: 0...UInt32.max))"
                // 1798761600 = 2027-01-01T00:00:00Z
                let due = try Envelope.make(
                    AccountRequirementsDue(
                        account: account, sellerReference: "seller-\(account)", email: "seller@example.com",
                        currentlyDue: [], pastDue: [], occurredAt: 3, futureDue: ["individual.verification.document"],
                        futureDeadline: 1_798_761_600), appId: "onboarding", stripeAccount: account)
                try await onThread {
                    try Self.publish(due, url: bed.env.amqpURL)
                    try Self.publish(due, url: bed.env.amqpURL)  // a broker redelivery
                }
                _ = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == due.messageId }
                }
                #expect(
                    try await eventually {
                        try bed.count("SELECT count(*) AS n FROM $schema.inbox WHERE message_id = $1", [.text(due.messageId)]) == 1
                    })
                let mails = sink.messages().filter { $0.contains("seller-\(account)") }
                #expect(mails.count == 1)
                #expect(mails.first?.contains("by 2027-01-01 00:00 UTC") == true)
                #expect(mails.first?.contains("- individual.verification.document") == true)
            }
        }
    }
}
