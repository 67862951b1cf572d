import Store

/// A day of the proleptic Gregorian calendar on a wall clock (`YYYY-MM-DD`), with the
/// arithmetic time-zone rules need: days since 1970-01-01, weekdays, adding days.
/// Thread-safety: a plain `Sendable` value.
public struct LocalDate: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The year (e.g. 2026).
    public var year: Int
    /// 1–12.
    public var month: Int
    /// 1–31.
    public var day: Int

    /// The date, or nil when `month` or `day` is out of range for that month.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before it).
    public init(daysSinceEpoch days: Int) {
        let (year, month, day) = PGTimestamp.civil(fromDays: Int64(days))
        self.year = Int(year)
        self.month = Int(month)
        self.day = Int(day)
    }

    /// The date of a wall-clock reading given as seconds since 1970-01-01T00:00 local time.
    public init(localSeconds: Int) {
        self.init(daysSinceEpoch: localSeconds >= 0 ? localSeconds / 86_400 : -((-localSeconds + 86_399) / 86_400))
    }

    /// Days from 1970-01-01 to this date (negative before it).
    public var daysSinceEpoch: Int { Self.daysSinceEpoch(year: year, month: month, day: day) }

    /// Days from 1970-01-01 to `year`-`month`-`day` (month 1–12; a day past the month's end
    /// counts on into the next).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        Int(PGTimestamp.days(fromCivil: Int64(year), Int64(month), Int64(day)))
    }

    /// The day of the week, 0 (Sunday) to 6 (Saturday).
    public var weekday: Int { Self.weekday(daysSinceEpoch: daysSinceEpoch) }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// `YYYY-MM-DD` (years before 1000 zero-padded to four digits).
    public var description: String {
        func padded(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// Earlier dates first.
    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    /// Whether `year` has a 29 February.
    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// 28–31: the days of `month` (1–12) in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 0 (Sunday) to 6 (Saturday) of the day `days` after 1970-01-01 (a Thursday).
    static func weekday(daysSinceEpoch days: Int) -> Int { ((days + 4) % 7 + 7) % 7 }
}
