#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Formats log timestamps as ISO 8601 UTC with milliseconds (`2026-11-29T17:20:01.123Z`)
/// with `gmtime_r`, without Foundation's locale-aware formatters (which load ICU data).
/// Pure; thread-safe.
enum LogTimestamp {
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let totalMillis = Int64((interval * 1000).rounded(.down))
        var seconds = time_t(totalMillis >= 0 ? totalMillis / 1000 : (totalMillis - 999) / 1000)
        let millis = Int(totalMillis - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2) + "T"
            + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "."
            + pad(Int32(millis), 3) + "Z"
    }
}
