/// The API versions the simulator answers in, chosen per request by `Stripe-Version`
/// (default: the configured version, `2026-11-18.endive`). What differs is decided by the
/// version's date, as at Stripe (each change is in effect from its major release on):
///
/// - `ui_mode` `hosted_page` / `embedded_page` / `elements` from 2026-03-25.dahlia on,
///   `hosted` / `embedded` / `custom` before (changelog "Updates Checkout Session UI mode
///   enum values"). Sessions are stored with the new names and shown in the request's (or
///   webhook endpoint's) version.
/// - Checkout Session create takes `allowed_payment_method_types` and no longer
///   `payment_method_types` from 2026-09-30.endive on (changelog "Removes the payment method
///   types parameter from Checkout Sessions").
/// - PaymentIntents take `allowed_payment_method_types` from 2026-07-29.dahlia on, and refuse
///   `payment_method_types` with `payment_method_types_no_longer_supported` from
///   2026-09-30.endive on.
struct SimAPIVersion: Sendable, Equatable {
    /// The version as sent, e.g. `2025-03-31.basil`.
    let raw: String

    /// The version the simulator pins by default.
    static let current = "2026-11-18.endive"

    /// `YYYY-MM-DD` of the version (that of ``current`` for a name without a date).
    var date: String {
        let prefix = raw.prefix(10)
        let dated =
            prefix.count == 10
            && prefix.enumerated().allSatisfy { index, c in
                index == 4 || index == 7 ? c == "-" : c.isASCII && c.isNumber
            }
        return dated ? String(prefix) : String(Self.current.prefix(10))
    }

    /// `hosted_page` / `embedded_page` / `elements` rather than `hosted` / `embedded` / `custom`.
    var pageUIModes: Bool { date >= "2026-03-25" }
    /// Checkout: `allowed_payment_method_types` instead of `payment_method_types`;
    /// PaymentIntents: `payment_method_types` refused.
    var allowedTypesOnly: Bool { date >= "2026-09-30" }
    /// PaymentIntents accept `allowed_payment_method_types`.
    var paymentIntentAllowedTypes: Bool { date >= "2026-07-29" }

    /// The `ui_mode` values this version accepts, in Stripe's order.
    var uiModes: [String] { pageUIModes ? ["hosted_page", "embedded_page", "elements"] : ["hosted", "embedded", "custom"] }

    /// The stored (current) name of a `ui_mode` value of this version.
    static func storedUIMode(_ value: String) -> String {
        switch value {
        case "hosted": "hosted_page"
        case "embedded": "embedded_page"
        case "custom": "elements"
        default: value
        }
    }

    /// A stored `ui_mode` as this version names it.
    func uiMode(_ stored: String) -> String {
        guard !pageUIModes else { return stored }
        switch stored {
        case "hosted_page": return "hosted"
        case "embedded_page": return "embedded"
        case "elements": return "custom"
        default: return stored
        }
    }

    /// `value` with every Checkout Session inside it (the object itself, an expanded field,
    /// a list's items, an event's `data.object`) showing `ui_mode` in this version's names.
    func render(_ value: JSONValue) -> JSONValue {
        guard !pageUIModes else { return value }
        switch value {
        case .object(var members):
            for (key, member) in members { members[key] = render(member) }
            if members["object"] == "checkout.session", let mode = members["ui_mode"]?.stringValue {
                members["ui_mode"] = .string(uiMode(mode))
            }
            return .object(members)
        case .array(let items):
            return .array(items.map(render))
        default:
            return value
        }
    }
}

extension SimCall {
    /// The version this call is answered in: its `Stripe-Version`, else the simulator's default.
    var version: SimAPIVersion { SimAPIVersion(raw: stripeVersion ?? state.apiVersion) }
}

extension Endpoint {
    /// An endpoint whose accepted parameters depend on the request's API version.
    init(
        versioned allowed: @escaping @Sendable (SimAPIVersion) -> Set<String>,
        _ run: @escaping @Sendable (SimCall) throws(SimError) -> JSONValue
    ) {
        self.init(allowed(SimAPIVersion(raw: SimAPIVersion.current)), run)
        self.allowedByVersion = allowed
    }

    /// The parameters accepted in `version`.
    func allowed(in version: SimAPIVersion) -> Set<String> {
        allowedByVersion?(version) ?? allowed
    }
}
