#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import Messages

/// The platform's shipping rules (`SHIPPING_RULES`, JSON; or a file named by
/// `SHIPPING_RULES_FILE`), which `payments.quote_shipping` answers from and
/// `payments.confirm_payment` prices `shipping_method` with:
///
/// ```json
/// {"methods": [
///   {"id": "standard", "label": "Standard", "detail": "Arrives in 3–5 days", "countries": ["US"],
///    "amounts": {"usd": 599}, "free_over": {"usd": 5000}},
///   {"id": "express", "label": "Express", "detail": "Arrives tomorrow", "countries": ["US"], "amounts": {"usd": 1999}}],
///  "po_boxes": false}
/// ```
///
/// A method serves the `countries` listed (ISO 3166-1 alpha-2) in each currency of `amounts`
/// (smallest unit, ≥ 0); `free_over` makes it free when the cart's subtotal reaches that
/// amount in the currency. `po_boxes` (default `true`) `false` refuses addresses whose lines
/// name a PO box. Postal codes are checked for the US (`12345`, `12345-6789`) and Canada
/// (`A1A 1A1`). No rules (the default) offers no shipping: every quote is `invalid`
/// (`shipping_not_offered`). Thread-safe value type.
public struct ShippingRules: Sendable, Equatable {
    /// One shipping method of the rules.
    public struct Method: Sendable, Equatable {
        /// Its id, unique in the rules (sent back as `shipping_method`).
        public var id: String
        /// Its name.
        public var label: String
        /// A line under it (e.g. the delivery time).
        public var detail: String?
        /// The countries it ships to (uppercase ISO 3166-1 alpha-2).
        public var countries: Set<String>
        /// Its amount per lowercase currency, in the smallest unit.
        public var amounts: [String: Int]
        /// Per currency, the subtotal at or above which it is free.
        public var freeOver: [String: Int]

        /// Creates a method.
        public init(
            id: String, label: String, detail: String? = nil, countries: Set<String>, amounts: [String: Int],
            freeOver: [String: Int] = [:]
        ) {
            self.id = id
            self.label = label
            self.detail = detail
            self.countries = countries
            self.amounts = amounts
            self.freeOver = freeOver
        }
    }

    /// The methods, in the order of the rules.
    public var methods: [Method]
    /// Whether a PO box is served.
    public var poBoxes: Bool

    /// Rules with these methods.
    public init(methods: [Method], poBoxes: Bool = true) {
        self.methods = methods
        self.poBoxes = poBoxes
    }

    /// No shipping offered (the default without `SHIPPING_RULES`).
    public static let none = ShippingRules(methods: [])

