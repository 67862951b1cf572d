import Foundation
import HTTPServer

/// The dashboard's forms: refund, resend, clock. Each does its work through the API or the
/// control plane's own functions and answers 303 to a page (post/redirect/get).
extension StripeSimulator {
    /// The API key the dashboard's own API calls carry (visible in the request log).
    static let dashboardKey = "sk_test_sim_dashboard"

    /// Refunds a PaymentIntent or charge through `POST /v1/refunds` (on its connected
    /// account), `amount` in the smallest currency unit or everything left.
    func refundFromDashboard(_ id: String, amount: String?) -> HTTPResponse {
        let page = "/sim/dashboard/objects/\(id)"
        guard let (scope, object) = locked({ state.lookup(id) }) else { return HTMLPage.seeOther(page, [("error", "No object \(id).")]) }
        let target = object["object"]?.stringValue == "charge" ? "charge" : "payment_intent"
        var form = "\(target)=\(id)"
        if let amount { form += "&amount=\(amount.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
        var headers = [
            "authorization": "Bearer \(Self.dashboardKey)", "content-type": "application/x-www-form-urlencoded",
            "idempotency-key": "dashboard-refund-\(requestIds.make("key", length: 16))",
        ]
        if scope != SimState.platform { headers["stripe-account"] = scope }
        let response = handle(HTTPRequest(method: "POST", path: "/v1/refunds", headers: headers, body: Array(form.utf8)))
        let answer = JSONValue.parse(response.body) ?? .null
        guard response.status == 200, let refund = answer["id"]?.stringValue else {
            return HTMLPage.seeOther(
                page, [("error", answer.value(at: "error.message")?.stringValue ?? "The refund was refused (HTTP \(response.status)).")])
        }
        return HTMLPage.seeOther(page, [("message", "Refund \(refund) created (\(answer["status"]?.stringValue ?? "")).")])
    }

    /// Resends an event to one endpoint or every endpoint that receives it (as
    /// `POST /sim/events/:id/resend`); back to the event's page, or the deliveries with `back=deliveries`.
    func resendFromDashboard(_ id: String, endpoint: String?, back: String?) -> HTTPResponse {
        let page = back == "deliveries" ? "/sim/dashboard/deliveries" : "/sim/dashboard/events/\(id)"
        let scope = locked { state.lookup(id)?.scope }
        do {
            let resent = try resend(id, endpointId: endpoint, account: scope == SimState.platform ? nil : scope)
            let targets = resent["endpoints"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            return HTMLPage.seeOther(page, [("message", "Event \(id) resent to \(targets.joined(separator: ", ")).")])
        } catch {
            return HTMLPage.seeOther(page, [("error", error.message)])
        }
    }

    /// Advances (by `duration`: 90, 90s, 15m, 2h, 3d), freezes or unfreezes the clock; after
    /// an advance the clock page lists the events that became due.
    func clockFromDashboard(_ action: String, duration: String?) -> HTTPResponse {
        switch action {
        case "advance":
            guard let text = duration, let seconds = Self.durationSeconds(text) else {
                return HTMLPage.seeOther("/sim/dashboard/clock", [("error", "Give a duration such as 90, 90s, 15m, 2h or 3d.")])
            }
            let before = locked { state.sequence }
            advanceClock(by: seconds)
            return HTMLPage.seeOther("/sim/dashboard/clock", [("after", String(before)), ("advanced", text)])
        case "freeze":
            clock.freeze(at: nil)
            sweep()
            return HTMLPage.seeOther("/sim/dashboard/clock", [("message", "The clock is frozen.")])
        default:
            clock.unfreeze()
            return HTMLPage.seeOther("/sim/dashboard/clock", [("message", "The clock runs again.")])
        }
    }

    /// Seconds in `90`, `90s`, `15m`, `2h` or `3d` (at most ten years); nil when malformed or negative.
    static func durationSeconds(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var number = text.trimmingCharacters(in: .whitespaces), unit = 1.0
        if let last = number.last, let factor = units[last] { number = String(number.dropLast()); unit = factor }
        guard let value = Double(number), value >= 0, value * unit <= 10 * 365 * 86_400 else { return nil }
        return value * unit
    }
}
