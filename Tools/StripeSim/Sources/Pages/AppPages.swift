import FoundationEssentials
import HTTPServer

/// The PaymentSheet "app" (`/sim/app/payment_sheet?client_secret=…`): what the mobile SDK
/// shows a buyer for a PaymentIntent, found by its client secret as the SDK does. The
/// buyer's card confirms the intent (3D Secure goes through a challenge page), as do a test
/// IBAN (SEPA Debit) and a test US bank account (routing number 110000000) when the intent
/// allows them, with the Checkout page's fields (a debit then processes: the sheet says so);
/// a redirect method the intent allows (iDEAL, …) confirms it and opens the method's test
/// page, which returns to the sheet. And the
/// Terminal reader console (`/sim/terminal/readers/<id>`): shows the action the platform
/// started and lets a person present the test card (the amount's cents decide the
/// outcome, as on Stripe's simulated readers) or cancel.
extension StripeSimulator {
    private func intent(clientSecret: String?) -> (scope: String, pi: JSONValue)? {
        guard let clientSecret, let id = clientSecret.components(separatedBy: "_secret_").first,
            let (scope, pi) = state.lookup(id), pi["object"] == "payment_intent",
            pi["client_secret"]?.stringValue == clientSecret
        else { return nil }
        return (scope, pi)
    }

    func paymentSheetPage(clientSecret: String?, error: String? = nil, status: Int = 200) -> HTTPResponse {
        guard let (_, pi) = intent(clientSecret: clientSecret) else {
            return HTMLPage.message("PaymentSheet", "No PaymentIntent has this client secret.", kind: "error", status: 404)
        }
        let amount = HTMLPage.money(pi["amount"]?.intValue ?? 0, pi["currency"]?.stringValue ?? "usd")
        switch pi["status"]?.stringValue ?? "" {
        case "succeeded": return HTMLPage.message("Payment complete", "The payment of \(amount) succeeded.")
        case "requires_capture": return HTMLPage.message("Payment complete", "The payment of \(amount) is authorized; the shop captures it.")
        case "processing": return HTMLPage.message("Payment complete", "The payment of \(amount) is processing.")
        case "canceled":
            return HTMLPage.message("PaymentSheet", "This payment was canceled.", kind: "error")
        case "requires_action" where pi.value(at: "next_action.redirect_to_url.url")?.stringValue?.hasSuffix("/redirect") == true:
            // A redirect method waiting on its test page: the app opens it.
            return .redirect(to: pi.value(at: "next_action.redirect_to_url.url")?.stringValue ?? "", status: 303)
        case "requires_action" where state.secrets["auth:\(pi["id"]?.stringValue ?? "")"] != nil:
            return challengePage(action: "/sim/app/payment_sheet", hidden: ["client_secret": clientSecret ?? ""], amount: amount)
        default: break
        }
        let offered = HTMLPage.offeredMethods(pi["payment_method_types"]?.arrayValue?.compactMap(\.stringValue) ?? ["card"])
        let body = """
            <h1>Pay in the app</h1>
            <p class="muted">PaymentSheet (simulated) &middot; <code>\(HTMLPage.escape(pi["id"]?.stringValue ?? ""))</code></p>
            <div class="amount" id="total">\(amount)</div>
            \(error.map { "<div class=\"error\" id=\"error\">\(HTMLPage.escape($0))</div>" } ?? "")
            <form method="post" action="/sim/app/payment_sheet" id="payment_sheet">
            <input type="hidden" name="client_secret" value="\(HTMLPage.escape(clientSecret ?? ""))">
            \(HTMLPage.methodChoice(offered))
            \(HTMLPage.methodFieldsets(offered))
            <button type="submit" id="pay">Pay \(amount)</button>
            </form>
            \(HTMLPage.script)
            """
        return HTMLPage.render("PaymentSheet", status: status, body)
    }