    /// Reads rules from their JSON text.
    /// - Throws: ``Invalid`` naming the first problem (unknown key, duplicate id, bad country,
    ///   currency or amount).
    public static func parse(_ text: String) throws(Invalid) -> ShippingRules {
        guard case .object(let root)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            throw Invalid("not a JSON object")
        }
        try known(root, ["methods", "po_boxes"], at: "rules")
        guard case .array(let list)? = root["methods"] else { throw Invalid("methods must be an array of objects") }
        var methods: [Method] = []
        for (index, element) in list.enumerated() {
            let at = "methods[\(index)]"
            guard case .object(let item) = element else { throw Invalid("\(at) must be an object") }
            try known(item, ["id", "label", "detail", "countries", "amounts", "free_over"], at: at)
            guard let id = item["id"]?.stringValue, !id.isEmpty, id.count <= 100 else { throw Invalid("\(at).id must be 1…100 characters") }
            guard !methods.contains(where: { $0.id == id }) else { throw Invalid("\(at).id \(id) is used twice") }
            guard let label = item["label"]?.stringValue, !label.isEmpty else { throw Invalid("\(at).label must be a non-empty string") }
            let detail = item["detail"]?.stringValue
            guard case .array(let codes)? = item["countries"], !codes.isEmpty,
                codes.allSatisfy({ $0.stringValue.map(Self.isCountry) == true })
            else { throw Invalid("\(at).countries must list uppercase two-letter country codes") }
            let amounts = try money(item["amounts"], at: "\(at).amounts")
            guard !amounts.isEmpty else { throw Invalid("\(at).amounts must give at least one currency") }
            let freeOver = item["free_over"] == nil ? [:] : try money(item["free_over"], at: "\(at).free_over")
            methods.append(
                Method(
                    id: id, label: label, detail: detail, countries: Set(codes.compactMap(\.stringValue)), amounts: amounts,
                    freeOver: freeOver))
        }
        var poBoxes = true
        if let value = root["po_boxes"] {
            guard case .bool(let flag) = value else { throw Invalid("po_boxes must be true or false") }
            poBoxes = flag
        }
        return ShippingRules(methods: methods, poBoxes: poBoxes)
    }

    /// A problem in the rules' JSON.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, naming the key.
        public var description: String
        init(_ description: String) { self.description = description }
    }

    private static func isCountry(_ code: String) -> Bool {
        code.count == 2 && code.unicodeScalars.allSatisfy { $0 >= "A" && $0 <= "Z" }
    }

    private static func known(_ object: [String: JSONValue], _ keys: Set<String>, at: String) throws(Invalid) {
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) { throw Invalid("\(at) has an unknown key \(unknown)") }
    }

    private static func money(_ value: JSONValue?, at: String) throws(Invalid) -> [String: Int] {
        guard case .object(let object)? = value else { throw Invalid("\(at) must map currencies to amounts") }
        var out: [String: Int] = [:]
        for (currency, raw) in object {
            guard Currency.isKnown(currency) else { throw Invalid("\(at): \(currency) is not a lowercase ISO 4217 currency") }
            guard case .int(let amount) = raw, amount >= 0, amount <= 99_999_999 else {
                throw Invalid("\(at).\(currency) must be a whole amount in the smallest unit, 0…99999999")
            }
            out[currency] = amount
        }
        return out
    }

    /// The answer for `address`: `invalid` with the first reason the rules give (no method at
    /// all, a country no method serves, a malformed US or Canadian postal code, a PO box when
    /// refused, no method priced in `currency`), else `valid` with each method serving the
    /// country in `currency`, its amount 0 when `subtotal` reached its `free_over`, cheapest
    /// first (then by id).
    public func quote(address: ShippingAddress, currency: String, subtotal: Int) -> QuoteShipping.Result {
        func invalid(_ code: String, _ reason: String) -> QuoteShipping.Result {
            QuoteShipping.Result(status: .invalid, reasonCode: code, reason: reason, methods: [])
        }
        guard !methods.isEmpty else { return invalid("shipping_not_offered", "This shop does not ship orders.") }
        let country = address.country ?? ""
        let serving = methods.filter { $0.countries.contains(country) }
        guard !serving.isEmpty else { return invalid("country_not_served", "We don't ship to \(country).") }
        if let postal = address.postalCode, !Self.postalCodeIsValid(postal, country: country) {
            return invalid("postal_code_invalid", "\(postal) is not a valid postal code in \(country).")
        } else if address.postalCode == nil, country == "US" || country == "CA" {
            return invalid("postal_code_invalid", "A postal code is needed to ship to \(country).")
        }
        if !poBoxes, Self.namesPOBox(address) { return invalid("po_box_not_served", "We can't ship to a PO box.") }
        let priced = serving.compactMap { method -> QuoteShipping.Method? in
            guard var amount = method.amounts[currency] else { return nil }
            if let threshold = method.freeOver[currency], subtotal >= threshold { amount = 0 }
            return QuoteShipping.Method(id: method.id, label: method.label, detail: method.detail, amount: amount, currency: currency)
        }
        guard !priced.isEmpty else {
            return invalid("currency_not_served", "Shipping to \(country) can't be paid in \(currency.uppercased()).")
        }
        return QuoteShipping.Result(status: .valid, methods: priced.sorted { ($0.amount, $0.id) < ($1.amount, $1.id) })
    }

    /// US ZIP codes (`12345`, `12345-6789`) and Canadian postal codes (`A1A 1A1`, the space
    /// optional); any non-blank code elsewhere.
    static func postalCodeIsValid(_ code: String, country: String) -> Bool {
        let chars = Array(code)
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { chars[$0].isASCII && chars[$0].isNumber } }
        switch country {
        case "US":
            return (chars.count == 5 && digits(0..<5)) || (chars.count == 10 && digits(0..<5) && chars[5] == "-" && digits(6..<10))
        case "CA":
            let packed = chars.filter { $0 != " " }
            guard packed.count == 6, chars.count <= 7 else { return false }
            return packed.enumerated().allSatisfy { i, c in c.isASCII && (i % 2 == 0 ? c.isLetter : c.isNumber) }
        default:
            return !code.allSatisfy { $0 == " " }
        }
    }

    /// Whether an address line names a PO box (`PO Box 12`, `P.O. Box`, `Post Office Box`).
    static func namesPOBox(_ address: ShippingAddress) -> Bool {
        [address.line1, address.line2 ?? ""].contains { line in
            let packed = line.lowercased().filter { $0.isLetter }
            return packed.hasPrefix("pobox") || packed.hasPrefix("postofficebox") || line.lowercased().contains("p.o. box")
                || line.lowercased().contains(" po box")
        }
    }
}
