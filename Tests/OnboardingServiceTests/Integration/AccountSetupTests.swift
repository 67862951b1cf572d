import Foundation
import Messages
import OnboardingService
import StripeAPI
import StripeSimCore
import Testing
import TestKit

extension OnboardingIntegrationTests {
    /// Issue 18: every way of creating an account, prefill, people, updates, dashboards and
    /// embedded components, against RabbitMQ, Postgres and stripe-sim.
    @Suite("Account setup")
    struct AccountSetupTests {
        static func reference(_ prefix: String) -> String { IntegrationName.make(prefix) }

        static let jenny = IndividualDetails(
            firstName: "Jenny", lastName: "Rosen", email: "jenny@example.com", phone: "+14155550100",
            dob: DateOfBirth(day: 1, month: 1, year: 1990),
            address: Messages.Address(line1: "address_full_match", city: "San Francisco", state: "CA", postalCode: "94110", country: "US"),
            idNumber: "000000000")

        @Test func eachWayOfCreatingAnAccount() async throws {
            try await OnboardingTestBed.run { bed in
                let ways: [(CreateAccount, type: String, dashboard: String, collection: String)] = [
                    (CreateAccount(sellerReference: Self.reference("std"), type: .standard), "standard", "full", "stripe"),
                    (CreateAccount(sellerReference: Self.reference("exp"), country: "FR", type: .express), "express", "express", "stripe"),
                    (CreateAccount(sellerReference: Self.reference("cus"), type: .custom), "custom", "none", "application"),
                    (
                        CreateAccount(
                            sellerReference: Self.reference("ctl"),
                            controller: AccountController(
                                feesPayer: "application", lossesPayments: "application",
                                requirementCollection: "stripe", stripeDashboardType: "express")),
                        "express", "express", "stripe"
                    ),
                    (CreateAccount(sellerReference: Self.reference("bare")), "standard", "full", "stripe"),
                ]
                for (command, type, dashboard, collection) in ways {
                    let created = try #require(try await bed.send(command).result, "\(command.sellerReference)")
                    #expect(created.created)
                    let account = try #require(bed.sim.object(id: created.account))
                    #expect(account["type"]?.stringValue == type)
                    #expect(account.value(at: "controller.stripe_dashboard.type")?.stringValue == dashboard)
                    #expect(account.value(at: "controller.requirement_collection")?.stringValue == collection)
                    let request = try #require(bed.requests("POST", "/v1/accounts").last)
                    #expect(request.params["type"]?.stringValue == command.type?.rawValue)
                    #expect((request.params["controller"] != nil) == (command.controller != nil))
                    #expect((request.params["country"] != nil) == (command.country != nil))
                }
                // The bare account took Stripe's default country and the default capabilities;
                // Standard (`type`) asked for none: its seller chooses in the full dashboard.
                let posts = bed.requests("POST", "/v1/accounts")
                #expect(posts[4].params.value(at: "capabilities.card_payments.requested")?.stringValue == "true")
                #expect(posts[4].params.value(at: "capabilities.transfers.requested")?.stringValue == "true")
                #expect(posts[0].params["capabilities"] == nil)
                #expect(posts[1].params.value(at: "capabilities.card_payments.requested")?.stringValue == "true")
            }
        }

        @Test func fullyPrefilledIndividualIsAskedOnlyForTheTerms() async throws {
            try await OnboardingTestBed.run { bed in
                let command = CreateAccount(
                    sellerReference: Self.reference("jenny"), country: "US", email: "jenny@example.com", type: .express,
                    businessType: "individual",
                    businessProfile: BusinessProfile(name: "Jenny's Bakery", url: "https://jenny.example", mcc: "5462"),
                    individual: Self.jenny, externalAccount: ExternalAccountDetails(token: "btok_us_verified"),
                    settings: AccountSettings(
                        payments: .init(statementDescriptor: "JENNYS BAKERY"),
                        payouts: .init(schedule: .init(interval: "weekly", weeklyAnchor: "friday"))))
                let created = try #require(try await bed.send(command).result)
                let account = try #require(bed.sim.object(id: created.account))
                let due = (account.value(at: "requirements.currently_due")?.arrayValue ?? []).compactMap(\.stringValue)
                #expect(due == ["tos_acceptance.date", "tos_acceptance.ip"])
                #expect(account.value(at: "external_accounts.data")?.arrayValue?.count == 1)
                #expect(account.value(at: "individual.id_number_provided") == .bool(true))
                #expect(account.value(at: "individual.id_number")?.stringValue == nil)
                #expect(account.value(at: "settings.payouts.schedule.weekly_anchor")?.stringValue == "friday")
                let sent = try #require(bed.requests("POST", "/v1/accounts").last)
                #expect(sent.params.value(at: "individual.dob.year")?.stringValue == "1990")
                #expect(sent.params["external_account"]?.stringValue == "btok_us_verified")

                let link = try #require(try await bed.send(bed.linkCommand(created.account)).result)
                let page = try await onThread {
                    let transport = try CurlTransport(connectTimeout: .seconds(5), timeout: .seconds(30))
                    let response = try transport.perform(
                        StripeHTTPRequest(method: .get, url: link.url, headers: [], body: []),
                        whileWaiting: nil)
                    return String(decoding: response.body, as: UTF8.self)
                }
                #expect(page.contains("id=\"terms\""))
                #expect(!page.contains("Date of birth"))
                #expect(!page.contains("Routing number"))
            }
        }

