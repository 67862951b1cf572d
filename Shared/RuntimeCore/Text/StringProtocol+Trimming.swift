extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (Foundation's
    /// `CharacterSet.whitespaces`: general category Zs plus U+0009), compared per scalar.
    /// Line breaks are kept. Pure; safe from any thread.
    public func trimmingSpaces() -> String {
        trimming { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without leading and trailing white space and line breaks (Foundation's
    /// `CharacterSet.whitespacesAndNewlines`: categories Zs, Zl, Zp, U+0009…U+000D, U+0085),
    /// compared per scalar. Pure; safe from any thread.
    public func trimmingSpacesAndNewlines() -> String {
        trimming { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return ("\u{9}"..."\u{D}").contains(scalar) || scalar == "\u{85}"
            }
        }
    }

    private func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }),
            let last = scalars.lastIndex(where: { !drop($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