    /// `POST /sim/app/payment_sheet`: confirms with the typed card, or `outcome` after a
    /// challenge, then sends the browser back to the sheet by GET (303, with `error` when the
    /// payment failed), which shows the outcome or, while the intent requires action, the
    /// 3D Secure challenge.
    func submitPaymentSheet(_ params: [String: FormValue], requestId: String) -> HTTPResponse {
        let clientSecret = params["client_secret"]?.stringValue
        guard let (scope, pi) = intent(clientSecret: clientSecret) else {
            return HTMLPage.message("PaymentSheet", "No PaymentIntent has this client secret.", kind: "error", status: 404)
        }
        let call = SimCall(
            state: state, params: Params(params), pathParameters: [:], account: scope == SimState.platform ? nil : scope,
            requestId: requestId, idempotencyKey: nil, stripeVersion: nil)
        let sheet = { (error: String?) in HTMLPage.seeOther("/sim/app/payment_sheet", [("client_secret", clientSecret), ("error", error)]) }
        if let outcome = params["outcome"]?.stringValue {
            guard pi["status"] == "requires_action", let id = pi["id"]?.stringValue, let methodId = state.secrets["auth:\(id)"],
                let method = state.get(methodId, scope: scope)
            else { return sheet(nil) }
            let behaviour =
                outcome == "complete"
                ? TestPaymentMethod.visa
                : TestPaymentMethod(
                    type: "card", brand: "visa", last4: "3184", country: "US",
                    outcome: .decline(
                        code: "payment_intent_authentication_failure", declineCode: "authentication_required",
                        message: "The provided PaymentMethod has failed authentication."))
            if case .declined(_, let error) = PaymentIntentMachine.authorize(call: call, pi: pi, method: method, behaviour: behaviour) {
                return sheet(error.message)
            }
            return sheet(nil)
        }
        if let method = params["method"]?.stringValue, RedirectPaymentMethod.byType[method] != nil {
            // The app confirms with the redirect method and returns to the sheet from its page.
            let returnURL = HTMLPage.withQuery("\(state.baseURL)/sim/app/payment_sheet", [("client_secret", clientSecret)])
            let confirm = SimCall(
                state: state, params: Params(["payment_method_data": .dict(["type": .string(method)]), "return_url": .string(returnURL)]),
                pathParameters: [:], account: call.account, requestId: requestId, idempotencyKey: nil, stripeVersion: nil)
            do {
                let confirmed = try PaymentIntentEndpoints.confirm(confirm, pi: pi)
                return .redirect(to: confirmed.value(at: "next_action.redirect_to_url.url")?.stringValue ?? returnURL, status: 303)
            } catch {
                return sheet(error.message)
            }
        }
        let method = params["method"]?.stringValue ?? "card"
        guard let name = HTMLPage.postedMethodName(method, params) else { return sheet(HTMLPage.unknownTestMethod(method)) }
        let confirm = SimCall(
            state: state, params: Params(["payment_method": .string(name)]), pathParameters: [:],
            account: call.account, requestId: requestId, idempotencyKey: nil, stripeVersion: nil)
        do {
            _ = try PaymentIntentEndpoints.confirm(confirm, pi: pi)
            return sheet(nil)
        } catch {
            return sheet(error.message)
        }
    }

    /// `GET /sim/terminal/readers`: every reader with a link to its console.
    func readerList() -> HTTPResponse {
        let readers = state.objects.values.filter { $0.type == "terminal.reader" }.sorted { $0.sequence < $1.sequence }
        let rows = readers.map { stored in
            let id = HTMLPage.escape(stored.value["id"]?.stringValue ?? "")
            return "<tr><td><a href=\"/sim/terminal/readers/\(id)\">\(HTMLPage.escape(stored.value["label"]?.stringValue ?? id))</a></td>"
                + "<td>\(id)</td><td class=\"r\">\(HTMLPage.escape(stored.scope))</td></tr>"
        }.joined()
        return HTMLPage.render(
            "Readers", "<h1>Simulated readers</h1><table>\(rows.isEmpty ? "<tr><td>No reader is registered yet.</td></tr>" : rows)</table>")
    }

