import Foundation
import HTTPServer

/// The simulator's own pages under `/sim/`, standing in for Stripe-hosted pages (the
/// control plane, `handleControl`, is answered first):
/// - `GET /sim/account_links/<id>` — the onboarding form for people (``onboardingForm(_:)``);
///   with `?outcome=complete|incomplete` (scripts) it redirects (302) at once to
///   `return_url`, or to `refresh_url` when the link is expired or used.
/// - `/sim/checkout/<id>`, `/sim/checkout/embedded?client_secret=…`, `/sim/app/payment_sheet`,
///   `/sim/terminal/readers[/<id>]`, `/sim/done` — pages for people (CheckoutPage, AppPages).
/// - `GET /sim/login_links/<id>` — a placeholder Express dashboard.
/// - `GET /sim/checkout/<id>` — a minimal payment page;
///   `POST /sim/checkout/<id>/pay` with `payment_method=pm_card_visa|pm_card_chargeDeclined|sepa_succeed|sepa_fail|…`
///   pays it and redirects (302) to `success_url`/`return_url`; a decline answers 402 with the card error;
///   a redirect method (`payment_method=ideal|bancontact|eps|p24|klarna`) redirects (303) to its test page.
/// - `POST /sim/payment_intents/<id>/authenticate?outcome=succeed|fail` — completes 3-D Secure.
/// - `/sim/payment_intents/<id>/redirect` — a redirect method's test page (RedirectPage).
/// - `/sim/elements/confirmation_token` — the Payment Element of a deferred intent, which
///   creates a ConfirmationToken (ConfirmationTokenPage).
/// - `GET /sim/health` — `ok`.
extension StripeSimulator {
    func handlePage(_ request: HTTPRequest, requestId: String) -> HTTPResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        var params: [String: FormValue] = [:]
        if let parsed = try? Self.parameters(of: request) { params = parsed }
        if request.method == "POST", !request.queryItems.isEmpty,
            let query = try? FormParser.parse(pairs: request.queryItems.map { ($0.name, $0.value) })
        {
            params.merge(query) { body, _ in body }
        }
        let outcome = params["outcome"]?.stringValue
        if parts.count > 1, let control = handleControl(request, parts: Array(parts.dropFirst()), requestId: requestId) {
            let arguments = (try? ControlArguments(request)).map { JSONValue.object($0.values) }
            logPage(request, params: params, status: control.status, requestId: requestId, json: arguments)
            return control
        }
        if parts.count > 1, parts[1] == "dashboard" {
            let response = dashboard(request, parts: Array(parts.dropFirst(2)), params: params)
            logPage(request, params: params, status: response.status, requestId: requestId)
            return response
        }
        let (response, handoff) = locked { () -> (HTTPResponse, Handoff) in
            let response: HTTPResponse
            let part = { (index: Int) in parts.count > index ? parts[index] : "" }
            switch (request.method, part(1), parts.count) {
            case ("GET", "", 1): response = indexPage()
            case ("GET", "health", 2): response = .text(200, "ok\n")
            case ("GET", "done", 2): response = donePage(params)
            case ("GET", "account_links", 3):
                response = outcome == nil ? onboardingForm(parts[2]) : accountLinkPage(parts[2], outcome: outcome ?? "complete")
            case ("POST", "account_links", 3): response = submitOnboarding(parts[2], params: params)
            case ("GET", "login_links", 3): response = .text(200, "Express dashboard (simulated)\n")
            case ("GET", "checkout", 3) where parts[2] == "embedded":
                response = embeddedCheckout(clientSecret: params["client_secret"]?.stringValue)
            case ("GET", "checkout", 3): response = checkoutPage(parts[2])
            case ("POST", "checkout", 4) where parts[3] == "pay":
                response = payCheckout(parts[2], paymentMethod: params["payment_method"]?.stringValue ?? "pm_card_visa", requestId: requestId)
            case ("POST", "checkout", 4) where parts[3] == "submit":
                response = submitCheckout(parts[2], params: params, requestId: requestId)
            case ("GET", "checkout", 4) where parts[3] == "challenge":
                response = checkoutChallenge(parts[2], card: params["card"]?.stringValue ?? "")
            case ("POST", "checkout", 4) where parts[3] == "challenge":
                response = completeCheckoutChallenge(parts[2], params: params, requestId: requestId)
            case ("GET", "app", 3) where parts[2] == "payment_sheet":
                let error = params["error"]?.stringValue
                response = paymentSheetPage(clientSecret: params["client_secret"]?.stringValue, error: error, status: error == nil ? 200 : 402)
            case ("POST", "app", 3) where parts[2] == "payment_sheet":
                response = submitPaymentSheet(params, requestId: requestId)
            case ("GET", "terminal", 3) where parts[2] == "readers": response = readerList()
            case ("GET", "terminal", 4) where parts[2] == "readers":
                response = readerConsole(parts[3], message: params["message"]?.stringValue, error: params["error"]?.stringValue)
            case ("POST", "terminal", 5) where parts[2] == "readers" && ["present", "cancel"].contains(parts[4]):
                response = readerConsoleAction(parts[3], parts[4], params: params, requestId: requestId)
            case ("POST", "payment_intents", 4) where parts[3] == "authenticate":
                response = authenticate(parts[2], succeed: (outcome ?? "succeed") == "succeed", requestId: requestId)
            case ("GET", "payment_intents", 4) where parts[3] == "redirect": response = redirectPage(parts[2])
            case ("POST", "payment_intents", 4) where parts[3] == "redirect":
                response = submitRedirectPage(parts[2], outcome: outcome, requestId: requestId)
            case ("GET", "elements", 3) where parts[2] == "confirmation_token": response = confirmationTokenPage(params)
            case ("POST", "elements", 3) where parts[2] == "confirmation_token":
                response = submitConfirmationTokenPage(params, requestId: requestId)
            case ("POST", "setup_intents", 4) where parts[3] == "authenticate":
                response = authenticateSetup(parts[2], succeed: (outcome ?? "succeed") == "succeed", requestId: requestId)
            default: response = .text(404, "no such simulator page\n")
            }
            return (response, drainHandoff())
        }
        deliver(handoff)
        logPage(request, params: params, status: response.status, requestId: requestId)
        return response
    }

    /// Logs a page or control-plane request (`json`: the control plane's parsed arguments).
    func logPage(_ request: HTTPRequest, params: [String: FormValue], status: Int, requestId: String, json: JSONValue? = nil) {
        log.append(
            RequestLogEntry(
                time: Date(timeIntervalSince1970: clock.now), method: request.method, path: request.path,
                account: nil, idempotencyKey: nil, params: json ?? FormValue.dict(params).json, status: status,
                requestId: requestId, replayed: false, fault: nil))
    }

    private func pageCall(scope: String, requestId: String?) -> SimCall {
        SimCall(
            state: state, params: Params([:]), pathParameters: [:], account: scope == SimState.platform ? nil : scope,
            requestId: requestId, idempotencyKey: nil, stripeVersion: nil)
    }

    func accountLinkPage(_ id: String, outcome: String) -> HTTPResponse {
        guard var link = state.get(id, scope: SimState.platform), link["object"] == "sim.account_link" else {
            return .text(404, "unknown account link\n")
        }
        let refresh = link["refresh_url"]?.stringValue ?? "/"
        if link["used"] == true || state.now >= (link["expires_at"]?.intValue ?? 0) { return .redirect(to: refresh) }
        link["used"] = true
        state.replace(link)
        if outcome == "complete", let account = link["account"]?.stringValue {
            AccountLinkEndpoints.completeOnboarding(state, accountId: account)
        }
        return .redirect(to: link["return_url"]?.stringValue ?? "/")
    }

    private func checkoutPage(_ id: String) -> HTTPResponse {
        guard let (scope, session) = state.lookup(id), session["object"] == "checkout.session" else {
            return HTMLPage.message("Checkout", "Unknown Checkout Session.", kind: "error", status: 404)
        }
        return checkoutForm(CheckoutMachine.expireIfDue(call: pageCall(scope: scope, requestId: nil), session: session))
    }

    private func payCheckout(_ id: String, paymentMethod: String, requestId: String) -> HTTPResponse {
        guard let (scope, session) = state.lookup(id), session["object"] == "checkout.session" else {
            return .text(404, "unknown checkout session\n")
        }
        let call = pageCall(scope: scope, requestId: requestId)
        do {
            let paid = try CheckoutMachine.pay(call: call, session: session, paymentMethod: paymentMethod)
            if let away = redirectAway(paid, scope: scope) { return away }
            let target = paid["success_url"]?.stringValue ?? paid["return_url"]?.stringValue
            guard let target else { return .json(200, paid.serialized()) }
            return .redirect(to: target.replacingOccurrences(of: "{CHECKOUT_SESSION_ID}", with: id))
        } catch {
            return .json(error.status, error.body(requestId: requestId, logBase: state.baseURL).serialized(), headers: ["Request-Id": requestId])
        }
    }

    private func authenticate(_ id: String, succeed: Bool, requestId: String) -> HTTPResponse {
        guard let (scope, pi) = state.lookup(id), pi["object"] == "payment_intent", pi["status"] == "requires_action",
            let methodId = state.secrets["auth:\(id)"], let method = state.get(methodId, scope: scope)
        else {
            return .text(404, "no payment intent awaiting authentication\n")
        }
        let call = pageCall(scope: scope, requestId: requestId)
        let behaviour =
            succeed
            ? TestPaymentMethod.visa
            : TestPaymentMethod(
                type: "card", brand: "visa", last4: "3184", country: "US",
                outcome: .decline(
                    code: "payment_intent_authentication_failure", declineCode: "authentication_required",
                    message: "The provided PaymentMethod has failed authentication."))
        switch PaymentIntentMachine.authorize(call: call, pi: pi, method: method, behaviour: behaviour) {
        case .done(let result): return .json(200, result.serialized())
        case .declined(let result, _): return .json(200, result.serialized())
        }
    }

    /// Completes (or fails) the 3-D Secure step of a SetupIntent in `requires_action`.
    private func authenticateSetup(_ id: String, succeed: Bool, requestId: String) -> HTTPResponse {
        guard let (scope, si) = state.lookup(id), si["object"] == "setup_intent", si["status"] == "requires_action",
            let methodId = si["payment_method"]?.stringValue
        else {
            return .text(404, "no setup intent awaiting authentication\n")
        }
        let call = pageCall(scope: scope, requestId: requestId)
        if succeed { return .json(200, SetupIntentEndpoints.succeed(call, si: si, methodId: methodId).serialized()) }
        var failed = si
        failed["status"] = "requires_payment_method"
        failed["payment_method"] = nil
        failed["next_action"] = nil
        failed["last_setup_error"] = [
            "type": "card_error", "code": "setup_intent_authentication_failure",
            "message": "The latest attempt to set up the payment method has failed because authentication failed.",
        ]
        state.replace(failed)
        call.emit("setup_intent.setup_failed", failed)
        return .json(200, failed.serialized())
    }
}
