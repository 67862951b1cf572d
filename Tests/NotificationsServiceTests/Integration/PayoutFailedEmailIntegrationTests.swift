import Bus
import Foundation
import Messages
import NotificationsService
import Store
import Testing
import TestKit

extension EmailIntegrationTests {
    /// Publishes `onboarding.account.created` for `account` (e-mail `seller@example.com`,
    /// reference `seller-<account>`) and waits until notifications recorded the address.
    static func recordSeller(_ account: String, country: String = "US", on bed: NotificationsTestBed) async throws {
        let created = try Envelope.make(
            AccountCreated(account: account, sellerReference: "seller-\(account)", country: country, email: "seller@example.com", occurredAt: 1),
            appId: "onboarding", stripeAccount: account)
        try await onThread { try publish(created, url: bed.env.amqpURL) }
        #expect(
            try await eventually {
                try bed.count("SELECT count(*) AS n FROM $schema.recipients WHERE account = $1", [.text(account)]) == 1
            })
    }

    @Test("a failed payout e-mails the seller once: the failure code in plain words, what to do and the platform's bank-update page")
    func payoutFailedMailsTheSeller() async throws {
        try await Self.withSink { sink, smtp in
            try await NotificationsTestBed.run(patterns: ["notifications.email.#"], smtp: smtp) { bed in
                let account = "acct_\(UInt32.random(in: 0...UInt32.max))"
                try await Self.recordSeller(account, on: bed)
                let failed = try Envelope.make(
                    PayoutFailed(
                        account: account, sellerReference: "seller-\(account)",
                        payout: PayoutDetails(
                            id: "po_1", amount: 4500, currency: "usd", status: "failed", automatic: true, arrivalDate: 1_800_000_000,
                            destination: "ba_1", failureCode: "account_closed", failureMessage: "The bank account has been closed."),
                        occurredAt: 2),
                    appId: "onboarding", stripeAccount: account)
                for _ in 0..<2 { try await onThread { try Self.publish(failed, url: bed.env.amqpURL) } }
                _ = try await onThread {
                    try bed.monitor.wait(count: 1) { $0.type == EmailSent.messageName && $0.headers.causationId == failed.messageId }
                }
                let mails = sink.messages().filter { $0.contains("could not be paid") }
                #expect(mails.count == 1)
                let mail = try #require(mails.first)
                #expect(mail.contains("X-Envelope-To: seller@example.com"))
                #expect(mail.contains("$45.00"))
                #expect(mail.contains("the account has been closed"))
                #expect(mail.contains("add an open bank account"))
                #expect(mail.contains("https://platform.example/sellers/\(account)/bank"))
                #expect(!mail.contains("account_closed"))
            }
        }
    }
}
