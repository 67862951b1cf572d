import HTTPServer

/// `GET /sim/`: where a newcomer starts — what is stored, the pages for people and the
/// control plane's read-only views (links), with the README's section names.
extension StripeSimulator {
    func indexPage() -> HTTPResponse {
        var counts: [String: Int] = [:]
        for stored in state.objects.values { counts[stored.type, default: 0] += 1 }
        let rows = counts.sorted { $0.key < $1.key }
            .map { "<tr><td>\(HTMLPage.escape($0.key))</td><td class=\"r\">\($0.value)</td></tr>" }.joined()
        let links = [
            ("/sim/dashboard", "the dashboard: objects, events, deliveries, API requests, the clock"),
            ("/sim/terminal/readers", "reader consoles"), ("/sim/clock", "the clock"), ("/sim/faults", "fault rules"),
            ("/sim/webhooks/endpoints", "webhook endpoints"), ("/sim/webhooks/chaos", "webhook chaos"),
            ("/sim/webhooks/deliveries", "webhook deliveries"), ("/sim/requests", "request log"),
            ("/sim/objects/counts", "object counts per account"), ("/sim/webhooks/retry_schedule", "retry schedule"),
        ].map { "<li><a href=\"\($0.0)\">\($0.0)</a> — \($0.1)</li>" }.joined()
        let body = """
            <h1>stripe-sim</h1>
            <p class="muted">A stateful Stripe simulator. API at <code>/v1</code> (any <code>sk_test_…</code> key);
            pages for people and the control plane under <code>/sim/</code> (see Tools/StripeSim/README.md).</p>
            <h2>Stored now</h2><table>\(rows.isEmpty ? "<tr><td>Nothing yet.</td></tr>" : rows)</table>
            <h2>Look around</h2><ul>\(links)</ul>
            """
        return HTMLPage.render("stripe-sim", body)
    }
}
