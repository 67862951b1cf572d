/// Settings of the terminal gateway beyond the runtime's ``ServiceConfig``.
///
/// Thread-safety: a plain `Sendable` value.
public struct TerminalGatewaySettings: Sendable, Equatable {
    /// Seconds between scheduled reconciliations (`RECONCILE_INTERVAL_SECONDS`, default 300;
    /// 0 turns the schedule off).
    public var reconcileIntervalSeconds: Int
    /// Scheduled runs only touch authorizations at least this old
    /// (`RECONCILE_MIN_AGE_SECONDS`, default 3600), so an order still at the counter is not
    /// canceled under the cashier's hands; completed orders are captured by the first run
    /// after that age. Operators' `terminal.reconcile` commands choose their own age.
    public var reconcileMinimumAgeSeconds: Int

    /// Settings with the documented defaults.
    public init(reconcileIntervalSeconds: Int = 300, reconcileMinimumAgeSeconds: Int = 3600) {
        self.reconcileIntervalSeconds = reconcileIntervalSeconds
        self.reconcileMinimumAgeSeconds = reconcileMinimumAgeSeconds
    }

    /// Reads `RECONCILE_INTERVAL_SECONDS` and `RECONCILE_MIN_AGE_SECONDS` (absent → defaults).
    /// - Throws: ``Problem`` naming every variable that is not an integer in range
    ///   (interval 0…86400, age 0…172800).
    public static func fromEnvironment(_ env: [String: String]) throws(Problem) -> TerminalGatewaySettings {
        var problems: [String] = []
        func read(_ name: String, default value: Int, in range: ClosedRange<Int>) -> Int {
            guard let raw = env[name], !raw.isEmpty else { return value }
            guard let parsed = Int(raw), range.contains(parsed) else {
                problems.append("\(name): must be an integer from \(range.lowerBound) to \(range.upperBound)")
                return value
            }
            return parsed
        }
        let interval = read("RECONCILE_INTERVAL_SECONDS", default: 300, in: 0...86_400)
        let age = read("RECONCILE_MIN_AGE_SECONDS", default: 3600, in: 0...172_800)
        guard problems.isEmpty else { throw Problem(message: problems.joined(separator: "; ")) }
        return TerminalGatewaySettings(reconcileIntervalSeconds: interval, reconcileMinimumAgeSeconds: age)
    }

    /// A configuration problem, naming the variables.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, each part starting with the variable name.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
