import Testing
@testable import StripeAPI

/// The account, person, link and session parameters onboarding sends, in their wire order.
@Suite("Account parameters")
struct AccountParamsTests {
    @Test func individualAccountWithBankTermsAndSettings() {
        let params = AccountCreateParams(
            type: .custom, country: "US", businessType: "individual",
            individual: PersonParams(
                firstName: "Jenny", dob: DateOfBirthParams(day: 1, month: 2, year: 1990),
                address: AddressParams(line1: "1 Main St", postalCode: "94110")),
            externalAccount: .bankAccount(
                .init(
                    country: "US", currency: "usd", accountNumber: "000123456789",
                    routingNumber: "110000000")),
            tosAcceptance: TosAcceptanceParams(date: 1_764_547_200, ip: "203.0.113.7"),
            settings: AccountSettingsParams(
                statementDescriptor: "JENNY",
                payoutSchedule: .init(interval: "monthly", monthlyAnchor: 15)),
            requestedCapabilities: ["transfers"], metadata: ["seller_reference": "s"])
        #expect(
            params.formParams.encoded() == "type=custom&country=US&business_type=individual"
                + "&individual[first_name]=Jenny&individual[dob][day]=1&individual[dob][month]=2&individual[dob][year]=1990"
                + "&individual[address][line1]=1%20Main%20St&individual[address][postal_code]=94110"
                + "&external_account[object]=bank_account&external_account[country]=US&external_account[currency]=usd"
                + "&external_account[account_number]=000123456789&external_account[routing_number]=110000000"
                + "&tos_acceptance[date]=1764547200&tos_acceptance[ip]=203.0.113.7"
                + "&settings[payments][statement_descriptor]=JENNY&settings[payouts][schedule][interval]=monthly"
                + "&settings[payouts][schedule][monthly_anchor]=15"
                + "&capabilities[transfers][requested]=true&metadata[seller_reference]=s")
    }

    @Test func emptyPartsAreNotSent() {
        let params = AccountUpdateParams(
            businessProfile: BusinessProfileParams(), individual: PersonParams(),
            company: CompanyParams(), tosAcceptance: TosAcceptanceParams(),
            settings: AccountSettingsParams(), requestedCapabilities: [])
        #expect(params.formParams.encoded() == "")
        let token = AccountUpdateParams(company: CompanyParams(taxId: "12-3456789"), externalAccount: .token("btok_us_verified"))
        #expect(token.formParams.encoded() == "company[tax_id]=12-3456789&external_account=btok_us_verified")
    }

    @Test func personOwnershipIsADecimalString() {
        let half = PersonParams(firstName: "Ann", relationship: .init(owner: true, percentOwnership: 12.5))
        #expect(half.formParams.encoded() == "first_name=Ann&relationship[owner]=true&relationship[percent_ownership]=12.5")
        let whole = PersonParams(relationship: .init(percentOwnership: 25))
        #expect(whole.formParams.encoded() == "relationship[percent_ownership]=25")
    }

    @Test func accountLinkWithCollect() {
        let params = AccountLinkCreateParams(
            account: "acct_1", refreshUrl: "https://a.example/r", returnUrl: "https://a.example/b",
            collect: "eventually_due")
        #expect(
            params.formParams.encoded() == "account=acct_1&type=account_onboarding"
                + "&refresh_url=https%3A%2F%2Fa.example%2Fr&return_url=https%3A%2F%2Fa.example%2Fb&collect=eventually_due")
    }

    @Test func accountSessionComponentsInOrderWithTheirFeatures() {
        let params = AccountSessionCreateParams(
            account: "acct_1",
            components: [
                .init(name: "payments", enabled: true, features: [.init("refund_management", true), .init("capture_payments", nil)]),
                .init(name: "account_onboarding", enabled: false),
            ])
        #expect(
            params.formParams.encoded() == "account=acct_1&components[payments][enabled]=true"
                + "&components[payments][features][refund_management]=true&components[account_onboarding][enabled]=false")
    }
}
