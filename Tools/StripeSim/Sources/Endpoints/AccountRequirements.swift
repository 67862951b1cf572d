/// What an account still has to provide, computed from what it holds (prefilled by the
/// platform, given on the onboarding page, or added as Persons). Shapes follow Stripe's
/// requirement names (`individual.dob.day`, `company.tax_id`, `representative.first_name`,
/// `owners.first_name`, `tos_acceptance.date`, `external_account`).
///
/// Decisions where Stripe is silent (a simulation, not Stripe's verification): a field counts
/// as given when it holds a non-empty value; an individual's `id_number` or `ssn_last_4`
/// satisfies `individual.ssn_last_4`; once details were submitted, recomputing only removes
/// requirements (never brings back what onboarding already cleared).
enum AccountRequirements {
    static let base = [
        "business_profile.mcc", "business_profile.url", "external_account",
        "tos_acceptance.date", "tos_acceptance.ip",
    ]
    static let individual = [
        "individual.first_name", "individual.last_name", "individual.dob.day",
        "individual.dob.month", "individual.dob.year", "individual.address.line1",
        "individual.address.city", "individual.address.postal_code", "individual.address.state",
        "individual.email", "individual.phone", "individual.ssn_last_4",
    ]
    static let company = [
        "company.name", "company.tax_id", "company.phone", "company.address.line1",
        "company.address.city", "company.address.postal_code", "company.address.state",
        "representative.first_name", "representative.last_name",
        "owners.first_name", "owners.last_name",
    ]
    static let untyped = ["business_type", "representative.first_name", "representative.last_name"]

    /// Every requirement an account of its business type has before anything is given.
    static func all(for account: JSONValue) -> [String] {
        switch account["business_type"]?.stringValue {
        case "individual": return base + individual
        case "company", "non_profit", "government_entity": return base + company
        default: return base + untyped
        }
    }

    /// Whether the account (with its persons) already provides `requirement`.
    static func provided(_ requirement: String, account: JSONValue, persons: [JSONValue]) -> Bool {
        func given(_ v: JSONValue?) -> Bool {
            switch v {
            case nil, .null?: return false
            case .string(let s)?: return !s.isEmpty
            case .int?, .bool?, .double?: return true
            case .array(let a)?: return !a.isEmpty
            case .object?: return true
            }
        }
        func person(_ role: String, _ field: String) -> Bool {
            persons.contains { $0.value(at: "relationship.\(role)") == true && given($0.value(at: field)) }
        }
        switch requirement {
        case "external_account": return !(account.value(at: "external_accounts.data")?.arrayValue ?? []).isEmpty
        case "individual.ssn_last_4":
            return account.value(at: "individual.id_number_provided") == true || account.value(at: "individual.ssn_last_4_provided") == true
        default: break
        }
        if requirement.hasPrefix("representative.") {
            return person("representative", String(requirement.dropFirst("representative.".count)))
        }
        if requirement.hasPrefix("owners.") { return person("owner", String(requirement.dropFirst("owners.".count))) }
        if requirement == "company.tax_id" { return account.value(at: "company.tax_id_provided") == true }
        return given(account.value(at: requirement))
    }

    /// Recomputes `requirements` of `account` in place (currently, eventually and past due;
    /// `disabled_reason` while anything is due).
    static func recompute(_ account: inout JSONValue, state: SimState) {
        let id = account["id"]?.stringValue ?? ""
        let persons = state.list(type: "person", scope: SimState.platform) { $0["account"]?.stringValue == id }
        var due = all(for: account).filter { !provided($0, account: account, persons: persons) }
        if account["details_submitted"] == true {
            let before = Set((account.value(at: "requirements.currently_due")?.arrayValue ?? []).compactMap(\.stringValue))
            due = due.filter(before.contains)
        }
        var requirements = account["requirements"] ?? AccountObjects.requirements([], disabledReason: nil)
        requirements["currently_due"] = .strings(due)
        requirements["eventually_due"] = .strings(due)
        requirements["past_due"] = .strings(due)
        requirements["disabled_reason"] = due.isEmpty ? .null : "requirements.past_due"
        account["requirements"] = requirements
    }
}
