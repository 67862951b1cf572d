/// The shape of an IANA time zone name (`Australia/Sydney`, `America/Argentina/Salta`, `UTC`),
/// for the terminal commands that name a location's time zone. Whether the zone exists is
/// checked by the service that uses it (`validation.invalid_time_zone` too).
public enum TimeZoneRule {
    /// The JSON Schema pattern of a zone name.
    public static let pattern = "^(UTC|[A-Z][A-Za-z_]+(/[A-Za-z0-9_+-]+){1,2})$"
    /// The schema rule.
    public static let schema = SchemaRule(["pattern": .string(pattern), "maxLength": .int(64)])

    /// Checks the name's shape.
    /// - Throws: `validation.invalid_time_zone` naming `field`.
    public static func validate(_ value: String?, field: String = "time_zone") throws(ReplyError) {
        guard let value else { return }
        if value == "UTC" { return }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        func ok(_ part: Substring, first: Bool) -> Bool {
            guard let head = part.unicodeScalars.first, !part.isEmpty else { return false }
            if first {
                return head >= "A" && head <= "Z" && part.count >= 2
                    && part.unicodeScalars.allSatisfy {
                        ($0 >= "A" && $0 <= "Z") || ($0 >= "a" && $0 <= "z") || $0 == "_"
                    }
            }
            return part.unicodeScalars.allSatisfy {
                ($0 >= "A" && $0 <= "Z") || ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || "_+-".unicodeScalars.contains($0)
            }
        }
        guard value.count <= 64, (2...3).contains(parts.count), ok(parts[0], first: true),
            parts.dropFirst().allSatisfy({ ok($0, first: false) })
        else {
            throw .invalid(
                field, "must be an IANA time zone name such as Australia/Sydney, got \(value)",
                code: ReplyError.Code.invalidTimeZone)
        }
    }
}
