#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The clock reconciliation decides by (the daily schedule, the grace): the system clock in
/// production; tests give the simulator's, so they move time instead of waiting for it.
/// Two clocks are equal when their names are. Thread-safety: `Sendable`.
public struct TerminalClock: Sendable, Equatable {
    /// A name for logs and equality (`system`).
    public let name: String
    private let read: @Sendable () -> Int

    /// A clock reading `read` (Unix seconds).
    public init(name: String, _ read: @escaping @Sendable () -> Int) {
        self.name = name
        self.read = read
    }

    /// The system clock.
    public static let system = TerminalClock(name: "system") { Int(Date().timeIntervalSince1970) }

    /// The current time in Unix seconds.
    public var now: Int { read() }

    /// Equal names.
    public static func == (lhs: TerminalClock, rhs: TerminalClock) -> Bool { lhs.name == rhs.name }
}
