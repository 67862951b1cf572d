import Foundation
import FoundationEssentials
import HTTPServer

/// Checkout for people: the hosted page (`/sim/checkout/<id>`) and the page that mounts an
/// `embedded_page` or `elements` session from its client secret
/// (`/sim/checkout/embedded?client_secret=…`).
/// The buyer types one of Stripe's test cards or IBANs; a 3D Secure card goes through a
/// challenge page (complete or fail); a decline shows the card error on the form again.
/// A paid session redirects (303) to `success_url` or `return_url`, as Stripe does.
extension StripeSimulator {
    func checkoutForm(_ session: JSONValue, error: String? = nil, status: Int = 200) -> HTTPResponse {
        let id = session["id"]?.stringValue ?? ""
        guard session["status"] == "open" else {
            return HTMLPage.message(
                "Checkout", "This Checkout Session is \(session["status"]?.stringValue ?? "closed").",
                kind: session["status"] == "complete" ? "ok" : "error")
        }
        let currency = session["currency"]?.stringValue ?? "usd"
        let items = state.attachments["line_items:\(id)"]?.arrayValue ?? []
        let rows = items.map { item in
            "<tr><td>\(HTMLPage.escape(item["description"]?.stringValue ?? "Item")) &times; \(item["quantity"]?.intValue ?? 1)</td>"
                + "<td class=\"r\">\(HTMLPage.money(item["amount_total"]?.intValue ?? 0, currency))</td></tr>"
        }.joined()
        let methods = session["payment_method_types"]?.arrayValue?.compactMap(\.stringValue) ?? ["card"]
        let offered = HTMLPage.offeredMethods(methods)
        let choice = HTMLPage.methodChoice(offered)
        let mode = session["ui_mode"]?.stringValue ?? "hosted_page"
        let title =
            switch mode {
            case "elements": "Payment Element"
            case "embedded_page": "Embedded checkout"
            case "form": "Checkout form"
            default: "Checkout"
            }
        let scope = state.lookup(id)?.scope ?? SimState.platform
        let merchant = state.get(scope, scope: SimState.platform)?.value(at: "business_profile.name")?.stringValue
        let body = """
            <h1>\(title)\(merchant.map { " &middot; " + HTMLPage.escape($0) } ?? "")</h1>
            <p class="muted">Session <code>\(HTMLPage.escape(id))</code></p>
            <table>\(rows)</table>
            <div class="amount" id="total">\(HTMLPage.money(session["amount_total"]?.intValue ?? 0, currency))</div>
            \(error.map { "<div class=\"error\" id=\"error\">\(HTMLPage.escape($0))</div>" } ?? "")
            <form method="post" action="/sim/checkout/\(HTMLPage.escape(id))/submit" id="checkout">
            <label for="email">E-mail</label><input id="email" name="email" value="\(HTMLPage.escape(session["customer_email"]?.stringValue ?? ""))">
            \(choice)
            \(HTMLPage.methodFieldsets(offered))
            <button type="submit" id="pay">Pay \(HTMLPage.money(session["amount_total"]?.intValue ?? 0, currency))</button>
            </form>
            \(HTMLPage.script)
            """
        return HTMLPage.render("Checkout", status: status, body)
    }

    /// `GET /sim/checkout/embedded?client_secret=…`: the session whose client secret it is.
    func embeddedCheckout(clientSecret: String?) -> HTTPResponse {
        guard let clientSecret, let sessionId = clientSecret.components(separatedBy: "_secret_").first,
            let (scope, session) = state.lookup(sessionId), session["object"] == "checkout.session",
            session["client_secret"]?.stringValue == clientSecret
        else {
            return HTMLPage.message("Checkout", "No embedded Checkout Session has this client secret.", kind: "error", status: 404)
        }
        let call = SimCall(
            state: state, params: Params([:]), pathParameters: [:], account: scope == SimState.platform ? nil : scope,
            requestId: nil, idempotencyKey: nil, stripeVersion: nil)
        return checkoutForm(CheckoutMachine.expireIfDue(call: call, session: session))
    }

    /// `POST /sim/checkout/<id>/submit` (the form): pays, challenges (3D Secure) or shows the error.
    func submitCheckout(_ id: String, params: [String: FormValue], requestId: String) -> HTTPResponse {
        guard let (_, session) = state.lookup(id), session["object"] == "checkout.session" else {
            return HTMLPage.message("Checkout", "Unknown Checkout Session.", kind: "error", status: 404)
        }
        let method = params["method"]?.stringValue ?? "card"
        if let problem = checkoutFormProblem(session, method: method, params: params) {
            return checkoutForm(session, error: problem, status: 400)
        }
        guard let name = HTMLPage.postedMethodName(method, params) else {
            return checkoutForm(session, error: HTMLPage.unknownTestMethod(method), status: 402)
        }
        if TestPaymentMethod.byName[name]?.outcome == .requireAction {
            return .redirect(to: "/sim/checkout/\(id)/challenge?card=\(name)", status: 303)
        }
        return payCheckoutPage(session, paymentMethod: name, requestId: requestId)
    }