        @Test func companyWithTwoOwnersAndARepresentative() async throws {
            try await OnboardingTestBed.run { bed in
                let command = CreateAccount(
                    sellerReference: Self.reference("acme"), country: "US", type: .express, businessType: "company",
                    businessProfile: BusinessProfile(url: "https://acme.example", mcc: "5734"),
                    company: CompanyDetails(
                        name: "Acme Inc", phone: "+14155550100", taxId: "000000000",
                        address: Messages.Address(line1: "1 Main St", city: "SF", state: "CA", postalCode: "94110", country: "US"),
                        ownersProvided: true),
                    externalAccount: ExternalAccountDetails(
                        country: "US", currency: "usd", accountNumber: "000123456789",
                        routingNumber: "110000000", accountHolderName: "Acme Inc",
                        accountHolderType: "company"))
                let account = try #require(try await bed.send(command).result).account
                func due() -> [String] {
                    (bed.sim.object(id: account)?.value(at: "requirements.currently_due")?.arrayValue ?? []).compactMap(\.stringValue)
                }
                #expect(due().contains("representative.first_name"))
                #expect(due().contains("owners.first_name"))

                // A person without a role is refused before Stripe is called.
                let roleless = try #require(
                    try await bed.send(
                        AddPerson(
                            account: account, person: PersonDetails(firstName: "No", lastName: "Role"),
                            relationship: Messages.PersonRelationship(title: "Friend"))
                    ).failure)
                #expect(roleless.code == ReplyError.Code.missingField)
                #expect(roleless.field == "relationship")
                #expect(bed.requests("POST", "/v1/accounts/\(account)/persons").isEmpty)

                let owners = [("Ann", 60.0), ("Bob", 40.0)]
                for (name, share) in owners {
                    let added = try #require(
                        try await bed.send(
                            AddPerson(
                                account: account,
                                person: PersonDetails(firstName: name, lastName: "Owner", email: "\(name.lowercased())@acme.example"),
                                relationship: Messages.PersonRelationship(owner: true, percentOwnership: share, title: "Co-founder"))
                        ).result)
                    #expect(added.person.hasPrefix("person_"))
                }
                #expect(!due().contains("owners.first_name"))
                #expect(due().contains("representative.first_name"))
                let rep = try #require(
                    try await bed.send(
                        AddPerson(
                            account: account,
                            person: PersonDetails(firstName: "Rita", lastName: "Rep", dob: DateOfBirth(day: 2, month: 3, year: 1980)),
                            relationship: Messages.PersonRelationship(representative: true, executive: true, title: "CEO"))
                    ).result)
                #expect(!due().contains("representative.first_name"))
                #expect(due() == ["tos_acceptance.date", "tos_acceptance.ip"])
                let posted = bed.requests("POST", "/v1/accounts/\(account)/persons")
                #expect(posted.count == 3)
                #expect(posted[0].params.value(at: "relationship.percent_ownership")?.stringValue == "60")

