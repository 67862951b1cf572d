#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        while let upper = firstScalar(in: key, searchRange, where: isUppercase) {
            words.append(wordStart..<upper.lowerBound)
            searchRange = upper.lowerBound..<searchRange.upperBound
            guard let lower = firstScalar(in: key, searchRange, where: isLowercase) else {
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

    /// Foundation's `CharacterSet.uppercaseLetters`: general categories Lu and Lt.
    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    /// Foundation's `CharacterSet.lowercaseLetters`: general category Ll.
    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }

    /// The range of the first Unicode scalar of `key` within `range` that matches.
    private static func firstScalar(
        in key: String, _ range: Range<String.Index>,
        where matches: (Unicode.Scalar) -> Bool
    ) -> Range<String.Index>? {
        let scalars = key.unicodeScalars
        guard let index = scalars[range].firstIndex(where: matches) else { return nil }
        return index..<scalars.index(after: index)
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
