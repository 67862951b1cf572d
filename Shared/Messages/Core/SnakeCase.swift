import Foundation

/// The camelCase → snake_case key conversion ``MessageCoder`` applies, exposed so error
/// paths and catalogue schemas name fields exactly as they appear on the wire.
///
/// Same algorithm as Foundation's `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`:
/// `applicationFeeAmount` → `application_fee_amount`, `myURLValue` → `my_url_value`.
/// Already snake_case keys are unchanged. Pure; thread-safe.
public enum SnakeCase {
    /// Converts one key from camelCase to snake_case.
    public static func convert(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchRange = key.index(after: wordStart)..<key.endIndex
        while let upper = key.rangeOfCharacter(from: .uppercaseLetters, options: [], range: searchRange) {
            words.append(wordStart..<upper.lowerBound)
            searchRange = upper.lowerBound..<searchRange.upperBound
            guard let lower = key.rangeOfCharacter(from: .lowercaseLetters, options: [], range: searchRange) else {
                wordStart = searchRange.lowerBound
                break
            }
            let afterCapital = key.index(after: upper.lowerBound)
            if lower.lowerBound == afterCapital {
                wordStart = upper.lowerBound
            } else {
                let beforeLower = key.index(before: lower.lowerBound)
                words.append(upper.lowerBound..<beforeLower)
                wordStart = beforeLower
            }
            searchRange = lower.upperBound..<searchRange.upperBound
        }
        words.append(wordStart..<searchRange.upperBound)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    /// Renders a coding path in wire form: keys converted and joined with `.`,
    /// array positions as `[n]` (e.g. `line_items[0].price`).
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                out += "[\(index)]"
            } else {
                if !out.isEmpty { out += "." }
                out += convert(key.stringValue)
            }
        }
        return out
    }
}
