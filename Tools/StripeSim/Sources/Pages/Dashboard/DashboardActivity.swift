import Foundation
import HTTPServer

/// The dashboard's activity pages: events, webhook deliveries, API requests and the clock.
extension StripeSimulator {
    /// Events newest first (at most 200), filtered by type (`x.*` prefix), account and object id.
    func eventList(type: String?, account: String?, object: String?) -> HTTPResponse {
        let events = locked {
            latestEvents(limit: 200) { event in
                (type.map { Self.typeMatches($0, event["type"]?.stringValue ?? "") } ?? true)
                    && (account == nil || (event["account"]?.stringValue ?? SimState.platform) == account)
                    && (object == nil || event.value(at: "data.object.id")?.stringValue == object)
            }
        }
        let filters = DashboardHTML.filters(
            "/sim/dashboard/events",
            [("type", "Type (x.* for a prefix)", type), ("account", "Account (platform)", account), ("object", "Object id", object)])
        return DashboardHTML.page("Events", filters + eventTable(events))
    }

    /// An event's deliveries and its resend form (every endpoint that receives it, or one).
    func eventDeliveries(_ event: JSONValue, deliveries: [WebhookDeliveryRecord], endpoints: [(String, String, Bool)], scope: String) -> String {
        let id = event["id"]?.stringValue ?? ""
        let connected = scope != SimState.platform
        let options = endpoints.filter { $0.2 == connected }.map {
            "<option value=\"\(HTMLPage.escape($0.0))\">\(HTMLPage.escape("\($0.0) \($0.1)"))</option>"
        }
        let form = """
            <form method="post" action="/sim/dashboard/events/\(HTMLPage.escape(id))/resend" id="resend-form" class="filters">
            <div><label for="webhook_endpoint">Endpoint</label><select id="webhook_endpoint" name="webhook_endpoint">
            <option value="">every endpoint that receives it</option>\(options.joined())</select></div>
            <div><button type="submit" id="resend">Resend</button></div></form>
            """
        return "<h2>Webhook deliveries</h2>" + deliveryTable(deliveries, resend: false) + form
    }

    /// Delivery attempts, newest first (at most 200), filtered by event, endpoint, status, failed.
    func deliveryList(event: String?, endpoint: String?, status: String?, failed: String?, message: String?, error: String?) -> HTTPResponse {
        let records = dispatcher.deliveries.filter { record in
            (event == nil || record.eventId == event) && (endpoint == nil || record.endpointId == endpoint)
                && (status.flatMap(Int.init).map { record.status == $0 } ?? true)
                && (failed != "true" || !(200..<300).contains(record.status))
        }
        let filters = DashboardHTML.filters(
            "/sim/dashboard/deliveries",
            [("event", "Event", event), ("endpoint", "Endpoint", endpoint), ("status", "Status", status), ("failed", "Failed only (true)", failed)])
        return DashboardHTML.page(
            "Webhook deliveries", message: message, error: error,
            filters + "<p class=\"muted\">\(dispatcher.pendingCount) pending.</p>"
                + deliveryTable(Array(records.suffix(200).reversed()), resend: true))
    }

    /// A table of attempts: time, event, type, endpoint and URL, attempt, status, latency,
    /// the response body (folded), and with `resend` a button per row.
    private func deliveryTable(_ records: [WebhookDeliveryRecord], resend: Bool) -> String {
        let rows = records.map { record -> [String] in
            var flags = [record.duplicate ? "duplicate" : nil, record.resend ? "resend" : nil, record.error].compactMap { $0 }.joined(separator: ", ")
            if !flags.isEmpty { flags = " <span class=\"muted\">(\(HTMLPage.escape(flags)))</span>" }
            let body = String(decoding: record.responseBody, as: UTF8.self)
            var row = [
                DashboardHTML.time(record.time),
                "<a href=\"/sim/dashboard/events/\(HTMLPage.escape(record.eventId))\">\(HTMLPage.escape(record.eventId))</a>",
                HTMLPage.escape(record.eventType),
                HTMLPage.escape(record.endpointId) + "<br><span class=\"muted\">\(HTMLPage.escape(record.url))</span>",
                String(record.attempt), DashboardHTML.status(record.status) + flags, String(format: "%.1f ms", record.latencyMs),
                body.isEmpty
                    ? "" : "<details><summary>\(body.utf8.count) bytes</summary><pre class=\"json\">\(HTMLPage.escape(body))</pre></details>",
            ]
            if resend {
                row.append(
                    """
                    <form class="inline" method="post" action="/sim/dashboard/events/\(HTMLPage.escape(record.eventId))/resend">\
                    <input type="hidden" name="webhook_endpoint" value="\(HTMLPage.escape(record.endpointId))">\
                    <input type="hidden" name="back" value="deliveries"><button type="submit" class="small">Resend</button></form>
                    """)
            }
            return row
        }
        let headers = ["time", "event", "type", "endpoint", "attempt", "status", "latency", "response"] + (resend ? [""] : [])
        return DashboardHTML.table(headers, rows, id: "deliveries", empty: "No delivery attempts.")
    }

