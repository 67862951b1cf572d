import Foundation
import HTTPServer

/// The test page of a redirect-based method (iDEAL, Bancontact, EPS, Przelewy24, Klarna),
/// where `next_action.redirect_to_url.url` sends the buyer, as Stripe's test mode does:
/// - `GET /sim/payment_intents/<id>/redirect` shows the amount and two buttons,
///   "Authorize test payment" and "Fail test payment";
/// - `POST` the same path with `outcome=authorize|fail` (scripts may put it in the query)
///   pays or fails the PaymentIntent (with its webhooks) and sends the browser (303) back:
///   a Checkout Session's buyer to its `success_url`/`return_url` (authorized) or to its
///   form with the error (failed), any other to `return_url` with `payment_intent`,
///   `payment_intent_client_secret` and `redirect_status` (``RedirectPaymentMethod/returnTarget(_:pi:)``).
extension StripeSimulator {
    /// The PaymentIntent `id` waiting on its redirect method, with its scope and PaymentMethod.
    private func awaitingRedirect(_ id: String) -> (scope: String, pi: JSONValue, method: JSONValue, redirect: RedirectPaymentMethod)? {
        guard let (scope, pi) = state.lookup(id), pi["object"] == "payment_intent", pi["status"] == "requires_action",
            let methodId = state.secrets["auth:\(id)"], let method = state.get(methodId, scope: scope),
            let redirect = RedirectPaymentMethod.byType[method["type"]?.stringValue ?? ""]
        else { return nil }
        return (scope, pi, method, redirect)
    }

    func redirectPage(_ id: String) -> HTTPResponse {
        guard let (_, pi, _, redirect) = awaitingRedirect(id) else {
            return HTMLPage.message("Test payment", "No payment is waiting for this page.", kind: "error", status: 404)
        }
        let amount = HTMLPage.money(pi["amount"]?.intValue ?? 0, pi["currency"]?.stringValue ?? "eur")
        let body = """
            <h1>\(HTMLPage.escape(redirect.name)) test payment</h1>
            <p class="muted">This is a Stripe test payment page (simulated) for <code>\(HTMLPage.escape(id))</code>.</p>
            <div class="amount" id="total">\(amount)</div>
            <form method="post" action="/sim/payment_intents/\(HTMLPage.escape(id))/redirect" id="redirect">
            <button type="submit" name="outcome" value="authorize" id="authorize">Authorize test payment</button>
            <button type="submit" name="outcome" value="fail" class="danger" id="fail">Fail test payment</button>
            </form>
            """
        return HTMLPage.render("\(redirect.name) test payment", body)
    }

    func submitRedirectPage(_ id: String, outcome: String?, requestId: String) -> HTTPResponse {
        guard let (scope, pi, method, redirect) = awaitingRedirect(id) else {
            return HTMLPage.message("Test payment", "No payment is waiting for this page.", kind: "error", status: 404)
        }
        guard let outcome, ["authorize", "fail"].contains(outcome) else {
            return HTMLPage.message("Test payment", "Choose authorize or fail.", kind: "error", status: 400)
        }
        let call = SimCall(
            state: state, params: Params([:]), pathParameters: [:], account: scope == SimState.platform ? nil : scope,
            requestId: requestId, idempotencyKey: nil, stripeVersion: nil)
        state.secrets["auth:\(id)"] = nil
        let result: JSONValue
        if outcome == "authorize" {
            switch PaymentIntentMachine.authorize(call: call, pi: pi, method: method, behaviour: redirect.authorized) {
            case .done(let paid): result = paid
            case .declined(let declined, _): result = declined
            }
        } else {
            result = RedirectPaymentMethod.fail(call: call, pi: pi, method: method)
        }
        if let sessionId = state.secrets["checkout:\(id)"] {
            guard result["status"] != "requires_payment_method" else {
                return checkoutForm(
                    state.get(sessionId, scope: scope) ?? .null,
                    error: "The \(redirect.name) payment was not authorized. Please choose a different payment method and try again.", status: 402)
            }
            let session = CheckoutMachine.complete(call: call, sessionId: sessionId, paymentIntent: result)
            guard let target = session["success_url"]?.stringValue ?? session["return_url"]?.stringValue else {
                return HTMLPage.message("Payment complete", "Thank you: the payment went through.")
            }
            return .redirect(to: target.replacingOccurrences(of: "{CHECKOUT_SESSION_ID}", with: sessionId), status: 303)
        }
        guard let returnURL = state.secrets["return:\(id)"] else {
            return HTMLPage.message("Test payment", "The payment is \(result["status"]?.stringValue ?? "").")
        }
        return .redirect(to: RedirectPaymentMethod.returnTarget(returnURL, pi: result), status: 303)
    }
}
