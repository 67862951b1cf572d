import Messages
import StripeAPI
import Testing
@testable import OnboardingService

/// The form parameters `create_account` sends to `POST /v1/accounts` and `/persons`.
@Suite("create_account Stripe parameters")
struct CreateAccountParamsTests {
    func pairs(_ params: some StripeParams) -> [String: String] {
        Dictionary(FormEncoding.pairs(params.formParams).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func expressAccountRequestsCapabilitiesAndKeepsTheReference() {
        let command = CreateAccount(
            sellerReference: "shop-42", country: "US", email: "s@example.com", type: .express,
            businessType: "individual",
            businessProfile: BusinessProfile(name: "Shop", url: "https://shop.example", mcc: "5411"),
            metadata: ["plan": "pro"])
        let p = pairs(CreateAccountHandler.accountParams(command))
        #expect(p["type"] == "express")
        #expect(p["country"] == "US")
        #expect(p["email"] == "s@example.com")
        #expect(p["business_type"] == "individual")
        #expect(p["business_profile[name]"] == "Shop")
        #expect(p["business_profile[url]"] == "https://shop.example")
        #expect(p["business_profile[mcc]"] == "5411")
        #expect(p["capabilities[card_payments][requested]"] == "true")
        #expect(p["capabilities[transfers][requested]"] == "true")
        #expect(p["metadata[seller_reference]"] == "shop-42")
        #expect(p["metadata[plan]"] == "pro")
        #expect(p["controller[fees][payer]"] == nil)
    }

    @Test func controllerPropertiesReplaceType() {
        let command = CreateAccount(
            sellerReference: "shop-43", country: "FR",
            controller: AccountController(
                feesPayer: "application", lossesPayments: "application",
                requirementCollection: "stripe", stripeDashboardType: "full"))
        let p = pairs(CreateAccountHandler.accountParams(command))
        #expect(p["type"] == nil)
        #expect(p["controller[fees][payer]"] == "application")
        #expect(p["controller[losses][payments]"] == "application")
        #expect(p["controller[requirement_collection]"] == "stripe")
        #expect(p["controller[stripe_dashboard][type]"] == "full")
        // A seller with the full Stripe dashboard chooses capabilities there.
        #expect(p["capabilities[card_payments][requested]"] == nil)
    }

    @Test func stripesNestedControllerShapeReachesStripe() throws {
        // issue 13: this body once lost its controller and sent `controller=`.
        let json =
            #"{"seller_reference":"ctl-1","country":"US","controller":{"fees":{"payer":"application"},"losses":{"payments":"application"},"stripe_dashboard":{"type":"express"}}}"#
        let command = try Envelope(type: CreateAccount.messageName, appId: "t", body: Array(json.utf8))
            .decodeCommand(CreateAccount.self)
        let pairs = FormEncoding.pairs(CreateAccountHandler.accountParams(command).formParams)
        let keys = pairs.map(\.key)
        #expect(keys.contains("controller[fees][payer]"))
        #expect(!keys.contains("controller"))
        #expect(!pairs.contains { $0.value.isEmpty })
        let p = self.pairs(CreateAccountHandler.accountParams(command))
        #expect(p["controller[fees][payer]"] == "application")
        #expect(p["controller[losses][payments]"] == "application")
        #expect(p["controller[stripe_dashboard][type]"] == "express")
        #expect(p["capabilities[card_payments][requested]"] == "true")
    }

    @Test func representativeIsAPersonWithTheRelationship() {
        let p = pairs(
            CreateAccountHandler.personParams(
                Representative(
                    firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", title: "CEO",
                    dateOfBirth: DateOfBirth(day: 10, month: 12, year: 1985))))
        #expect(p["first_name"] == "Ada")
        #expect(p["last_name"] == "Lovelace")
        #expect(p["email"] == "ada@example.com")
        #expect(p["relationship[representative]"] == "true")
        #expect(p["relationship[title]"] == "CEO")
        #expect(p["dob[day]"] == "10")
        #expect(p["dob[month]"] == "12")
        #expect(p["dob[year]"] == "1985")
        #expect(p["phone"] == nil)
    }
}

/// The prefill `create_account` and `update_account` send, in Stripe's parameter names.
@Suite("prefill Stripe parameters")
struct PrefillParamsTests {
    func pairs(_ params: some StripeParams) -> [String: String] {
        Dictionary(FormEncoding.pairs(params.formParams).map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func individualCompanyBankTermsAndSettings() {
        let command = CreateAccount(
            sellerReference: "s", type: .custom, businessType: "individual",
            individual: IndividualDetails(
                firstName: "Jenny", dob: DateOfBirth(day: 1, month: 2, year: 1990),
                address: Messages.Address(line1: "1 Main St", postalCode: "94110"), idNumber: "000000000"),
            externalAccount: ExternalAccountDetails(country: "US", currency: "usd", accountNumber: "000123456789", routingNumber: "110000000"),
            capabilities: ["transfers"], tosAcceptance: TermsAcceptance(date: 1_764_547_200, ip: "203.0.113.7"),
            settings: AccountSettings(
                payments: .init(statementDescriptor: "JENNY"),
                payouts: .init(schedule: .init(interval: "monthly", monthlyAnchor: 15))))
        let p = pairs(CreateAccountHandler.accountParams(command))
        #expect(p["individual[first_name]"] == "Jenny")
        #expect(p["individual[dob][month]"] == "2")
        #expect(p["individual[address][postal_code]"] == "94110")
        #expect(p["individual[id_number]"] == "000000000")
        #expect(p["external_account[object]"] == "bank_account")
        #expect(p["external_account[routing_number]"] == "110000000")
        #expect(p["tos_acceptance[date]"] == "1764547200")
        #expect(p["tos_acceptance[ip]"] == "203.0.113.7")
        #expect(p["settings[payments][statement_descriptor]"] == "JENNY")
        #expect(p["settings[payouts][schedule][monthly_anchor]"] == "15")
        #expect(p["capabilities[transfers][requested]"] == "true")
        #expect(p["capabilities[card_payments][requested]"] == nil)
        #expect(!FormEncoding.pairs(CreateAccountHandler.accountParams(command).formParams).contains { $0.value.isEmpty })
    }

    @Test func updateSendsOnlyWhatChanges() {
        let p = pairs(
            UpdateAccountHandler.params(
                UpdateAccount(
                    account: "acct_1", company: CompanyDetails(taxId: "12-3456789", ownersProvided: true),
                    externalAccount: ExternalAccountDetails(token: "btok_us_verified"))))
        #expect(
            p == [
                "company[tax_id]": "12-3456789", "company[owners_provided]": "true",
                "external_account": "btok_us_verified",
            ])
    }

    @Test func personRelationship() {
        let params = PersonParams(PersonDetails(firstName: "Ann"), relationship: Messages.PersonRelationship(owner: true, percentOwnership: 12.5))
        let p = pairs(params)
        #expect(p == ["first_name": "Ann", "relationship[owner]": "true", "relationship[percent_ownership]": "12.5"])
    }
}
