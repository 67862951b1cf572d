import Foundation

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

    /// The major releases since Stripe named them, each with the date of its first version
    /// (docs.stripe.com/changelog): a named version `YYYY-MM-DD.name` is valid when `name` is
    /// the release its date falls in (or `preview`).
    static let releases: [(name: String, from: String)] = [
        ("acacia", "2024-06-20"), ("basil", "2025-03-31"), ("clover", "2025-09-30"),
        ("dahlia", "2026-03-25"), ("endive", "2026-09-30"),
    ]

    /// Whether Stripe would take `raw` as a `Stripe-Version`: a real calendar date no later than
    /// ``current``'s, bare (`2020-08-27`, the versions before Acacia's naming, up to
    /// `2024-06-20`) or followed by the name of the release that date belongs to
    /// (`2025-03-31.basil`) or `preview`, optionally followed by beta flags after `;`. Anything else Stripe refuses with 400
    /// `invalid_request_error` "Invalid Stripe API version: <raw>" (see ``invalidMessage``).
    static func isKnown(_ raw: String) -> Bool {
        // Beta flags follow the version after `;` (`2025-03-31.basil; checkout_server_update_beta=v1`).
        let version =
            raw.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map {
                $0.trimmingCharacters(in: .whitespaces)
            } ?? raw
        let parts = version.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let date = parts[0]
        let digits = date.split(separator: "-", omittingEmptySubsequences: false)
        guard date.count == 10, digits.count == 3, digits.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(digits[0]), let month = Int(digits[1]), let day = Int(digits[2]),
            (1...12).contains(month), (1...31).contains(day), year >= 2011,
            date <= String(current.prefix(10))
        else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard
            calendar.date(from: DateComponents(year: year, month: month, day: day)).map({
                calendar.component(.day, from: $0) == day
            }) == true
        else { return false }
        guard parts.count == 2 else { return date <= releases[0].from }
        let name = parts[1]
        if name == "preview" { return date >= releases[0].from }
        let release = releases.last(where: { $0.from <= date })
        return release?.name == name && !(name == "acacia" && date == releases[0].from)
    }

    /// Stripe's message for a `Stripe-Version` it does not know.
    static func invalidMessage(_ raw: String) -> String { "Invalid Stripe API version: \(raw)" }

    /// `hosted_page` / `embedded_page` / `elements` rather than `hosted` / `embedded` / `custom`.
    var pageUIModes: Bool { date >= "2026-03-25" }
    /// Checkout: `allowed_payment_method_types` instead of `payment_method_types`;
    /// PaymentIntents: `payment_method_types` refused.
    var allowedTypesOnly: Bool { date >= "2026-09-30" }
    /// PaymentIntents accept `allowed_payment_method_types`.
    var paymentIntentAllowedTypes: Bool { date >= "2026-07-29" }

    /// Checkout's `ui_mode` `form` (a Checkout form on the platform's page, set up like
    /// `elements`: `return_url`, `client_secret`), in Stripe's enum for the Endive release
    /// (stripe-python 16.1.0, generated for `2026-10-28.endive`: `elements`, `embedded_page`,
    /// `form`, `hosted_page`).
    var formUIMode: Bool { date >= "2026-09-30" }

    /// The `ui_mode` values this version accepts, the default first.
    var uiModes: [String] {
        pageUIModes ? ["hosted_page", "embedded_page", "elements"] + (formUIMode ? ["form"] : []) : ["hosted", "embedded", "custom"]
    }

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
    /// a list's items, an event's `data.object`) showing `ui_mode` in this version's names,
    /// and without `allowed_payment_method_types` where this version's object has none
    /// (Checkout Sessions before 2026-09-30, PaymentIntents before 2026-07-29).
    func render(_ value: JSONValue) -> JSONValue {
        guard !(pageUIModes && allowedTypesOnly) else { return value }
        switch value {
        case .object(var members):
            for (key, member) in members { members[key] = render(member) }
            if members["object"] == "checkout.session" {
                if let mode = members["ui_mode"]?.stringValue { members["ui_mode"] = .string(uiMode(mode)) }
                if !allowedTypesOnly { members.removeValue(forKey: "allowed_payment_method_types") }
            }
            if members["object"] == "payment_intent", !paymentIntentAllowedTypes {
                members.removeValue(forKey: "allowed_payment_method_types")
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
