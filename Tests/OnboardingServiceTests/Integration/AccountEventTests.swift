import StripeSimCore
import Foundation
import Messages
import StripeAPI
import Testing
import TestKit
@testable import OnboardingService

extension OnboardingIntegrationTests {
    /// Stripe account events arriving early, malformed or as deauthorizations.
    @Suite("Onboarding account events")
    struct AccountEventTests {
        /// A Stripe event body of `type` for `account` (as Stripe sends `account.application.*`).
        static func applicationEvent(_ type: String, account: String, created: Int) -> FetchedEvent {
            let id = "evt_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(24)
            let json =
                #"{"id":"\#(id)","object":"event","type":"\#(type)","created":\#(created),"account":"\#(account)","#
                + #""livemode":false,"data":{"object":{"id":"ca_platform","object":"application","name":"ConnectBus"}}}"#
            return FetchedEvent(id: id, type: type, created: created, body: Array(json.utf8))
        }

        @Test func deauthorizationIsPublishedOnceAndBlocksLinks() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let event = Self.applicationEvent(
                    "account.application.deauthorized", account: account,
                    created: Int(Date().timeIntervalSince1970))
                _ = try await onThread { try bed.publishStripeEvent(event, account: account) }
                let again = try await onThread { try bed.publishStripeEvent(event, account: account) }
                let monitor = bed.monitor
                let gone = try await onThread { try monitor.wait(for: AccountDeauthorized.messageName, account: account) }
                #expect(try #require(gone.first).decode(AccountDeauthorized.self).account == account)
                #expect(try await eventually { try bed.inboxHas(again) })
                #expect(try monitor.events(type: AccountDeauthorized.messageName, account: account).count == 1)
                #expect(try bed.record(account)?.projection.status == .deauthorized)
                let refused = try #require(try await bed.send(bed.linkCommand(account)).failure)
                #expect(refused.code == "conflict.invalid_state")
                #expect(bed.requests("POST", "/v1/account_links").isEmpty)
            }
        }

        @Test func eventBeforeTheAccountIsRecordedIsRetriedUntilItIs() async throws {
            try await OnboardingTestBed.run { bed in
                // The account exists at Stripe and completes onboarding before the create
                // command's transaction commits (its first delivery died after the Stripe call).
                let command = OnboardingTestBed.newSeller()
                let messageId = Envelope.newMessageId()
                let account: String = try await onThread {
                    let client = try bed.stripeClient()
                    let created = try client.send(
                        .post, "/v1/accounts", params: CreateAccountHandler.accountParams(command).formParams,
                        options: .idempotent("\(messageId):create_account"))
                    let id = (try JSONSerialization.jsonObject(with: Data(created.body)) as? [String: Any])?["id"] as? String ?? ""
                    var link = FormParams()
                    link.set("account", id)
                    link.set("type", "account_onboarding")
                    link.set("refresh_url", bed.sim.baseURL + "/sim/health?page=refresh")
                    link.set("return_url", bed.sim.baseURL + "/sim/health?page=return")
                    let issued = try client.send(.post, "/v1/account_links", params: link, options: .idempotent(UUID().uuidString))
                    let url = (try JSONSerialization.jsonObject(with: Data(issued.body)) as? [String: Any])?["url"] as? String ?? ""
                    _ = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(30))
                        .perform(StripeHTTPRequest(method: .get, url: url + "?outcome=complete", headers: [], body: []), whileWaiting: nil)
                    return id
                }
                let events = try await onThread { try bed.stripeEvents(type: "account.updated", account: account) }
                let early = try await onThread { try bed.publishStripeEvent(try #require(events.first), account: account) }

                // The redelivered create command records the account; the retried event then applies.
                let commands = bed.commands
                try await onThread { try commands.publish(command, messageId: messageId) }
                let reply = try await onThread { try commands.reply(to: CreateAccount.self, messageId: messageId) }
                #expect(reply?.result?.account == account)
                let monitor = bed.monitor
                let completed = try await onThread {
                    try monitor.wait(for: AccountOnboardingCompleted.messageName, account: account, timeout: .seconds(45))
                }
                #expect(completed.count == 1)
                #expect(try bed.inboxHas(early))
                #expect(try bed.record(account)?.projection.status == .enabled)
            }
        }

        @Test func malformedEventIsDeadLettered() async throws {
            try await OnboardingTestBed.run { bed in
                let broken = FetchedEvent(
                    id: "evt_broken", type: "account.updated", created: 0,
                    body: Array(#"{"id":"evt_broken","type":"account.updated","data":{}}"#.utf8))
                let messageId = try await onThread { try bed.publishStripeEvent(broken, account: "acct_broken") }
                let parked = try await onThread {
                    try bed.takeDeadLetter(queue: OnboardingService.eventsQueue, messageId: messageId)
                }
                #expect(parked?.headers.extra["x-error-code"] == ReplyError.Code.malformedMessage)
                #expect(try !bed.inboxHas(messageId))
            }
        }
    }
}
