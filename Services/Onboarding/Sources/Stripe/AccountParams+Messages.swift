import Messages
import StripeAPI

// The onboarding commands' prefill in StripeAPI's typed account and person parameters
// (Accounts v1 and Persons: `individual[dob][day]`, `company[tax_id]`,
// `external_account[object]=bank_account`, `settings[payouts][schedule][interval]`, …).
// Absent parts are left out; an object with nothing in it is never sent. Pure.

extension PersonParams {
    /// A person's details and relationship (`first_name`, …, `dob[…]`, `address[…]`,
    /// `id_number`, `relationship[…]`).
    init(_ details: PersonDetails?, relationship: Messages.PersonRelationship? = nil) {
        self.init(
            firstName: details?.firstName, lastName: details?.lastName, email: details?.email, phone: details?.phone,
            dob: details?.dob.map(DateOfBirthParams.init), address: details?.address.map(AddressParams.init),
            idNumber: details?.idNumber, relationship: relationship.map(Relationship.init))
    }
}

extension PersonParams.Relationship {
    /// `relationship[…]`; `percent_ownership` as a decimal string.
    init(_ r: Messages.PersonRelationship) {
        self.init(
            representative: r.representative, owner: r.owner, director: r.director, executive: r.executive,
            title: r.title, percentOwnership: r.percentOwnership)
    }
}

extension DateOfBirthParams {
    /// `dob[day|month|year]`.
    init(_ d: DateOfBirth) { self.init(day: d.day, month: d.month, year: d.year) }
}

extension AddressParams {
    /// `address[line1|line2|city|state|postal_code|country]`.
    init(_ a: Messages.Address) {
        self.init(line1: a.line1, line2: a.line2, city: a.city, state: a.state, postalCode: a.postalCode, country: a.country)
    }
}

extension BusinessProfileParams {
    /// `business_profile[…]`.
    init(_ b: BusinessProfile) {
        self.init(name: b.name, url: b.url, mcc: b.mcc, productDescription: b.productDescription, supportEmail: b.supportEmail)
    }
}

extension CompanyParams {
    /// `company[…]`.
    init(_ c: CompanyDetails) {
        self.init(
            name: c.name, phone: c.phone, taxId: c.taxId, address: c.address.map(AddressParams.init),
            directorsProvided: c.directorsProvided, ownersProvided: c.ownersProvided,
            executivesProvided: c.executivesProvided)
    }
}

extension ExternalAccountParams {
    /// The token as `external_account`, else `external_account[object]=bank_account` with the details.
    init(_ e: ExternalAccountDetails) {
        if let token = e.token {
            self = .token(token)
        } else {
            self = .bankAccount(
                BankAccount(
                    country: e.country, currency: e.currency, accountNumber: e.accountNumber,
                    routingNumber: e.routingNumber, accountHolderName: e.accountHolderName,
                    accountHolderType: e.accountHolderType))
        }
    }
}

extension TosAcceptanceParams {
    /// `tos_acceptance[…]`.
    init(_ t: TermsAcceptance) {
        self.init(date: t.date, ip: t.ip, userAgent: t.userAgent, serviceAgreement: t.serviceAgreement)
    }
}

extension AccountSettingsParams {
    /// `settings[payments][statement_descriptor]` and `settings[payouts][schedule][…]`.
    init(_ s: AccountSettings) {
        self.init(
            statementDescriptor: s.payments?.statementDescriptor,
            payoutSchedule: s.payouts?.schedule.map {
                PayoutSchedule(
                    interval: $0.interval, delayDays: $0.delayDays, weeklyAnchor: $0.weeklyAnchor,
                    monthlyAnchor: $0.monthlyAnchor)
            })
    }
}

extension AccountCreateParams.Controller {
    /// `controller[fees][payer]`, `[losses][payments]`, `[requirement_collection]`, `[stripe_dashboard][type]`.
    init(_ c: AccountController) {
        self.init(
            feesPayer: c.fees?.payer, lossesPayments: c.losses?.payments,
            requirementCollection: c.requirementCollection, stripeDashboardType: c.stripeDashboard?.type)
    }
}