    /// What Stripe's Checkout form refuses before it pays, in its words: a blank e-mail when
    /// the session has neither `customer_email` nor `customer` (Checkout then asks the buyer
    /// for it: "Your email is incomplete."), a card number that fails the Luhn check ("Your card
    /// number is incorrect.") or is no card number ("Your card number is invalid."), and an
    /// expiry in the past on the simulator's clock ("Your card's expiration date is in the
    /// past.") or unreadable ("Your card's expiration date is incomplete.").
    func checkoutFormProblem(_ session: JSONValue, method: String, params: [String: FormValue]) -> String? {
        let email = params["email"]?.stringValue?.trimmingCharacters(in: .whitespaces) ?? ""
        if email.isEmpty, session["customer_email"]?.stringValue == nil, session["customer"]?.stringValue == nil {
            return "Your email is incomplete."
        }
        guard method == "card" else { return nil }
        if let number = params["card_number"]?.stringValue, !number.isEmpty, let (_, message) = CardNumberCheck.problem(number) {
            return message
        }
        if let typed = params["card_expiry"]?.stringValue {
            guard let (month, year) = CardNumberCheck.expiry(typed) else { return "Your card's expiration date is incomplete." }
            if CardNumberCheck.isExpired(month: month, year: year, now: state.now) { return "Your card's expiration date is in the past." }
        }
        return nil
    }

    /// The 3D Secure challenge for a Checkout payment.
    func checkoutChallenge(_ id: String, card: String) -> HTTPResponse {
        challengePage(
            action: "/sim/checkout/\(HTMLPage.escape(id))/challenge", hidden: ["card": card],
            amount: state.lookup(id).map { HTMLPage.money($0.value["amount_total"]?.intValue ?? 0, $0.value["currency"]?.stringValue ?? "usd") } ?? ""
        )
    }

    /// `POST /sim/checkout/<id>/challenge`: `outcome=complete` pays, `fail` shows the error.
    func completeCheckoutChallenge(_ id: String, params: [String: FormValue], requestId: String) -> HTTPResponse {
        guard let (_, session) = state.lookup(id), session["object"] == "checkout.session" else {
            return HTMLPage.message("Checkout", "Unknown Checkout Session.", kind: "error", status: 404)
        }
        guard params["outcome"]?.stringValue == "complete" else {
            return checkoutForm(
                session, error: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
                status: 402)
        }
        return payCheckoutPage(session, paymentMethod: params["card"]?.stringValue ?? "pm_card_visa", requestId: requestId)
    }

    private func payCheckoutPage(_ session: JSONValue, paymentMethod: String, requestId: String) -> HTTPResponse {
        let id = session["id"]?.stringValue ?? ""
        guard let (scope, _) = state.lookup(id) else { return HTMLPage.message("Checkout", "Unknown Checkout Session.", kind: "error", status: 404) }
        let call = SimCall(
            state: state, params: Params([:]), pathParameters: [:], account: scope == SimState.platform ? nil : scope,
            requestId: requestId, idempotencyKey: nil, stripeVersion: nil)
        do {
            let paid = try CheckoutMachine.pay(call: call, session: session, paymentMethod: paymentMethod)
            if let away = redirectAway(paid, scope: scope) { return away }
            guard let target = paid["success_url"]?.stringValue ?? paid["return_url"]?.stringValue else {
                return HTMLPage.message("Payment complete", "Thank you: the payment went through.")
            }
            return .redirect(to: target.replacingOccurrences(of: "{CHECKOUT_SESSION_ID}", with: id), status: 303)
        } catch {
            return checkoutForm(state.lookup(id)?.value ?? session, error: error.message, status: 402)
        }
    }

    /// While a session's PaymentIntent waits on a redirect method, the 303 to the method's
    /// test page (`next_action.redirect_to_url.url`); nil otherwise.
    func redirectAway(_ session: JSONValue, scope: String) -> HTTPResponse? {
        guard session["status"] == "open", let piId = session["payment_intent"]?.stringValue,
            let pi = state.get(piId, scope: scope), pi["status"] == "requires_action",
            let url = pi.value(at: "next_action.redirect_to_url.url")?.stringValue
        else { return nil }
        return .redirect(to: url, status: 303)
    }

    /// A 3D Secure challenge page posting `outcome=complete|fail` (plus `hidden`) to `action`.
    func challengePage(action: String, hidden: [String: String], amount: String) -> HTTPResponse {
        let fields = hidden.sorted { $0.key < $1.key }
            .map { "<input type=\"hidden\" name=\"\(HTMLPage.escape($0.key))\" value=\"\(HTMLPage.escape($0.value))\">" }.joined()
        let body = """
            <h1>3D Secure</h1>
            <p class="muted">Your bank asks you to confirm this payment of <b>\(HTMLPage.escape(amount))</b> (simulated challenge).</p>
            <form method="post" action="\(action)" id="challenge">\(fields)
            <button type="submit" name="outcome" value="complete" id="complete">Complete authentication</button>
            <button type="submit" name="outcome" value="fail" class="danger" id="fail">Fail authentication</button>
            </form>
            """
        return HTMLPage.render("3D Secure", body)
    }

    /// `GET /sim/done`: where the demo's success and return URLs point when no shop runs.
    func donePage(_ params: [String: FormValue]) -> HTTPResponse {
        var lines: [String] = []
        if let id = params["session"]?.stringValue, let (_, session) = state.lookup(id) {
            let amount = HTMLPage.money(session["amount_total"]?.intValue ?? 0, session["currency"]?.stringValue ?? "usd")
            lines.append(
                "\(amount) — Checkout Session \(id): \(session["status"]?.stringValue ?? "") / \(session["payment_status"]?.stringValue ?? "")")
        }
        if let id = params["account"]?.stringValue, let account = state.get(id, scope: SimState.platform) {
            lines.append("Account \(id): charges_enabled \(account["charges_enabled"]?.boolValue == true)")
        }
        let what = params["what"]?.stringValue ?? "Done"
        return HTMLPage.message(what, lines.isEmpty ? "You can close this window." : lines.joined(separator: " — "))
    }
}
