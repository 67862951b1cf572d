import Foundation
import Messages
import StripeAPI
import Store
import StripeSimCore
import Testing
import TestKit
@testable import OnboardingService

extension OnboardingIntegrationTests {
    /// Bad input, Stripe errors and simulator faults: a clear reply error or a retry, nothing
    /// half-written.
    @Suite("Onboarding failure modes")
    struct FailureModeTests {
        @Test func badInputGetsStableErrorCodes() async throws {
            try await OnboardingTestBed.run { bed in
                let unknown = try #require(try await bed.send(bed.linkCommand("acct_unknown000000")).failure)
                #expect(unknown.code == "not_found.account")
                let sync = try #require(try await bed.send(SyncAccount(account: "acct_unknown000000")).failure)
                #expect(sync.code == "not_found.account")

                // A country Stripe cannot onboard (with neither type nor controller, which is fine).
                var untyped = OnboardingTestBed.newSeller()
                untyped.type = nil
                untyped.country = "KP"
                let noType = untyped
                let messageId = Envelope.newMessageId()
                let commands = bed.commands
                try await onThread { try commands.publish(noType, messageId: messageId) }
                let reply = try await onThread { try commands.reply(to: CreateAccount.self, messageId: messageId) }
                let missing = try #require(reply?.failure)
                #expect(missing.code == ReplyError.Code.unsupportedCountry)
                #expect(missing.field == "country")
                // Poison input is parked in the DLQ with its error, never dropped.
                let parked = try await onThread { try bed.takeDeadLetter(queue: CreateAccount.queueName, messageId: messageId) }
                #expect(parked?.headers.extra["x-error-code"] == ReplyError.Code.unsupportedCountry)
                #expect(bed.requests("POST", "/v1/accounts").isEmpty)

                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let neverLinked = try #require(try await bed.send(RefreshAccountLink(account: account)).failure)
                #expect(neverLinked.code == "not_found.account_link")
                #expect(bed.requests("POST", "/v1/account_links").isEmpty)
            }
        }

        @Test func stripesNestedControllerReachesStripeAndUnknownFieldsAreRefused() async throws {
            try await OnboardingTestBed.run { bed in
                let commands = bed.commands
                let reference = IntegrationEnvironment.uniqueName("ctl")
                let nested =
                    #"{"seller_reference":"\#(reference)","country":"US","controller":{"fees":{"payer":"application"},"losses":{"payments":"application"},"stripe_dashboard":{"type":"express"}}}"#
                let sent = try await onThread { try commands.sendRaw(type: CreateAccount.messageName, json: nested) }
                let reply = try #require(sent.reply)
                let created = try MessageCoder.decode(Reply<CreateAccount.Result>.self, from: reply.body)
                #expect(created.result?.created == true)
                let request = try #require(bed.requests("POST", "/v1/accounts").last)
                #expect(request.status == 200)
                #expect(request.params.value(at: "controller.fees.payer") == "application")
                #expect(request.params.value(at: "controller.losses.payments") == "application")
                #expect(request.params.value(at: "controller.stripe_dashboard.type") == "express")
                #expect(request.params.value(at: "type") == nil)

                let before = bed.requests("POST", "/v1/accounts").count
                let flattened = #"{"seller_reference":"\#(reference)-2","country":"US","controller":{"fees_payer":"application"}}"#
                let refused = try await onThread { try commands.sendRaw(type: CreateAccount.messageName, json: flattened) }
                let refusedReply = try #require(refused.reply)
                let error = try #require(try MessageCoder.decode(Reply<CreateAccount.Result>.self, from: refusedReply.body).failure)
                #expect(error.code == ReplyError.Code.unknownField)
                #expect(error.field == "controller.fees_payer")
                #expect(bed.requests("POST", "/v1/accounts").count == before)
            }
        }

        @Test func stripeErrorsAreMappedIntoTheReply() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                // The account disappears at Stripe (deleted outside the platform).
                _ = try await onThread { try bed.stripeClient().send(.delete, "/v1/accounts/\(account)").status }
                let error = try #require(try await bed.send(SyncAccount(account: account)).failure)
                #expect(error.code == "stripe.resource_missing")
                #expect(!error.retryable)
                #expect(error.stripe?.type == "invalid_request_error")
                #expect(error.stripe?.requestId?.hasPrefix("req_") == true)
                #expect(try bed.record(account)?.projection.status == .pending)
            }
        }

        @Test func simulatorFaultsAreRetriedWithoutDuplicates() async throws {
            try await OnboardingTestBed.run { bed in
                bed.sim.faults = FaultSettings(failRate: 1)
                let command = OnboardingTestBed.newSeller()
                let messageId = Envelope.newMessageId()
                let commands = bed.commands
                try await onThread { try commands.publish(command, messageId: messageId) }
                #expect(try await eventually { bed.requests("POST", "/v1/accounts").contains { $0.status == 500 } })
                bed.sim.faults = FaultSettings()
                let reply = try #require(try await onThread { try commands.reply(to: CreateAccount.self, messageId: messageId) })
                let result = try #require(reply.result)
                #expect(bed.sim.count(objectType: "account") == 1)
                #expect(Set(bed.requests("POST", "/v1/accounts").compactMap(\.idempotencyKey)) == ["\(messageId):create_account"])
                #expect(try bed.record(result.account) != nil)
            }
        }

        @Test func liveKeyRefusesPlainHTTPRedirects() async throws {
            try await OnboardingTestBed.run(apiKey: "sk_live_onboarding_integration") { bed in
                let account = "acct_livekeytest0001"
                let record = AccountRecord(
                    sellerReference: IntegrationName.make("seller"), accountType: "express",
                    country: "US", email: nil,
                    projection: AccountProjection(accountId: account, lastStripeUpdate: 1))
                let db = try PGConnection(url: bed.env.databaseURL, applicationName: "onboarding-tests")
                #expect(try AccountStore(schema: try SQLIdentifier(bed.schema)).insert(record, createdMessageId: "seed", on: db))

                let refused = try #require(try await bed.send(bed.linkCommand(account)).failure)
                #expect(refused.code == ReplyError.Code.invalidURL)
                #expect(refused.message.contains("https"))
                #expect(bed.sim.requestLog.isEmpty)
            }
        }
    }
}
