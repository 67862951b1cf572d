import Foundation
import Messages
import StripeAPI
import StripeSimCore
import Testing
import TestKit
@testable import OnboardingService

extension OnboardingIntegrationTests {
    /// Connecting an existing Standard account through Connect OAuth: link, the seller's
    /// page at stripe-sim (form posts, as a browser sends them), the code exchange, and
    /// disconnecting through `POST /oauth/deauthorize` and its event.
    @Suite("Onboarding Connect OAuth")
    struct OAuthConnectionTests {
        static let redirect = "https://platform.test/oauth/callback"

        /// The query of `url` as a dictionary.
        static func query(_ url: String) -> [String: String] { QueryString.parse(url) }

        /// Opens the authorize URL like a browser, then submits the page's form with
        /// `decision` for a new Standard account; returns where Stripe redirects.
        static func authorize(_ url: String, decision: String, bed: OnboardingTestBed) async throws -> String {
            try await onThread {
                let transport = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(30))
                let page = try transport.perform(StripeHTTPRequest(method: .get, url: url, headers: [], body: []), whileWaiting: nil)
                let html = String(decoding: page.body, as: UTF8.self)
                guard page.status == 200, html.contains("id=\"authorize\"") else { return "page status \(page.status)" }
                var form = FormParams()
                for (name, value) in Self.query(url) where name != "stripe_user[email]" { form.set(name, value) }
                form.set("account", "new")
                form.set("email", "owner@existing.test")
                form.set("business_name", "Existing Shop")
                form.set("decision", decision)
                let submitted = try transport.perform(
                    StripeHTTPRequest(
                        method: .post, url: bed.sim.baseURL + "/oauth/authorize",
                        headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(form.encoded().utf8)),
                    whileWaiting: nil)
                return submitted.headers["location"] ?? submitted.headers["Location"] ?? "status \(submitted.status)"
            }
        }

        /// A link for a fresh seller reference, authorized on the page: the link and the redirect's query.
        static func linkAndAuthorize(
            _ bed: OnboardingTestBed, decision: String = "authorize"
        ) async throws
            -> (CreateOAuthLink, CreateOAuthLink.Result, [String: String])
        {
            let command = CreateOAuthLink(sellerReference: IntegrationName.make("oauth"), redirectUri: redirect, email: "owner@existing.test")
            let link = try #require(try await bed.send(command).result)
            let location = try await authorize(link.url, decision: decision, bed: bed)
            #expect(location.hasPrefix(redirect + "?"), "\(location)")
            return (command, link, query(location))
        }

        @Test func linkAuthorizeAndCompleteRecordTheAccountOnce() async throws {
            try await OnboardingTestBed.run { bed in
                let (command, link, redirected) = try await Self.linkAndAuthorize(bed)
                #expect(link.url.hasPrefix(bed.sim.baseURL + "/oauth/authorize?"))
                let sent = Self.query(link.url)
                #expect(sent["client_id"] == SimulatorConfig.defaultConnectClientId && sent["scope"] == "read_write")
                #expect(sent["response_type"] == "code" && sent["state"] == link.state && sent["redirect_uri"] == Self.redirect)
                #expect(redirected["state"] == link.state)
                let code = try #require(redirected["code"])

                // Delivered three times under one message id: one exchange, one account, one event.
                let complete = CompleteOAuth(code: code, state: link.state)
                let messageId = Envelope.newMessageId()
                let commands = bed.commands
                try await onThread { try commands.publish(complete, messageId: messageId, copies: 3) }
                let reply = try #require(try await onThread { try commands.reply(to: CompleteOAuth.self, messageId: messageId) })
                let result = try #require(reply.result, "\(String(describing: reply.failure))")
                #expect(result.sellerReference == command.sellerReference && result.scope == .readWrite)
                #expect(result.chargesEnabled && result.status == .enabled)
                let account = result.account
                let monitor = bed.monitor
                let created = try await onThread { try monitor.wait(for: AccountCreated.messageName, account: account) }
                let event = try #require(created.first).decode(AccountCreated.self)
                #expect(event.sellerReference == command.sellerReference && event.type == .standard && event.lossesPayments == "stripe")
                #expect(try await eventually { try bed.inboxHas(messageId) })
                _ = try #require(try await bed.send(CreateOAuthLink(sellerReference: IntegrationName.make("marker"))).result)
                #expect(try monitor.events(type: AccountCreated.messageName, account: account).count == 1)
                #expect(bed.requests("POST", "/oauth/token").filter { !$0.replayed }.count == 1)
                #expect(try bed.record(account)?.sellerReference == command.sellerReference)

                // The state is accepted once; the same code under a fresh state is Stripe's invalid_grant.
                let again = try #require(try await bed.send(complete).failure)
                #expect(again.code == ReplyError.Code.oauthStateUsed)
                let other = try #require(try await bed.send(CreateOAuthLink(sellerReference: IntegrationName.make("oauth"))).result)
                let reused = try #require(try await bed.send(CompleteOAuth(code: code, state: other.state)).failure)
                #expect(reused.code == ReplyError.Code.oauthCodeInvalid && reused.stripe?.code == "invalid_grant")
                let burnt = try #require(try await bed.send(CompleteOAuth(code: code, state: other.state)).failure)
                #expect(burnt.code == ReplyError.Code.oauthStateUsed)
                #expect(try monitor.events(type: AccountCreated.messageName, account: account).count == 1)
                #expect(bed.requests("POST", "/oauth/token").filter { $0.status == 200 && !$0.replayed }.count == 1)

                // A seller reference that has an account gets no second link.
                let duplicate = try #require(try await bed.send(CreateOAuthLink(sellerReference: command.sellerReference)).failure)
                #expect(duplicate.code == ReplyError.Code.duplicateReference)
            }
        }

