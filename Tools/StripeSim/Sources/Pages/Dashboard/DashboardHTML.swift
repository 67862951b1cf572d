import Foundation
import HTTPServer

/// HTML pieces of the dashboard: the navigation, tables, filter forms, times, and JSON with
/// every id of a stored object turned into a link to its page.
enum DashboardHTML {
    /// The navigation shown on every dashboard page.
    static var navigation: String {
        let links =
            [("/sim/dashboard", "Home")] + DashboardSection.all.map { ("/sim/dashboard/objects?type=\($0.type)", $0.title) }
            + [
                ("/sim/dashboard/events", "Events"), ("/sim/dashboard/deliveries", "Webhook deliveries"),
                ("/sim/dashboard/requests", "API requests"), ("/sim/dashboard/clock", "Clock"), ("/sim/", "Simulator index"),
            ]
        return "<nav>" + links.map { "<a href=\"\(HTMLPage.escape($0.0))\">\(HTMLPage.escape($0.1))</a>" }.joined() + "</nav>"
    }

    /// A dashboard page: navigation, then the `ok`/`error` message of a post/redirect/get, then `body`.
    static func page(_ title: String, status: Int = 200, message: String? = nil, error: String? = nil, _ body: String) -> HTTPResponse {
        var html = navigation + "<h1>\(HTMLPage.escape(title))</h1>"
        if let message, !message.isEmpty { html += "<div class=\"ok\" id=\"message\">\(HTMLPage.escape(message))</div>" }
        if let error, !error.isEmpty { html += "<div class=\"error\" id=\"error\">\(HTMLPage.escape(error))</div>" }
        return HTMLPage.render("\(title) · stripe-sim dashboard", status: status, wide: true, html + body)
    }

    /// A table with `headers` and rows of cells already in HTML; `empty` when there are none.
    static func table(_ headers: [String], _ rows: [[String]], id: String, empty: String = "Nothing yet.") -> String {
        guard !rows.isEmpty else { return "<p class=\"muted\" id=\"\(id)\">\(HTMLPage.escape(empty))</p>" }
        let head = headers.map { "<th>\(HTMLPage.escape($0))</th>" }.joined()
        let body = rows.map { "<tr>" + $0.map { "<td>\($0)</td>" }.joined() + "</tr>" }.joined()
        return "<table class=\"list\" id=\"\(id)\"><tr>\(head)</tr>\(body)</table>"
    }

    /// A GET filter form for `action` with text inputs `fields` (name, label, current value)
    /// and optional extra HTML (selects).
    static func filters(_ action: String, _ fields: [(String, String, String?)], extra: String = "") -> String {
        let inputs = fields.map { name, label, value in
            "<div><label for=\"f-\(name)\">\(HTMLPage.escape(label))</label><input id=\"f-\(name)\" name=\"\(name)\" value=\"\(HTMLPage.escape(value ?? ""))\"></div>"
        }.joined()
        return
            "<form class=\"filters\" method=\"get\" action=\"\(action)\">\(extra)\(inputs)<div><button type=\"submit\">Filter</button></div></form>"
    }

    /// A link to an object's page.
    static func objectLink(_ id: String) -> String {
        "<a href=\"/sim/dashboard/objects/\(HTMLPage.escape(id))\">\(HTMLPage.escape(id))</a>"
    }

    /// `2026-12-06 03:10:00` (UTC) from Unix seconds.
    static func time(_ seconds: Double) -> String {
        let text = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
        return text.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
    }

    /// An HTTP status, green for 2xx and red otherwise.
    static func status(_ status: Int) -> String {
        "<span class=\"\((200..<300).contains(status) ? "status-ok" : "status-bad")\">\(status)</span>"
    }

    /// `value` as indented JSON in a `<pre>`, each string that `link` knows (an id of a
    /// stored object) a link.
    static func json(_ value: JSONValue, link: (String) -> String?) -> String {
        var out = "<pre class=\"json\" id=\"json\">"
        write(value, indent: 0, into: &out, link: link)
        return out + "</pre>"
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String, link: (String) -> String?) {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        switch value {
        case .string(let text):
            let literal = HTMLPage.escape(String(decoding: JSONValue.string(text).serialized(), as: UTF8.self))
            if let href = link(text) { out += "<a href=\"\(HTMLPage.escape(href))\">\(literal)</a>" } else { out += literal }
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 1, into: &out, link: link)
                out += index < items.count - 1 ? ",\n" : "\n"
            }
            out += close + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                out += pad + HTMLPage.escape(String(decoding: JSONValue.string(key).serialized(), as: UTF8.self)) + ": "
                write(members[key] ?? .null, indent: indent + 1, into: &out, link: link)
                out += index < keys.count - 1 ? ",\n" : "\n"
            }
            out += close + "}"
        default:
            out += HTMLPage.escape(String(decoding: value.serialized(), as: UTF8.self))
        }
    }
}
