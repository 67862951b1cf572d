import StripeSimCore
import Foundation
import Messages
import Store
import StripeAPI
import Testing
import TestKit
@testable import OnboardingService

extension OnboardingIntegrationTests {
    /// Redelivered commands create nothing twice (counted in stripe-sim's request log).
    @Suite("Onboarding redelivery")
    struct RedeliveryTests {
        /// Publishes `copies` identical deliveries of `command`, then a marker command on the same
        /// queue; with one worker the marker's reply means every copy was handled. Returns the
        /// reply to the first copy.
        static func redeliver<C: CommandMessage>(_ command: C, marker: C, bed: OnboardingTestBed) async throws -> Reply<C.Result> {
            let messageId = Envelope.newMessageId()
            let commands = bed.commands
            try await onThread { try commands.publish(command, messageId: messageId, copies: 3) }
            let reply = try #require(try await onThread { try commands.reply(to: C.self, messageId: messageId) })
            _ = try #require(try await onThread { try commands.send(marker) })
            return reply
        }

        @Test func createAccountRedeliveredCreatesOneAccount() async throws {
            try await OnboardingTestBed.run { bed in
                let command = OnboardingTestBed.newSeller(Representative(firstName: "Ada", lastName: "Lovelace"))
                let reply = try await Self.redeliver(command, marker: OnboardingTestBed.newSeller(), bed: bed)
                let account = try #require(reply.result).account
                #expect(bed.created("POST", "/v1/accounts") == 2)  // the command's and the marker's
                #expect(bed.created("POST", "/v1/accounts/\(account)/persons") == 1)
                #expect(try bed.record(account)?.sellerReference == command.sellerReference)

                // The same seller reference in a new command: the recorded account, Stripe not called.
                let again = try #require(try await bed.send(command).result)
                #expect(again.account == account)
                #expect(!again.created)
                #expect(bed.requests("POST", "/v1/accounts").count == 2)
                let monitor = bed.monitor
                #expect(try monitor.events(type: AccountCreated.messageName, account: account).count == 1)
            }
        }

        @Test func accountCreatedButNotRecordedIsFoundByItsIdempotencyKey() async throws {
            try await OnboardingTestBed.run { bed in
                // A first delivery reached Stripe, then the process died before committing.
                let command = OnboardingTestBed.newSeller()
                let messageId = Envelope.newMessageId()
                let orphan: String = try await onThread {
                    let client = try bed.stripeClient()
                    let response = try client.send(
                        .post, "/v1/accounts", params: CreateAccountHandler.accountParams(command).formParams,
                        options: .idempotent("\(messageId):create_account"))
                    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
                    return object?["id"] as? String ?? ""
                }
                #expect(bed.sim.count(objectType: "account") == 1)

                // The broker redelivers the command: the same key replays the same account.
                let commands = bed.commands
                try await onThread { try commands.publish(command, messageId: messageId) }
                let reply = try #require(try await onThread { try commands.reply(to: CreateAccount.self, messageId: messageId) })
                let result = try #require(reply.result)
                #expect(result.account == orphan)
                #expect(result.created)
                #expect(bed.sim.count(objectType: "account") == 1)
                #expect(bed.requests("POST", "/v1/accounts").last?.replayed == true)
                #expect(try bed.record(orphan)?.sellerReference == command.sellerReference)
            }
        }

        @Test func linkCommandsRedeliveredCreateOneLinkEach() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let link = try await Self.redeliver(bed.linkCommand(account), marker: bed.linkCommand(account), bed: bed)
                #expect(link.result != nil)
                #expect(bed.created("POST", "/v1/account_links") == 2)

                let refreshed = try await Self.redeliver(
                    RefreshAccountLink(account: account),
                    marker: RefreshAccountLink(account: account), bed: bed)
                #expect(refreshed.result != nil)
                #expect(bed.created("POST", "/v1/account_links") == 4)
                #expect(bed.requests("POST", "/v1/account_links").count == 4)

                // sync_account creates nothing; its copies are not even handled twice.
                let synced = try await Self.redeliver(SyncAccount(account: account), marker: SyncAccount(account: account), bed: bed)
                #expect(synced.result?.status == .pending)
                #expect(bed.requests("GET", "/v1/accounts/\(account)").count == 2)
            }
        }

        /// Seeds the claim a first command took on `reference` `ageSeconds` ago.
        static func seedClaim(_ reference: String, messageId: String, ageSeconds: Int, bed: OnboardingTestBed) throws {
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "onboarding-tests")
            try db.execute(
                """
                INSERT INTO \(try SQLIdentifier(bed.schema).quoted).seller_claims (seller_reference, message_id, claimed_at)
                VALUES ($1, $2, now() - make_interval(secs => $3))
                """, [.text(reference), .text(messageId), .int(Int64(ageSeconds))])
        }

        @Test func twoCommandsForOneNewReferenceCreateOneAccount() async throws {
            try await OnboardingTestBed.run { bed in
                // A platform resent a timed-out command under a new message id while the first
                // one is still being handled (its claim is fresh).
                let command = OnboardingTestBed.newSeller()
                let (first, resent) = (Envelope.newMessageId(), Envelope.newMessageId())
                try Self.seedClaim(command.sellerReference, messageId: first, ageSeconds: 0, bed: bed)
                let commands = bed.commands
                try await onThread { try commands.publish(command, messageId: resent) }
                try await onThread { try commands.publish(command, messageId: first) }
                let firstReply = try await onThread { try commands.reply(to: CreateAccount.self, messageId: first) }
                let resentReply = try await onThread { try commands.reply(to: CreateAccount.self, messageId: resent) }
                let created = try #require(firstReply?.result)
                let again = try #require(resentReply?.result)
                #expect(created.created)
                #expect(!again.created)
                #expect(again.account == created.account)
                #expect(bed.sim.count(objectType: "account") == 1)
                #expect(bed.requests("POST", "/v1/accounts").allSatisfy { $0.idempotencyKey == "\(first):create_account" })
            }
        }

        @Test func abandonedClaimIsTakenOverWithTheClaimantsKey() async throws {
            try await OnboardingTestBed.run { bed in
                let command = OnboardingTestBed.newSeller()
                let abandoned = Envelope.newMessageId()
                try Self.seedClaim(command.sellerReference, messageId: abandoned, ageSeconds: 3600, bed: bed)
                let reply = try #require(try await bed.send(command).result)
                #expect(reply.created)
                #expect(bed.requests("POST", "/v1/accounts").map(\.idempotencyKey) == ["\(abandoned):create_account"])
                let db = try PGConnection(url: bed.env.databaseURL, applicationName: "onboarding-tests")
                let left = try db.execute("SELECT count(*) AS count FROM \(try SQLIdentifier(bed.schema).quoted).seller_claims")
                #expect(try left.first?.int("count") == 0)
            }
        }
    }
}
