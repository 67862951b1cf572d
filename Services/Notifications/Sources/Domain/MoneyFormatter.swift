import Messages

/// Formats amounts in a currency's smallest unit for people: `1250 eur` → `€12.50`,
/// `123456 usd` → `$1,234.56`, `500 jpy` → `¥500`, `1250 chf` → `12.50 CHF`,
/// `1234 kwd` → `1.234 KWD`. Digits after the point come from ``Currency/minorUnitDigits(_:)``
/// (Stripe's zero- and three-decimal currencies). Pure; thread-safe.
public enum MoneyFormatter {
    /// Symbols used instead of the code for a few unambiguous currencies.
    static let symbols: [String: String] = ["eur": "€", "usd": "$", "gbp": "£", "jpy": "¥"]

    /// The amount for people.
    /// - Parameters:
    ///   - amount: in the currency's smallest unit (cents for EUR); may be negative.
    ///   - currency: ISO 4217 code, any case.
    public static func format(amount: Int, currency: String) -> String {
        let code = currency.lowercased()
        let digits = Currency.minorUnitDigits(code)
        let magnitude = amount.magnitude
        var scale: UInt = 1
        for _ in 0..<digits { scale *= 10 }
        var number = grouped(magnitude / scale)
        if digits > 0 {
            let fraction = String(magnitude % scale)
            number += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        let sign = amount < 0 ? "-" : ""
        if let symbol = symbols[code] { return sign + symbol + number }
        return sign + number + " " + code.uppercased()
    }

    /// `1234567` → `1,234,567`.
    private static func grouped(_ value: UInt) -> String {
        let text = String(value)
        var out = ""
        for (index, character) in text.enumerated() {
            if index > 0, (text.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}
