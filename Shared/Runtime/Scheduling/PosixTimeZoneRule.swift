/// A POSIX TZ string as a TZif footer carries it (RFC 8536 §3.3, POSIX.1-2017 §8.3, with
/// the RFC's extensions: hours up to 167 in rule times, negative rule times), e.g.
/// `AEST-10AEDT,M10.1.0,M4.1.0/3` (Sydney) or `<+0530>-5:30`: a standard offset and, when
/// the zone keeps daylight saving time, a daylight offset with the rules of when it starts
/// and ends each year. POSIX offsets count west of Greenwich; this type stores them east.
/// Thread-safety: an immutable `Sendable` value.
struct PosixTimeZoneRule: Sendable, Equatable {
    /// Standard time's offset east of Greenwich, in seconds.
    var standardOffset: Int
    /// Daylight saving time, or nil when the zone has none.
    var daylight: Daylight?

    /// When daylight saving time applies.
    struct Daylight: Sendable, Equatable {
        /// Its offset east of Greenwich, in seconds.
        var offset: Int
        /// The day it starts on, and the local (standard) time of day in seconds.
        var start: Transition
        /// The day it ends on, and the local (daylight) time of day in seconds.
        var end: Transition
    }

    /// A yearly transition: a day rule and a local time of day (seconds, -167 h…167 h).
    struct Transition: Sendable, Equatable {
        var day: DayRule
        var time: Int
    }

    /// The day of a year a transition falls on.
    enum DayRule: Sendable, Equatable {
        /// `Jn`: day 1–365, 29 February never counted.
        case julian(Int)
        /// `n`: day 0–365, 29 February counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (1–4, 5 the last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        /// The date in `year`.
        func date(in year: Int) -> LocalDate {
            switch self {
            case .julian(let n):
                let leapDay = LocalDate.isLeap(year) && n >= 60 ? 1 : 0
                return LocalDate(daysSinceEpoch: LocalDate.daysSinceEpoch(year: year, month: 1, day: n + leapDay))
            case .zeroBased(let n):
                return LocalDate(daysSinceEpoch: LocalDate.daysSinceEpoch(year: year, month: 1, day: n + 1))
            case .monthWeekDay(let month, let week, let weekday):
                let first = LocalDate.daysSinceEpoch(year: year, month: month, day: 1)
                var day = 1 + (weekday - LocalDate.weekday(daysSinceEpoch: first) + 7) % 7 + (week - 1) * 7
                if day > LocalDate.daysIn(month: month, year: year) { day -= 7 }
                return LocalDate(daysSinceEpoch: first + day - 1)
            }
        }
    }

    /// The offset east of Greenwich in seconds at `instant` (Unix seconds).
    func utcOffset(at instant: Int) -> Int {
        guard let daylight else { return standardOffset }
        let year = LocalDate(localSeconds: instant + standardOffset).year
        // The start is given in standard time, the end in daylight time (POSIX).
        let start = daylight.start.day.date(in: year).daysSinceEpoch * 86_400 + daylight.start.time - standardOffset
        let end = daylight.end.day.date(in: year).daysSinceEpoch * 86_400 + daylight.end.time - daylight.offset
        let inDaylight = start < end ? (instant >= start && instant < end) : (instant < end || instant >= start)
        return inDaylight ? daylight.offset : standardOffset
    }
}
