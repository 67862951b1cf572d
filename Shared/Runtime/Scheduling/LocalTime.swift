/// A time of day on a location's wall clock (`HH:MM`, 24-hour), e.g. the daily
/// reconciliation's `RECONCILE_LOCAL_TIME`. Thread-safety: a plain `Sendable` value.
public struct LocalTime: Sendable, Equatable, CustomStringConvertible {
    /// 0–23.
    public var hour: Int
    /// 0–59.
    public var minute: Int

    /// The time, or nil when out of range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` (`H:MM` too); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
