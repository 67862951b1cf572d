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
    /// The fee a capture of a direct charge carries when the command names none
    /// (`CAPTURE_FEE_PERCENT`, `CAPTURE_FEE_FIXED`; `nil` when neither is set).
    public var captureFeePolicy: CaptureFeePolicy?

    /// Settings with the documented defaults.
    public init(reconcileIntervalSeconds: Int = 300, reconcileMinimumAgeSeconds: Int = 3600,
                captureFeePolicy: CaptureFeePolicy? = nil) {
        self.reconcileIntervalSeconds = reconcileIntervalSeconds
        self.reconcileMinimumAgeSeconds = reconcileMinimumAgeSeconds
        self.captureFeePolicy = captureFeePolicy
    }

    /// Reads `RECONCILE_INTERVAL_SECONDS`, `RECONCILE_MIN_AGE_SECONDS`, `CAPTURE_FEE_PERCENT`
    /// and `CAPTURE_FEE_FIXED` (absent → defaults; no fee policy without either fee variable).
    /// - Throws: ``Problem`` naming every variable that is not a number in range
    ///   (interval 0…86400, age 0…172800, percent 0…100, fixed 0…1000000).
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
        var percent: Double?
        if let raw = env["CAPTURE_FEE_PERCENT"], !raw.isEmpty {
            if let parsed = Double(raw), parsed.isFinite, (0...100).contains(parsed) { percent = parsed } else {
                problems.append("CAPTURE_FEE_PERCENT: must be a number from 0 to 100")
            }
        }
        let fixedSet = !(env["CAPTURE_FEE_FIXED"] ?? "").isEmpty
        let fixed = read("CAPTURE_FEE_FIXED", default: 0, in: 0...1_000_000)
        guard problems.isEmpty else { throw Problem(message: problems.joined(separator: "; ")) }
        let policy = percent != nil || fixedSet ? CaptureFeePolicy(percent: percent ?? 0, fixed: fixed) : nil
        return TerminalGatewaySettings(reconcileIntervalSeconds: interval, reconcileMinimumAgeSeconds: age,
                                       captureFeePolicy: policy)
    }

    /// A configuration problem, naming the variables.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, each part starting with the variable name.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