                // The representative's title changes later.
                let updated = try #require(
                    try await bed.send(
                        UpdatePerson(
                            account: account, person: rep.person, relationship: Messages.PersonRelationship(title: "President"))
                    ).result)
                #expect(updated.person == rep.person)
                #expect(bed.sim.object(id: rep.person)?.value(at: "relationship.title")?.stringValue == "President")
            }
        }

        @Test func updatesAndTheUpdatesAnAccountForbids() async throws {
            try await OnboardingTestBed.run { bed in
                let express = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let renamed = try #require(
                    try await bed.send(
                        UpdateAccount(
                            account: express, businessProfile: BusinessProfile(name: "Corner Shop & Café", supportEmail: "help@corner.example"),
                            externalAccount: ExternalAccountDetails(token: "btok_us_verified"), metadata: ["plan": "pro"])
                    ).result)
                #expect(renamed.updated == ["business_profile", "external_account", "metadata"])
                let account = try #require(bed.sim.object(id: express))
                #expect(account.value(at: "business_profile.name")?.stringValue == "Corner Shop & Café")
                #expect(account.value(at: "business_profile.product_description")?.stringValue == "Bread")
                #expect(!renamed.currentlyDue.contains("external_account"))

                // Stripe collects the terms of an Express account: refused before Stripe is called.
                let posts = bed.requests("POST", "/v1/accounts/\(express)").count
                let tos = try #require(
                    try await bed.send(
                        UpdateAccount(
                            account: express, tosAcceptance: TermsAcceptance(date: 1_764_547_200, ip: "203.0.113.7"))
                    ).failure)
                #expect(tos.code == ReplyError.Code.updateNotAllowed)
                #expect(tos.field == "tos_acceptance")

                // Once onboarding started, the seller owns the business details.
                _ = try #require(try await bed.send(bed.linkCommand(express)).result)
                let locked = try #require(
                    try await bed.send(
                        UpdateAccount(
                            account: express, businessProfile: BusinessProfile(name: "Renamed"))
                    ).failure)
                #expect(locked.code == ReplyError.Code.updateNotAllowed)
                #expect(locked.field == "business_profile")
                #expect(bed.requests("POST", "/v1/accounts/\(express)").count == posts)
                // Stripe (the simulator) refuses the same update itself.
                let direct = try await onThread { () -> String? in
                    var params = FormParams()
                    params.set("business_profile", ["name": "Renamed"])
                    do {
                        _ = try bed.stripeClient().send(
                            .post, "/v1/accounts/\(express)", params: params,
                            options: .idempotent(UUID().uuidString))
                        return nil
                    } catch let error as StripeError {
                        return error.param
                    }
                }
                #expect(direct == "business_profile")
                // Still allowed: e-mail, settings.
                #expect(try await bed.send(UpdateAccount(account: express, email: "new@corner.example")).result != nil)

                // A Custom account's platform collects the terms.
                let custom = try #require(try await bed.send(CreateAccount(sellerReference: Self.reference("cus"), type: .custom)).result).account
                let accepted = try #require(
                    try await bed.send(
                        UpdateAccount(
                            account: custom, tosAcceptance: TermsAcceptance(date: 1_764_547_200, ip: "203.0.113.7"))
                    ).result)
                #expect(!accepted.currentlyDue.contains("tos_acceptance.date"))

                let unknown = try #require(try await bed.send(UpdateAccount(account: "acct_unknown000000", email: "a@b.example")).failure)
                #expect(unknown.code == ReplyError.Code.accountNotFound)
            }
        }

        @Test func aStandardAccountAfterItsLinkRefusesBankAccountsButKeepsWhatStripeAllows() async throws {
            try await OnboardingTestBed.run { bed in
                let standard = try #require(
                    try await bed.send(
                        CreateAccount(sellerReference: Self.reference("std"), country: "US", email: "owner@std.example", type: .standard)
                    ).result
                ).account
                // Before the link the platform may still attach a bank account.
                let before = try #require(
                    try await bed.send(
                        UpdateAccount(account: standard, externalAccount: ExternalAccountDetails(token: "btok_us_verified"))
                    ).result)
                #expect(before.updated == ["external_account"])
                _ = try #require(try await bed.send(bed.linkCommand(standard)).result)
                let posts = bed.requests("POST", "/v1/accounts/\(standard)").count
                let refused = try #require(
                    try await bed.send(
                        UpdateAccount(account: standard, externalAccount: ExternalAccountDetails(token: "btok_us_verified"))
                    ).failure)
                #expect(refused.code == ReplyError.Code.updateNotAllowed)
                #expect(refused.field == "external_account")
                #expect(bed.requests("POST", "/v1/accounts/\(standard)").count == posts)
                // Stripe (the simulator) refuses the same update itself.
                let direct = try await onThread { () -> String? in
                    var params = FormParams()
                    params.set("external_account", "btok_us_verified")
                    do {
                        _ = try bed.stripeClient().send(
                            .post, "/v1/accounts/\(standard)", params: params, options: .idempotent(UUID().uuidString))
                        return nil
                    } catch let error as StripeError {
                        return error.param
                    }
                }
                #expect(direct == "external_account")
                // What Stripe still lets the platform write: e-mail, metadata, settings.
                let allowed = try #require(
                    try await bed.send(
                        UpdateAccount(
                            account: standard, email: "billing@std.example",
                            settings: AccountSettings(payments: AccountSettings.Payments(statementDescriptor: "STD SHOP")), metadata: ["plan": "pro"])
                    ).result)
                #expect(allowed.updated == ["email", "settings", "metadata"])
                #expect(bed.sim.object(id: standard)?.value(at: "metadata.plan")?.stringValue == "pro")
            }
        }

        @Test func loginLinkForExpressOnlyAndAnAccountSession() async throws {
            try await OnboardingTestBed.run { bed in
                let express = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let link = try #require(try await bed.send(CreateLoginLink(account: express)).result)
                #expect(link.url.hasPrefix(bed.sim.baseURL + "/sim/login_links/"))

                let standard = try #require(try await bed.send(CreateAccount(sellerReference: Self.reference("std"), type: .standard)).result).account
                let refused = try #require(try await bed.send(CreateLoginLink(account: standard)).failure)
                #expect(refused.code == ReplyError.Code.notExpressDashboard)
                #expect(bed.requests("POST", "/v1/accounts/\(standard)/login_links").isEmpty)

                let session = try #require(
                    try await bed.send(
                        CreateAccountSession(
                            account: standard,
                            components: EmbeddedComponents(
                                accountOnboarding: .init(enabled: true, features: .init(externalAccountCollection: true)),
                                notificationBanner: .init(enabled: true),
                                payments: .init(enabled: true, features: .init(refundManagement: true, disputeManagement: true)),
                                payouts: .init(enabled: true, features: .init(editPayoutSchedule: true, instantPayouts: false)),
                                paymentMethodSettings: .init(enabled: true)))
                    ).result)
                #expect(session.clientSecret.hasPrefix("accs_secret_"))
                #expect(session.expiresAt > 0)
                let sent = try #require(bed.requests("POST", "/v1/account_sessions").last)
                #expect(sent.params["account"]?.stringValue == standard)
                #expect(sent.params.value(at: "components.payments.features.refund_management")?.stringValue == "true")
                #expect(sent.params.value(at: "components.payment_method_settings.enabled")?.stringValue == "true")
                #expect(sent.params.value(at: "components.account_management") == nil)

                // Stripe's own refusal comes back with its error.
                let bad = try #require(
                    try await bed.send(
                        CreateAccountSession(
                            account: standard,
                            components: EmbeddedComponents(
                                accountOnboarding: .init(enabled: true, features: .init(disableStripeUserAuthentication: true))))
                    ).failure)
                #expect(bad.code.hasPrefix("stripe."))
                #expect(bad.stripe?.param == "components[account_onboarding][features][disable_stripe_user_authentication]")
            }
        }

        @Test func redeliveredCommandsCreateNothingTwice() async throws {
            try await OnboardingTestBed.run { bed in
                let account = try #require(try await bed.send(OnboardingTestBed.newSeller()).result).account
                let commands = bed.commands
                let add = AddPerson(
                    account: account, person: PersonDetails(firstName: "Ann", lastName: "Owner"),
                    relationship: Messages.PersonRelationship(owner: true, percentOwnership: 100))
                let messageId = Envelope.newMessageId()
                try await onThread { try commands.publish(add, messageId: messageId, copies: 2) }
                let reply = try await onThread { try commands.reply(to: AddPerson.self, messageId: messageId) }
                #expect(reply?.result != nil)
                let path = "/v1/accounts/\(account)/persons"
                #expect(try await eventually { bed.requests("POST", path).count >= 1 })
                #expect(try await eventually { try bed.inboxHas(messageId) })
                #expect(bed.created("POST", path) == 1)

                let session = CreateAccountSession(account: account, components: EmbeddedComponents(accountOnboarding: .init(enabled: true)))
                let sessionId = Envelope.newMessageId()
                try await onThread { try commands.publish(session, messageId: sessionId, copies: 2) }
                _ = try await onThread { try commands.reply(to: CreateAccountSession.self, messageId: sessionId) }
                #expect(try await eventually { try bed.inboxHas(sessionId) })
                #expect(bed.created("POST", "/v1/account_sessions") == 1)
            }
        }
    }
}
