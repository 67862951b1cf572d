import Messages
import StripeAPI

/// The form parameters of the account data a platform prefills, in Stripe's names
/// (Accounts v1 and Persons: `individual[dob][day]`, `company[tax_id]`,
/// `external_account[object]=bank_account`, `settings[payouts][schedule][interval]`, …).
/// Absent parts are left out; an object with nothing in it is never sent. Pure.
enum AccountForm {
    /// Sets `value` under `key` unless it is empty.
    static func put(_ params: inout FormParams, _ key: String, _ value: FormParams) {
        if !value.isEmpty { params.set(key, value) }
    }

    static func address(_ a: Messages.Address?) -> FormParams {
        var p = FormParams()
        guard let a else { return p }
        p.set("line1", a.line1); p.set("line2", a.line2); p.set("city", a.city)
        p.set("state", a.state); p.set("postal_code", a.postalCode); p.set("country", a.country)
        return p
    }

    static func dob(_ d: DateOfBirth?) -> FormParams {
        var p = FormParams()
        guard let d else { return p }
        p.set("day", d.day); p.set("month", d.month); p.set("year", d.year)
        return p
    }

    static func businessProfile(_ b: BusinessProfile?) -> FormParams {
        var p = FormParams()
        guard let b else { return p }
        p.set("name", b.name); p.set("url", b.url); p.set("mcc", b.mcc)
        p.set("product_description", b.productDescription); p.set("support_email", b.supportEmail)
        return p
    }

    static func individual(_ i: IndividualDetails?) -> FormParams {
        person(i.map { PersonDetails(firstName: $0.firstName, lastName: $0.lastName, email: $0.email, phone: $0.phone,
                                      dob: $0.dob, address: $0.address, idNumber: $0.idNumber) })
    }

    /// A person's details (`first_name`, …, `dob[…]`, `address[…]`, `id_number`).
    static func person(_ d: PersonDetails?) -> FormParams {
        var p = FormParams()
        guard let d else { return p }
        p.set("first_name", d.firstName); p.set("last_name", d.lastName); p.set("email", d.email)
        p.set("phone", d.phone)
        put(&p, "dob", dob(d.dob)); put(&p, "address", address(d.address))
        p.set("id_number", d.idNumber)
        return p
    }

    static func company(_ c: CompanyDetails?) -> FormParams {
        var p = FormParams()
        guard let c else { return p }
        p.set("name", c.name); p.set("phone", c.phone); p.set("tax_id", c.taxId)
        put(&p, "address", address(c.address))
        p.set("directors_provided", c.directorsProvided); p.set("owners_provided", c.ownersProvided)
        p.set("executives_provided", c.executivesProvided)
        return p
    }

    /// `relationship[…]`; `percent_ownership` as a decimal string.
    static func relationship(_ r: Messages.PersonRelationship?) -> FormParams {
        var p = FormParams()
        guard let r else { return p }
        p.set("representative", r.representative); p.set("owner", r.owner); p.set("director", r.director)
        p.set("executive", r.executive); p.set("title", r.title)
        if let percent = r.percentOwnership {
            p.set("percent_ownership", percent == percent.rounded() ? String(Int(percent)) : String(percent))
        }
        return p
    }

    static func settings(_ s: AccountSettings?) -> FormParams {
        var p = FormParams()
        guard let s else { return p }
        var payments = FormParams()
        payments.set("statement_descriptor", s.payments?.statementDescriptor)
        put(&p, "payments", payments)
        if let schedule = s.payouts?.schedule {
            var sp = FormParams()
            sp.set("interval", schedule.interval); sp.set("delay_days", schedule.delayDays)
            sp.set("weekly_anchor", schedule.weeklyAnchor); sp.set("monthly_anchor", schedule.monthlyAnchor)
            var payouts = FormParams()
            payouts.set("schedule", sp)
            p.set("payouts", payouts)
        }
        return p
    }

    static func tosAcceptance(_ t: TermsAcceptance?) -> FormParams {
        var p = FormParams()
        guard let t else { return p }
        p.set("date", t.date); p.set("ip", t.ip); p.set("user_agent", t.userAgent)
        p.set("service_agreement", t.serviceAgreement)
        return p
    }

    /// `external_account`: the token as a string, or `external_account[object]=bank_account` with the details.
    static func externalAccount(_ e: ExternalAccountDetails, into params: inout FormParams) {
        if let token = e.token { params.set("external_account", token); return }
        var p = FormParams()
        p.set("object", "bank_account"); p.set("country", e.country); p.set("currency", e.currency)
        p.set("account_number", e.accountNumber); p.set("routing_number", e.routingNumber)
        p.set("account_holder_name", e.accountHolderName); p.set("account_holder_type", e.accountHolderType)
        params.set("external_account", p)
    }

    /// `capabilities[<name>][requested]=true` for each name, sorted.
    static func capabilities(_ names: [String]) -> FormParams {
        var p = FormParams()
        for name in names.sorted() { p.set(name, ["requested": "true"]) }
        return p
    }

    /// The prefill shared by create and update: business type and profile, individual,
    /// company, bank account, terms, settings.
    static func prefill(into params: inout FormParams, businessType: String?, businessProfile: BusinessProfile?,
                        individual: IndividualDetails?, company: CompanyDetails?,
                        externalAccount: ExternalAccountDetails?, tosAcceptance: TermsAcceptance?,
                        settings: AccountSettings?) {
        params.set("business_type", businessType)
        put(&params, "business_profile", Self.businessProfile(businessProfile))
        put(&params, "individual", Self.individual(individual))
        put(&params, "company", Self.company(company))
        if let externalAccount { Self.externalAccount(externalAccount, into: &params) }
        put(&params, "tos_acceptance", Self.tosAcceptance(tosAcceptance))
        put(&params, "settings", Self.settings(settings))
    }
}