        @Test func aForeignStateIsRefusedBeforeStripe() async throws {
            try await OnboardingTestBed.run { bed in
                let (_, _, redirected) = try await Self.linkAndAuthorize(bed)
                let code = try #require(redirected["code"])
                let foreign = try #require(try await bed.send(CompleteOAuth(code: code, state: "state-from-elsewhere")).failure)
                #expect(foreign.code == ReplyError.Code.oauthStateUnknown && foreign.field == "state")
                #expect(bed.requests("POST", "/oauth/token").isEmpty)
                let malformed = try #require(try await bed.send(CompleteOAuth(code: "not-a-code", state: "s")).failure)
                #expect(malformed.code == ReplyError.Code.invalidId)
            }
        }

        @Test func aDeniedAuthorizationRedirectsWithoutACode() async throws {
            try await OnboardingTestBed.run { bed in
                let (command, link, redirected) = try await Self.linkAndAuthorize(bed, decision: "deny")
                #expect(redirected["error"] == "access_denied" && redirected["state"] == link.state && redirected["code"] == nil)
                #expect(bed.requests("POST", "/oauth/token").isEmpty)
                // The platform may try again: the state is still unused and the reference has no account.
                let again = try #require(try await bed.send(CreateOAuthLink(sellerReference: command.sellerReference)).result)
                #expect(again.state != link.state)
            }
        }

        @Test func disconnectThenTheDeauthorizedEventMarksTheAccount() async throws {
            try await OnboardingTestBed.run { bed in
                let (_, link, redirected) = try await Self.linkAndAuthorize(bed)
                let code = try #require(redirected["code"])
                let result = try #require(try await bed.send(CompleteOAuth(code: code, state: link.state)).result)
                let account = result.account
                let answer = try #require(try await bed.send(DisconnectAccount(account: account)).result)
                #expect(answer.account == account)
                // Only the event marks the account: it is still connected until it arrives, and
                // Stripe refuses a second deauthorization meanwhile.
                #expect(try bed.record(account)?.projection.status != .deauthorized)
                let notConnected = try #require(try await bed.send(DisconnectAccount(account: account)).failure)
                #expect(notConnected.code == ReplyError.Code.notConnected && notConnected.stripe?.code == "invalid_client")
                let events = try await onThread { try bed.stripeEvents(type: "account.application.deauthorized", account: account) }
                let event = try #require(events.first)
                _ = try await onThread { try bed.publishStripeEvent(event, account: account) }
                let monitor = bed.monitor
                let gone = try await onThread { try monitor.wait(for: AccountDeauthorized.messageName, account: account) }
                #expect(try #require(gone.first).decode(AccountDeauthorized.self).account == account)
                #expect(try await eventually { try bed.record(account)?.projection.status == .deauthorized })
                let twice = try #require(try await bed.send(DisconnectAccount(account: account)).failure)
                #expect(twice.code == ReplyError.Code.invalidState)
                #expect(bed.requests("POST", "/oauth/deauthorize").count == 2)
                let unknown = try #require(try await bed.send(DisconnectAccount(account: "acct_unknown")).failure)
                #expect(unknown.code == ReplyError.Code.accountNotFound)
            }
        }
    }
}
