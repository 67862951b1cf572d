import Foundation
import HTTPServer

/// `/sim/dashboard`: the simulator's dashboard for people — lists with filters and detail
/// pages (the object's JSON, links to related objects), events, webhook deliveries, API
/// requests and the clock, with a refund button on payments and a resend button on events
/// and deliveries. Plain HTML forms, no JavaScript; every POST answers 303 to a page
/// (post/redirect/get) that shows `message=` or `error=`.
extension StripeSimulator {
    /// Answers `/sim/dashboard/<parts…>` (`parts` after `dashboard`); takes the state lock
    /// itself (its forms call the API through ``handle(_:)``).
    func dashboard(_ request: HTTPRequest, parts: [String], params: [String: FormValue]) -> HTTPResponse {
        let text = { (name: String) -> String? in params[name]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        let message = text("message"), error = text("error")
        switch (request.method, parts.first ?? "", parts.count) {
        case ("GET", "", 0): return dashboardHome()
        case ("GET", "objects", 1):
            return objectList(type: text("type") ?? "payment_intent", account: text("account"), status: text("status"), search: text("q"))
        case ("GET", "objects", 2), ("GET", "events", 2):
            return objectDetail(parts[1], message: message, error: error)
        case ("POST", "objects", 3) where parts[2] == "refund":
            return refundFromDashboard(parts[1], amount: text("amount"))
        case ("GET", "events", 1):
            return eventList(type: text("type"), account: text("account"), object: text("object"))
        case ("POST", "events", 3) where parts[2] == "resend":
            return resendFromDashboard(parts[1], endpoint: text("webhook_endpoint"), back: text("back"))
        case ("GET", "deliveries", 1):
            return deliveryList(
                event: text("event"), endpoint: text("endpoint"), status: text("status"), failed: text("failed"), message: message, error: error)
        case ("GET", "requests", 1):
            return requestList(method: text("method"), path: text("path"), status: text("status"), account: text("account"))
        case ("GET", "requests", 2):
            return requestDetail(parts[1])
        case ("GET", "clock", 1):
            return clockPage(after: text("after").flatMap(Int.init), advanced: text("advanced"), message: message, error: error)
        case ("POST", "clock", 2) where ["advance", "freeze", "unfreeze"].contains(parts[1]):
            return clockFromDashboard(parts[1], duration: text("duration"))
        default:
            return DashboardHTML.page("Not found", status: 404, error: "No dashboard page at \(request.method) \(request.path).", "")
        }
    }

    /// The home page: counts per list, the clock, the latest events.
    private func dashboardHome() -> HTTPResponse {
        let (counts, events) = locked { () -> ([String: Int], [JSONValue]) in
            var counts: [String: Int] = [:]
            for stored in state.objects.values { counts[stored.type, default: 0] += 1 }
            return (counts, latestEvents(limit: 10) { _ in true })
        }
        let rows = DashboardSection.all.map { section in
            ["<a href=\"/sim/dashboard/objects?type=\(section.type)\">\(HTMLPage.escape(section.title))</a>", String(counts[section.type] ?? 0)]
        }
        let body = """
            <p class="muted">Everything the simulator holds, as Stripe's Dashboard shows it in test mode. Clock:
            <a href="/sim/dashboard/clock">\(DashboardHTML.time(clock.now))\(clock.isFrozen ? " (frozen)" : "")</a>.</p>
            <h2>Objects</h2>\(DashboardHTML.table(["list", "stored"], rows, id: "counts"))
            <h2>Latest events</h2>\(eventTable(events))
            """
        return DashboardHTML.page("Dashboard", body)
    }

    /// Objects of `type`, newest first (at most 200), filtered by account (`platform` for
    /// the platform's own), status and text anywhere in their JSON.
    private func objectList(type: String, account: String?, status: String?, search: String?) -> HTTPResponse {
        let section = DashboardSection.of(type)
        let (objects, accounts) = locked { () -> ([(String, JSONValue)], [String]) in
            let matching = state.objects.values
                .filter { stored in
                    stored.type == type && (account == nil || stored.scope == account)
                        && (status == nil || DashboardSection.summary(stored.value).status == status)
                        && (search.map { stored.value.jsonString.localizedCaseInsensitiveContains($0) } ?? true)
                }
                .sorted { $0.sequence > $1.sequence }.prefix(200).map { ($0.scope, $0.value) }
            let accounts = state.objects.values.filter { $0.type == "account" }.sorted { $0.sequence > $1.sequence }
                .compactMap { $0.value["id"]?.stringValue }
            return (matching, accounts)
        }
        let options = (["", SimState.platform] + accounts).map { id in
            "<option value=\"\(HTMLPage.escape(id))\"\(id == (account ?? "") ? " selected" : "")>\(id.isEmpty ? "any account" : HTMLPage.escape(id))</option>"
        }.joined()
        let extra = """
            <input type="hidden" name="type" value="\(HTMLPage.escape(type))">
            <div><label for="f-account">Account</label><select id="f-account" name="account">\(options)</select></div>
            """
        let rows = objects.map { scope, object -> [String] in
            let summary = DashboardSection.summary(object)
            return [
                DashboardHTML.objectLink(object["id"]?.stringValue ?? ""), HTMLPage.escape(summary.status), HTMLPage.escape(summary.amount),
                HTMLPage.escape(summary.label), scope == SimState.platform ? "platform" : DashboardHTML.objectLink(scope),
                object["created"]?.intValue.map { DashboardHTML.time(Double($0)) } ?? "",
            ]
        }
        let body =
            DashboardHTML.filters("/sim/dashboard/objects", [("status", "Status", status), ("q", "Text in the JSON", search)], extra: extra)
            + DashboardHTML.table(
                ["id", "status", "amount", "description", "account", "created"], rows, id: "objects",
                empty: "No \(section.title.lowercased()) stored"
                    + (DashboardSection.all.contains { $0.type == type } ? "." : " (no such object type)."))
        return DashboardHTML.page(section.title, body)
    }

    /// One object's page: a summary (requirements and capabilities for an account, payment
    /// methods for a customer, a refund form for a payment), its JSON with links, the objects
    /// that refer to it and its events; for an event, its deliveries and a resend form.
    private func objectDetail(_ id: String, message: String?, error: String?) -> HTTPResponse {
        let deliveries = dispatcher.deliveries.filter { $0.eventId == id }
        let endpoints = locked { state.endpoints.map { ($0.id, $0.config.url, $0.config.connect) } }
        let found = locked { () -> (scope: String, value: JSONValue, html: String)? in
            guard let (scope, object) = state.lookup(id) else { return nil }
            var html = ""
            switch object["object"]?.stringValue ?? "" {
            case "account": html += accountSummary(object)
            case "customer": html += customerSummary(id)
            case "payment_intent", "charge": html += refundForm(id, object)
            case "terminal.reader":
                html +=
                    "<p><a href=\"/sim/terminal/readers/\(HTMLPage.escape(id))\" id=\"console\">Open the reader console</a> (present the test card, cancel).</p>"
            default: break
            }
            let link = { (text: String) -> String? in
                text != id && self.state.objects[text] != nil ? "/sim/dashboard/objects/\(text)" : nil
            }
            html += "<h2>JSON</h2>" + DashboardHTML.json(object, link: link)
            let referring = state.objects.values
                .filter { $0.type != "event" && $0.value["id"]?.stringValue != id && Self.mentions($0.value, id) }
                .sorted { $0.sequence > $1.sequence }.prefix(50)
                .map { [DashboardHTML.objectLink($0.value["id"]?.stringValue ?? ""), HTMLPage.escape($0.type)] }
            html += "<h2>Related objects</h2>" + DashboardHTML.table(["id", "type"], Array(referring), id: "related", empty: "Nothing refers to it.")
            if object["object"]?.stringValue != "event" {
                html += "<h2>Events</h2>" + eventTable(latestEvents(limit: 50) { $0.value(at: "data.object.id")?.stringValue == id })
            }
            return (scope, object, html)
        }
        guard let found else {
            return DashboardHTML.page("Not found", status: 404, error: "No object \(id) is stored (deleted, or reset).", "")
        }
        var body =
            "<p class=\"muted\">\(HTMLPage.escape(found.value["object"]?.stringValue ?? "")) of "
            + (found.scope == SimState.platform ? "the platform" : DashboardHTML.objectLink(found.scope)) + "</p>"
        if found.value["object"]?.stringValue == "event" {
            body += eventDeliveries(found.value, deliveries: deliveries, endpoints: endpoints, scope: found.scope)
        }
        return DashboardHTML.page(id, message: message, error: error, body + found.html)
    }

    /// Whether `value` holds the string `id` anywhere.
    static func mentions(_ value: JSONValue, _ id: String) -> Bool {
        switch value {
        case .string(let text): return text == id
        case .array(let items): return items.contains { mentions($0, id) }
        case .object(let members): return members.values.contains { mentions($0, id) }
        default: return false
        }
    }

    /// An account's requirements (currently due, past due, eventually due, disabled reason) and capabilities.
    private func accountSummary(_ account: JSONValue) -> String {
        func list(_ path: String) -> String {
            let items = account.value(at: path)?.arrayValue?.compactMap(\.stringValue) ?? []
            return items.isEmpty ? "none" : items.map { "<code>\(HTMLPage.escape($0))</code>" }.joined(separator: ", ")
        }
        let requirements = [
            ["currently due", list("requirements.currently_due")], ["past due", list("requirements.past_due")],
            ["eventually due", list("requirements.eventually_due")],
            ["disabled reason", HTMLPage.escape(account.value(at: "requirements.disabled_reason")?.stringValue ?? "none")],
            ["future requirements", list("future_requirements.currently_due")],
            ["charges / payouts enabled", "\(account["charges_enabled"]?.boolValue ?? false) / \(account["payouts_enabled"]?.boolValue ?? false)"],
        ]
        let capabilities = (account["capabilities"]?.objectValue ?? [:]).sorted { $0.key < $1.key }.map {
            [HTMLPage.escape($0.key), HTMLPage.escape($0.value.stringValue ?? "")]
        }
        return "<h2>Requirements</h2>" + DashboardHTML.table(["", ""], requirements, id: "requirements")
            + "<h2>Capabilities</h2>" + DashboardHTML.table(["capability", "status"], capabilities, id: "capabilities", empty: "None requested.")
    }

    /// A customer's payment methods.
    private func customerSummary(_ id: String) -> String {
        let methods = state.objects.values.filter { $0.type == "payment_method" && $0.value["customer"]?.stringValue == id }
            .sorted { $0.sequence > $1.sequence }
            .map { [DashboardHTML.objectLink($0.value["id"]?.stringValue ?? ""), HTMLPage.escape(DashboardSection.summary($0.value).label)] }
        return "<h2>Payment methods</h2>" + DashboardHTML.table(["id", "type / last 4"], methods, id: "payment-methods", empty: "None attached.")
    }

    /// The refund form of a succeeded PaymentIntent or a paid charge not refunded in full.
    private func refundForm(_ id: String, _ object: JSONValue) -> String {
        let refundable: Bool
        if object["object"]?.stringValue == "charge" {
            refundable = object["paid"]?.boolValue == true && object["refunded"]?.boolValue != true
        } else {
            refundable = object["status"]?.stringValue == "succeeded"
        }
        guard refundable else { return "" }
        return """
            <h2>Refund</h2>
            <form method="post" action="/sim/dashboard/objects/\(HTMLPage.escape(id))/refund" id="refund-form">
            <label for="amount">Amount in the smallest currency unit (empty: everything not yet refunded)</label>
            <input id="amount" name="amount" inputmode="numeric">
            <button type="submit" class="danger small" id="refund">Refund</button></form>
            """
    }

    /// Events newest first (at most `limit`) that pass `predicate`; call with the lock held.
    func latestEvents(limit: Int, _ predicate: (JSONValue) -> Bool) -> [JSONValue] {
        state.objects.values.filter { $0.type == "event" && predicate($0.value) }.sorted { $0.sequence > $1.sequence }.prefix(limit).map(\.value)
    }

    /// A table of events: created, id, type, object, account.
    func eventTable(_ events: [JSONValue]) -> String {
        let rows = events.map { event -> [String] in
            let object = event.value(at: "data.object.id")?.stringValue ?? ""
            return [
                event["created"]?.intValue.map { DashboardHTML.time(Double($0)) } ?? "",
                "<a href=\"/sim/dashboard/events/\(HTMLPage.escape(event["id"]?.stringValue ?? ""))\">\(HTMLPage.escape(event["id"]?.stringValue ?? ""))</a>",
                HTMLPage.escape(event["type"]?.stringValue ?? ""), object.isEmpty ? "" : DashboardHTML.objectLink(object),
                event["account"]?.stringValue.map(DashboardHTML.objectLink) ?? "platform",
                String(event["pending_webhooks"]?.intValue ?? 0),
            ]
        }
        return DashboardHTML.table(["created", "event", "type", "object", "account", "pending webhooks"], rows, id: "events", empty: "No events.")
    }
}
