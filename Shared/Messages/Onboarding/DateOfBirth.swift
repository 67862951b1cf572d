/// A person's date of birth as Stripe takes it (`dob[day|month|year]`).
public struct DateOfBirth: Codable, Sendable, Equatable, FieldDocumented {
    /// Day of the month, 1–31.
    public var day: Int
    /// Month, 1–12.
    public var month: Int
    /// Four-digit year.
    public var year: Int

    /// Creates the value; optional fields default to absent.
    public init(day: Int, month: Int, year: Int) {
        self.day = day
        self.month = month
        self.year = year
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "day": "Day of the month, 1–31.",
        "month": "Month, 1–12.",
        "year": "Four-digit year.",
    ]
}
