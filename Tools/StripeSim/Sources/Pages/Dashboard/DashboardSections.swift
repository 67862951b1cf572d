/// The object lists of the dashboard (`/sim/dashboard/objects?type=…`), one per Stripe
/// object type, in the order of its navigation. To show a new kind of object (disputes and
/// payouts once the simulator stores them), add a row here: the list, the filters, the
/// detail page with its JSON and links work for any stored object.
struct DashboardSection: Sendable {
    /// The stored object's `object` value (`payment_intent`, `terminal.reader`).
    var type: String
    /// The navigation's and the list's title.
    var title: String

    /// Every list, in navigation order.
    static let all: [DashboardSection] = [
        .init(type: "account", title: "Connected accounts"),
        .init(type: "payment_intent", title: "PaymentIntents"),
        .init(type: "charge", title: "Charges"),
        .init(type: "refund", title: "Refunds"),
        .init(type: "checkout.session", title: "Checkout Sessions"),
        .init(type: "customer", title: "Customers"),
        .init(type: "payment_method", title: "Payment methods"),
        .init(type: "setup_intent", title: "SetupIntents"),
        .init(type: "terminal.reader", title: "Terminal readers"),
        .init(type: "terminal.location", title: "Terminal locations"),
        .init(type: "dispute", title: "Disputes"),
        .init(type: "payout", title: "Payouts"),
        .init(type: "application_fee", title: "Application fees"),
        .init(type: "person", title: "Persons"),
        .init(type: "product", title: "Products"),
        .init(type: "price", title: "Prices"),
    ]

    /// The section of `type`, or a plain one titled by the type.
    static func of(_ type: String) -> DashboardSection {
        all.first { $0.type == type } ?? DashboardSection(type: type, title: type)
    }

    /// The one-line description of an object in a list: its status, amount and the first
    /// naming field it has (e-mail, display name, label, business name, name, description).
    static func summary(_ object: JSONValue) -> (status: String, amount: String, label: String) {
        let status = object["status"]?.stringValue ?? object["payment_status"]?.stringValue ?? ""
        var amount = ""
        if let value = object["amount"]?.intValue ?? object["amount_total"]?.intValue, let currency = object["currency"]?.stringValue {
            amount = HTMLPage.money(value, currency)
            if let refunded = object["amount_refunded"]?.intValue, refunded > 0 { amount += " (refunded \(HTMLPage.money(refunded, currency)))" }
        }
        let paths = ["email", "display_name", "label", "business_profile.name", "name", "description", "card.last4", "type"]
        let label = paths.lazy.compactMap { object.value(at: $0)?.stringValue }.first ?? ""
        return (status, amount, label)
    }
}
