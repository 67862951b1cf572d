import HTTPServer

/// The Payment Element of a deferred intent (`elements` created with `mode: payment`,
/// `amount` and `currency`, no PaymentIntent yet), as a shop's page mounts it:
/// - `GET /sim/elements/confirmation_token?account=acct_…&amount=…&currency=…&return_url=…&next=…`
///   offers a card (Stripe's test cards) and the redirect methods of the currency;
/// - `POST` the same path creates the ConfirmationToken on the connected account, as
///   `stripe.createConfirmationToken` does, then sends the browser (303) to `next` with
///   `confirmation_token=ctoken_…` (the shop's server creates and confirms the PaymentIntent),
///   or shows the token's id when there is no `next`.
extension StripeSimulator {
    func confirmationTokenPage(_ params: [String: FormValue], error: String? = nil, status: Int = 200) -> HTTPResponse {
        let value = { (key: String) in params[key]?.stringValue ?? "" }
        let currency = value("currency").lowercased()
        let redirects = RedirectPaymentMethod.all.filter { $0.currencies.contains(currency) }
        let hidden = ["account", "amount", "currency", "return_url", "next"]
            .map { "<input type=\"hidden\" name=\"\($0)\" value=\"\(HTMLPage.escape(value($0)))\">" }.joined()
        let body = """
            <h1>Pay</h1>
            <p class="muted">Payment Element (simulated, deferred intent)</p>
            <div class="amount" id="total">\(HTMLPage.money(Int(value("amount")) ?? 0, currency.isEmpty ? "usd" : currency))</div>
            \(error.map { "<div class=\"error\" id=\"error\">\(HTMLPage.escape($0))</div>" } ?? "")
            <form method="post" action="/sim/elements/confirmation_token" id="payment_element">\(hidden)
            \(HTMLPage.methodChoice(["card"] + redirects.map(\.type)))
            <fieldset data-method="card"><legend>Card</legend>\(HTMLPage.cardFields)</fieldset>
            \(redirects.map(HTMLPage.redirectFieldset).joined())
            <button type="submit" id="pay">Pay</button>
            </form>
            \(HTMLPage.script)
            """
        return HTMLPage.render("Pay", status: status, body)
    }

    func submitConfirmationTokenPage(_ params: [String: FormValue], requestId: String) -> HTTPResponse {
        let account = params["account"]?.stringValue ?? ""
        let method = params["method"]?.stringValue ?? "card"
        var form: [String: FormValue] = [:]
        if RedirectPaymentMethod.byType[method] != nil {
            form["payment_method_data"] = .dict(["type": .string(method)])
        } else if let name = HTMLPage.testMethodName(cardNumber: params["card_number"]?.stringValue, iban: nil) {
            form["payment_method"] = .string(name)
        } else {
            return confirmationTokenPage(params, error: "Your card number is incorrect: use one of the test cards below.", status: 402)
        }
        if let returnURL = params["return_url"]?.stringValue, !returnURL.isEmpty { form["return_url"] = .string(returnURL) }
        let call = SimCall(
            state: state, params: Params(form), pathParameters: [:],
            account: account.isEmpty || state.get(account, scope: SimState.platform) == nil ? nil : account,
            requestId: requestId, idempotencyKey: nil, stripeVersion: nil)
        let token: JSONValue
        do { token = try ConfirmationTokens.create(call) } catch { return confirmationTokenPage(params, error: error.message, status: 400) }
        let id = token["id"]?.stringValue ?? ""
        if let next = params["next"]?.stringValue, !next.isEmpty {
            return .redirect(to: HTMLPage.withQuery(next, [("confirmation_token", id)]), status: 303)
        }
        return HTMLPage.message(
            "Payment details collected", "ConfirmationToken \(id): the shop's server confirms the payment with it.",
            extra: "<p><code id=\"confirmation_token\">\(HTMLPage.escape(id))</code></p>")
    }
}
