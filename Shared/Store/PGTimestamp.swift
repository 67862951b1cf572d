#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Conversion between `Date` and Postgres' ISO timestamp text (`DateStyle` ISO), in UTC.
///
/// Encodes as `YYYY-MM-DD HH:MM:SS.ffffff+00` (microseconds, rounded). Decodes the server's
/// `timestamptz` output in any zone offset (`+00`, `+05:30`, `-03:30:15`) and plain
/// `timestamp` output (read as UTC). `infinity`, BC dates and years past 9999 are not
/// representable and decode to `nil`. Thread-safety: stateless.
public enum PGTimestamp {
    private static let microsPerDay: Int64 = 86_400_000_000

    /// The `timestamptz` input text for `date`.
    static func format(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let days = floorDiv(micros, microsPerDay)
        let inDay = micros - days * microsPerDay
        let (y, m, d) = civil(fromDays: days)
        let secs = inDay / 1_000_000
        return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2) + " " + pad(secs / 3600, 2) + ":"
            + pad(secs / 60 % 60, 2) + ":" + pad(secs % 60, 2) + "." + pad(inDay % 1_000_000, 6) + "+00"
    }

    /// Parses the server's ISO output; `nil` if the text is not such a timestamp.
    static func parse(_ text: String) -> Date? {
        var s = Scanner(Array(text.utf8))
        guard let y = s.int(4), s.take("-"), let mo = s.int(2), s.take("-"), let d = s.int(2),
            s.take(" ") || s.take("T"),
            let h = s.int(2), s.take(":"), let mi = s.int(2), s.take(":"), let sec = s.int(2),
            (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61
        else { return nil }
        var micros: Int64 = 0
        if s.take(".") {
            var digits = 0
            while let digit = s.digit() {
                if digits < 6 { micros = micros * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 6) { micros *= 10 }
        }
        var offsetSeconds: Int64 = 0
        if let sign = s.sign() {
            guard let oh = s.int(2) else { return nil }
            var offset = oh * 3600
            if s.take(":") { guard let om = s.int(2) else { return nil }; offset += om * 60 }
            if s.take(":") { guard let os = s.int(2) else { return nil }; offset += os }
            offsetSeconds = sign * offset
        }
        guard s.atEnd else { return nil }
        let days = days(fromCivil: y, mo, d)
        let total = days * microsPerDay + ((h * 60 + mi) * 60 + sec - offsetSeconds) * 1_000_000 + micros
        return Date(timeIntervalSince1970: Double(total) / 1_000_000)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm; a day past
    /// the month's end counts on into the next). Runtime's `LocalDate` uses it too.
    public static func days(fromCivil y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = floorDiv(y, 400)
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date (year, month 1–12, day) of a day count since 1970-01-01.
    public static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = floorDiv(z, 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A cursor over ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var atEnd: Bool { index == bytes.count }

        mutating func take(_ ch: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: ch) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
            defer { index += 1 }
            return Int64(bytes[index] - 48)
        }

        mutating func int(_ count: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<count {
                guard let d = digit() else { return nil }
                value = value * 10 + d
            }
            return value
        }

        mutating func sign() -> Int64? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