    /// API requests newest first (at most 200; the simulator's own `/sim/…` calls left out).
    func requestList(method: String?, path: String?, status: String?, account: String?) -> HTTPResponse {
        let entries = log.all.filter { entry in
            !entry.isControl && (method == nil || entry.method == method?.uppercased())
                && (path.map { FaultRule.glob($0, entry.path) || entry.path.hasPrefix($0) } ?? true)
                && (status.flatMap(Int.init).map { entry.status == $0 } ?? true) && (account == nil || entry.account == account)
        }
        let rows = entries.suffix(200).reversed().map { entry -> [String] in
            [
                DashboardHTML.time(entry.time.timeIntervalSince1970),
                "<a href=\"/sim/dashboard/requests/\(HTMLPage.escape(entry.requestId))\">\(HTMLPage.escape(entry.requestId))</a>",
                HTMLPage.escape(entry.method), HTMLPage.escape(entry.path), DashboardHTML.status(entry.status),
                entry.account.map(DashboardHTML.objectLink) ?? "", HTMLPage.escape(entry.idempotencyKey ?? ""),
            ]
        }
        let filters = DashboardHTML.filters(
            "/sim/dashboard/requests",
            [("method", "Method", method), ("path", "Path (prefix or /v1/*/…)", path), ("status", "Status", status), ("account", "Account", account)])
        return DashboardHTML.page(
            "API requests",
            filters + DashboardHTML.table(["time", "request", "method", "path", "status", "account", "idempotency key"], rows, id: "requests"))
    }

    /// One API request: method, path, status, account, key, parameters, and the events it caused.
    func requestDetail(_ id: String) -> HTTPResponse {
        guard let entry = log.all.last(where: { $0.requestId == id }) else {
            return DashboardHTML.page(
                "Not found", status: 404, error: "No request \(id) in the log (the log starts empty after a restart or reset).", "")
        }
        let (events, link) = locked { () -> ([JSONValue], [String: Bool]) in
            var known: [String: Bool] = [:]
            Self.strings(entry.params) { if state.objects[$0] != nil { known[$0] = true } }
            return (latestEvents(limit: 100) { $0.value(at: "request.id")?.stringValue == id }, known)
        }
        let facts = [
            ["time", DashboardHTML.time(entry.time.timeIntervalSince1970)], ["method", HTMLPage.escape(entry.method)],
            ["path", HTMLPage.escape(entry.path)], ["status", DashboardHTML.status(entry.status)],
            ["account", entry.account.map(DashboardHTML.objectLink) ?? "platform"],
            ["idempotency key", HTMLPage.escape(entry.idempotencyKey ?? "none")], ["replayed", entry.replayed ? "yes" : "no"],
            ["fault", HTMLPage.escape(entry.fault ?? "none")], ["duration", "\(entry.durationMicros) µs"],
        ]
        let body =
            DashboardHTML.table(["", ""], facts, id: "request") + "<h2>Parameters</h2>"
            + DashboardHTML.json(entry.params) { link[$0] == true ? "/sim/dashboard/objects/\($0)" : nil }
            + "<h2>Events it caused</h2>" + eventTable(events)
        return DashboardHTML.page(id, body)
    }

    /// Calls `visit` with every string in `value`.
    static func strings(_ value: JSONValue, _ visit: (String) -> Void) {
        switch value {
        case .string(let text): visit(text)
        case .array(let items): items.forEach { strings($0, visit) }
        case .object(let members): members.values.forEach { strings($0, visit) }
        default: break
        }
    }

    /// The clock: now, frozen or running, an advance form (and freeze/unfreeze), and after an
    /// advance the events that became due (those stored after position `after`).
    func clockPage(after: Int?, advanced: String?, message: String?, error: String?) -> HTTPResponse {
        let due = after.map { after in
            locked {
                state.objects.values.filter { $0.type == "event" && $0.sequence > after }.sorted { $0.sequence < $1.sequence }.map(\.value)
            }
        }
        var body = """
            <table class="list" id="clock"><tr><td>now</td><td id="now">\(DashboardHTML.time(clock.now)) UTC (\(Int(clock.now)))</td></tr>
            <tr><td>state</td><td>\(clock.isFrozen ? "frozen" : "running")</td></tr>
            <tr><td>offset from the wall clock</td><td>\(Int(clock.offsetSeconds)) s</td></tr></table>
            <form method="post" action="/sim/dashboard/clock/advance" class="filters" id="advance-form">
            <div><label for="duration">Advance by (90, 90s, 15m, 2h, 3d)</label><input id="duration" name="duration" value="1h"></div>
            <div><button type="submit" id="advance">Advance</button></div></form>
            <form method="post" action="/sim/dashboard/clock/\(clock.isFrozen ? "unfreeze" : "freeze")" class="filters">
            <div><button type="submit" class="secondary" id="freeze">\(clock.isFrozen ? "Unfreeze" : "Freeze")</button></div></form>
            """
        if let due {
            body += "<h2>What became due\(advanced.map { " (advanced \(HTMLPage.escape($0)))" } ?? "")</h2>" + eventTable(due)
        }
        return DashboardHTML.page("Clock", message: message, error: error, body)
    }
}
