import HTTPServer

/// The account onboarding page a seller opens from an account link: a form prefilled with
/// what the platform already sent (business name, e-mail, representative), plus the test
/// values Stripe's test mode accepts (date of birth, address, SSN last 4, bank account).
/// "Agree and submit" completes onboarding like `?outcome=complete`; "Save for later"
/// returns like `?outcome=incomplete`. Both use up the link (single use, as Stripe's).
extension StripeSimulator {
    func onboardingForm(_ id: String) -> HTTPResponse {
        guard let link = state.get(id, scope: SimState.platform), link["object"] == "sim.account_link" else {
            return HTMLPage.message("Unknown link", "This onboarding link does not exist.", kind: "error", status: 404)
        }
        let refresh = link["refresh_url"]?.stringValue ?? "/"
        if link["used"] == true || state.now >= (link["expires_at"]?.intValue ?? 0) { return .redirect(to: refresh) }
        let accountId = link["account"]?.stringValue ?? ""
        let account = state.get(accountId, scope: SimState.platform) ?? [:]
        let person = state.list(type: "person", scope: SimState.platform) { $0["account"]?.stringValue == accountId }.first ?? [:]
        func value(_ v: JSONValue?) -> String { HTMLPage.escape(v?.stringValue ?? "") }
        let business = value(account.value(at: "business_profile.name"))
        let due = (account.value(at: "requirements.currently_due")?.arrayValue ?? []).compactMap(\.stringValue)
        if !due.isEmpty, due.allSatisfy({ $0.hasPrefix("tos_acceptance.") }) {
            // Everything else was prefilled: the seller only accepts the terms.
            return HTMLPage.render(
                "Onboarding",
                """
                <h1>Set up payments for \(business.isEmpty ? "your business" : business)</h1>
                <p class="muted">Account <code>\(HTMLPage.escape(accountId))</code>: your details are already on file.</p>
                <form method="post" action="/sim/account_links/\(HTMLPage.escape(id))" id="onboarding">
                <h2 id="terms">Terms</h2>
                <p>By continuing you agree to the Stripe Connected Account Agreement.</p>
                <button type="submit" name="outcome" value="complete" id="submit">Agree and submit</button>
                <button type="submit" name="outcome" value="incomplete" class="secondary" id="later">Save for later</button>
                </form>
                """)
        }
        let body = """
            <h1>Set up payments for \(business.isEmpty ? "your business" : business)</h1>
            <p class="muted">Account <code>\(HTMLPage.escape(accountId))</code> &middot; \(value(account["country"])) &middot;
            any test values work; nothing is checked against real records.</p>
            <form method="post" action="/sim/account_links/\(HTMLPage.escape(id))" id="onboarding">
            <h2>Business</h2>
            <label for="business_name">Business name</label><input id="business_name" name="business_name" value="\(business)">
            <label for="email">E-mail</label><input id="email" name="email" value="\(value(account["email"]))">
            <h2>Representative</h2>
            <div class="row"><div><label for="first_name">First name</label><input id="first_name" name="first_name" value="\(value(person["first_name"]))"></div>
            <div><label for="last_name">Last name</label><input id="last_name" name="last_name" value="\(value(person["last_name"]))"></div></div>
            <div class="row"><div><label for="dob">Date of birth</label><input id="dob" name="dob" value="1990-01-01"></div>
            <div><label for="ssn_last_4">SSN (last 4)</label><input id="ssn_last_4" name="ssn_last_4" value="0000"></div></div>
            <label for="address">Address</label><input id="address" name="address" value="address_full_match, 1 Main St, San Francisco CA 94110">
            <h2>Payouts</h2>
            <div class="row"><div><label for="routing_number">Routing number</label><input id="routing_number" name="routing_number" value="110000000"></div>
            <div><label for="account_number">Account number</label><input id="account_number" name="account_number" value="000123456789"></div></div>
            <button type="submit" name="outcome" value="complete" id="submit">Agree and submit</button>
            <button type="submit" name="outcome" value="incomplete" class="secondary" id="later">Save for later</button>
            </form>
            """
        return HTMLPage.render("Onboarding", body)
    }

    /// The form's submission: updates the business name and e-mail when changed, then
    /// behaves as `?outcome=`.
    func submitOnboarding(_ id: String, params: [String: FormValue]) -> HTTPResponse {
        if let link = state.get(id, scope: SimState.platform), link["object"] == "sim.account_link", link["used"] != true,
            params["outcome"]?.stringValue == "complete", let accountId = link["account"]?.stringValue,
            var account = state.get(accountId, scope: SimState.platform)
        {
            if let name = params["business_name"]?.stringValue, !name.isEmpty { account["business_profile"]?["name"] = .string(name) }
            if let email = params["email"]?.stringValue, !email.isEmpty { account["email"] = .string(email) }
            state.replace(account)
        }
        return accountLinkPage(id, outcome: params["outcome"]?.stringValue ?? "complete")
    }
}
