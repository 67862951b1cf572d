/// Severity of a log line, ordered from least to most severe.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    /// Diagnostic detail, off by default.
    case debug
    /// Normal lifecycle events.
    case info
    /// Something unexpected the service recovers from (reconnects, retries).
    case warning
    /// A failure an operator should look at (dead letters, failed start-up).
    case error

    private var rank: Int { LogLevel.allCases.firstIndex(of: self) ?? 0 }

    /// `true` when `lhs` is less severe than `rhs`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}
