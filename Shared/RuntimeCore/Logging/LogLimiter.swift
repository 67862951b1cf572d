#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Synchronization

/// At most one log line per key (a route and a reason, a listener) per ``interval``,
/// counting the lines it held back, so a route that rejects every delivery is loud once a
/// minute rather than silent or flooding the log.
///
/// Keys must be few (routes × reasons): the table keeps one entry per key.
/// Thread-safety: `Sendable`; one short lock per call.
public final class LogLimiter: Sendable {
    /// Shortest time between two lines of one key.
    public let interval: Duration

    private struct Entry {
        var last: Date
        var suppressed: Int
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// Creates a limiter letting one line per key through every `interval`.
    public init(interval: Duration) {
        self.interval = interval
    }

    /// Whether a line for `key` may be written at `date`: `nil` when it is held back (and
    /// counted), else the number held back since the previous line of `key` (0 the first
    /// time).
    public func admit(_ key: String, at date: Date) -> Int? {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        return entries.withLock { all in
            if let entry = all[key], date.timeIntervalSince(entry.last) < seconds {
                all[key]?.suppressed += 1
                return nil
            }
            let suppressed = all[key]?.suppressed ?? 0
            all[key] = Entry(last: date, suppressed: 0)
            return suppressed
        }
    }
}
