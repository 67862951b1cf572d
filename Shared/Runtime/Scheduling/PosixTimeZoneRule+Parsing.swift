extension PosixTimeZoneRule {
    /// Parses a TZif footer's TZ string (see the type's documentation), e.g.
    /// `CET-1CEST,M3.5.0,M10.5.0/3`. Daylight saving time without a rule (which POSIX leaves
    /// to the implementation, and TZif footers never use) is refused.
    /// - Returns: nil when `text` is not such a string.
    init?(parsing text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.skipName(), let standard = scanner.offset(maximumHours: 24) else { return nil }
        standardOffset = -standard
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.skipName() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !scanner.at(UInt8(ascii: ",")) {
            guard let offset = scanner.offset(maximumHours: 24) else { return nil }
            daylightOffset = -offset
        }
        guard scanner.take(UInt8(ascii: ",")), let start = scanner.transition(), scanner.take(UInt8(ascii: ",")),
            let end = scanner.transition(), scanner.atEnd
        else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// A cursor over the string's bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        mutating func take(_ byte: UInt8) -> Bool {
            guard at(byte) else { return false }
            index += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<…>` of letters, digits, `+`, `-`.
        mutating func skipName() -> Bool {
            let begin = index
            if take(UInt8(ascii: "<")) {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                guard index - begin - 1 >= 3, take(UInt8(ascii: ">")) else { return false }
                return true
            }
            while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
            return index - begin >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (hours up to `maximumHours`).
        mutating func offset(maximumHours: Int) -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(maxDigits: 3), hours <= maximumHours else { return nil }
            var seconds = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let s = number(maxDigits: 2), s < 60 else { return nil }
                    seconds += s
                }
            }
            return sign * seconds
        }

        /// `date[/time]`, the time 02:00:00 when absent.
        mutating func transition() -> Transition? {
            let day: DayRule
            if take(UInt8(ascii: "M")) {
                guard let month = number(maxDigits: 2), (1...12).contains(month), take(UInt8(ascii: ".")),
                    let week = number(maxDigits: 1), (1...5).contains(week), take(UInt8(ascii: ".")),
                    let weekday = number(maxDigits: 1), (0...6).contains(weekday)
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else if take(UInt8(ascii: "J")) {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else {
                guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if take(UInt8(ascii: "/")) {
                guard let parsed = offset(maximumHours: 167) else { return nil }
                time = parsed
            }
            return Transition(day: day, time: time)
        }

        /// Up to `maxDigits` decimal digits (at least one).
        mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var count = 0
            while count < maxDigits, index < bytes.count, (48...57).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
                count += 1
            }
            return count > 0 ? value : nil
        }

        static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    }
}