    /// `GET /sim/terminal/readers/<id>[?message=…|error=…]`: the reader's console, with the
    /// outcome of the console's last action when the redirect after it names one. Reloads
    /// itself every two seconds while no action waits for a card (by GET, so never re-sending
    /// a form).
    func readerConsole(_ id: String, message: String? = nil, error: String? = nil) -> HTTPResponse {
        guard let (scope, stored) = state.lookup(id), stored["object"] == "terminal.reader" else {
            return HTMLPage.message("Reader", "Unknown reader.", kind: "error", status: 404)
        }
        let call = SimCall(
            state: state, params: Params([:]), pathParameters: ["id": id], account: scope == SimState.platform ? nil : scope,
            requestId: nil, idempotencyKey: nil, stripeVersion: nil)
        let reader = ReaderActions.timeOutIfDue(call: call, reader: stored)
        let action: JSONValue = reader["action"] ?? .null
        var display = "Waiting for the point of sale…"
        var buttons = ""
        if action["status"] == "in_progress", let piId = action.value(at: "process_payment_intent.payment_intent")?.stringValue,
            let pi = state.get(piId, scope: scope)
        {
            display = "Total \(HTMLPage.money(pi["amount"]?.intValue ?? 0, pi["currency"]?.stringValue ?? "usd")) — present a card"
            buttons = """
                <form method="post" action="/sim/terminal/readers/\(HTMLPage.escape(id))/present" id="present_form">
                <button type="submit" id="present">Tap the test card (Visa •••• 4242)</button></form>
                <form method="post" action="/sim/terminal/readers/\(HTMLPage.escape(id))/cancel"><button type="submit" class="secondary" id="cancel">Cancel</button></form>
                <p class="hint">The amount's cents decide the outcome: .00 approved, .01 call_issuer, .05 generic_decline,
                .55 incorrect_pin, .65 withdrawal_count_limit_exceeded, .75 pin_try_exceeded.</p>
                """
        } else if let status = action["status"]?.stringValue {
            display = "Last action: \(status)\(action["failure_code"]?.stringValue.map { " (\($0))" } ?? "")"
        }
        let body = """
            <h1>\(HTMLPage.escape(reader["label"]?.stringValue ?? "Reader"))</h1>
            <p class="muted"><code>\(HTMLPage.escape(id))</code> &middot; \(HTMLPage.escape(reader["device_type"]?.stringValue ?? "")) &middot; \(HTMLPage.escape(reader["status"]?.stringValue ?? ""))</p>
            \(message.map { "<div class=\"ok\" id=\"message\">\(HTMLPage.escape($0))</div>" } ?? "")
            \(error.map { "<div class=\"error\" id=\"error\">\(HTMLPage.escape($0))</div>" } ?? "")
            <div class="amount" id="display">\(HTMLPage.escape(display))</div>
            \(buttons)
            \(buttons.isEmpty ? "<script>setTimeout(function(){location.reload();},2000);</script>" : "")
            """
        return HTMLPage.render("Reader", body)
    }

    /// `POST /sim/terminal/readers/<id>/present|cancel` from the console: acts, then sends the
    /// browser back to the console by GET (303) with the outcome as `message` or `error`.
    func readerConsoleAction(_ id: String, _ verb: String, params: [String: FormValue], requestId: String) -> HTTPResponse {
        guard let (scope, _) = state.lookup(id) else { return readerConsole(id) }
        let call = SimCall(
            state: state, params: Params([:]), pathParameters: ["id": id], account: scope == SimState.platform ? nil : scope,
            requestId: requestId, idempotencyKey: nil, stripeVersion: nil)
        let console = "/sim/terminal/readers/\(id)"
        do {
            let reader = verb == "present" ? try ReaderActions.presentPaymentMethod(call) : try ReaderActions.cancelAction(call)
            let status = reader.value(at: "action.status")?.stringValue ?? "canceled"
            let code = reader.value(at: "action.failure_code")?.stringValue
            return HTMLPage.seeOther(console, [("message", code == nil ? "Action \(status)." : nil), ("error", code.map { "Declined: \($0)" })])
        } catch {
            return HTMLPage.seeOther(console, [("error", error.message)])
        }
    }
}
