import Foundation

/// Settings of the terminal gateway beyond the runtime's ``ServiceConfig``.
///
/// Thread-safety: a plain `Sendable` value.
public struct TerminalGatewaySettings: Sendable, Equatable {
    /// Seconds between extra interval reconciliations (`RECONCILE_INTERVAL_SECONDS`, default 0:
    /// none; the daily run is the default schedule).
    public var reconcileIntervalSeconds: Int
    /// The local time of the daily reconciliation in each location's time zone
    /// (`RECONCILE_LOCAL_TIME`, `HH:MM`, default 23:00; `off`: no daily run).
    public var reconcileLocalTime: LocalTime?
    /// The time zone of payments whose location has none (`RECONCILE_TIME_ZONE`, IANA name,
    /// default `UTC`).
    public var reconcileTimeZone: String
    /// How long an authorization nobody spoke for is kept before it is canceled
    /// (`RECONCILE_GRACE`: `end_of_day`, the default, or seconds ≥ 3600).
    public var reconcileGrace: ReconcileGrace
    /// The clock reconciliation decides by (system; tests give the simulator's).
    public var clock: TerminalClock
    /// Scheduled runs only touch authorizations at least this old
    /// (`RECONCILE_MIN_AGE_SECONDS`, default 3600), so an order still at the counter is not
    /// canceled under the cashier's hands; completed orders are captured by the first run
    /// after that age. Operators' `terminal.reconcile` commands choose their own age.
    public var reconcileMinimumAgeSeconds: Int
    /// The fee a capture of a direct charge carries when the command names none
    /// (`CAPTURE_FEE_PERCENT`, `CAPTURE_FEE_FIXED`; `nil` when neither is set).
    public var captureFeePolicy: CaptureFeePolicy?

    /// Settings with the documented defaults.
    public init(reconcileIntervalSeconds: Int = 0, reconcileMinimumAgeSeconds: Int = 3600,
                captureFeePolicy: CaptureFeePolicy? = nil, reconcileLocalTime: LocalTime? = LocalTime(hour: 23, minute: 0),
                reconcileTimeZone: String = "UTC", reconcileGrace: ReconcileGrace = .endOfDay, clock: TerminalClock = .system) {
        self.reconcileIntervalSeconds = reconcileIntervalSeconds
        self.reconcileLocalTime = reconcileLocalTime
        self.reconcileTimeZone = reconcileTimeZone
        self.reconcileGrace = reconcileGrace
        self.clock = clock
        self.reconcileMinimumAgeSeconds = reconcileMinimumAgeSeconds
        self.captureFeePolicy = captureFeePolicy
    }

    /// Reads `RECONCILE_INTERVAL_SECONDS`, `RECONCILE_MIN_AGE_SECONDS`, `RECONCILE_LOCAL_TIME`,
    /// `RECONCILE_TIME_ZONE`, `RECONCILE_GRACE`, `CAPTURE_FEE_PERCENT` and `CAPTURE_FEE_FIXED`
    /// (absent → defaults; no fee policy without either fee variable).
    /// - Throws: ``Problem`` naming every variable that is out of range or malformed
    ///   (interval 0…86400, age 0…172800, local time `HH:MM` or `off`, a known IANA zone,
    ///   grace `end_of_day` or seconds ≥ 3600, percent 0…100, fixed 0…1000000).
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
        let interval = read("RECONCILE_INTERVAL_SECONDS", default: 0, in: 0...86_400)
        let age = read("RECONCILE_MIN_AGE_SECONDS", default: 3600, in: 0...172_800)
        var localTime: LocalTime? = LocalTime(hour: 23, minute: 0)
        if let raw = env["RECONCILE_LOCAL_TIME"], !raw.isEmpty {
            if raw == "off" { localTime = nil } else if let parsed = LocalTime(parsing: raw) { localTime = parsed } else {
                problems.append("RECONCILE_LOCAL_TIME: must be HH:MM (24-hour) or off")
            }
        }
        var zone = "UTC"
        if let raw = env["RECONCILE_TIME_ZONE"], !raw.isEmpty {
            if TimeZone(identifier: raw) != nil { zone = raw } else {
                problems.append("RECONCILE_TIME_ZONE: must be an IANA time zone such as Australia/Sydney")
            }
        }
        var grace = ReconcileGrace.endOfDay
        if let raw = env["RECONCILE_GRACE"], !raw.isEmpty {
            if let parsed = ReconcileGrace(parsing: raw) { grace = parsed } else {
                problems.append("RECONCILE_GRACE: must be end_of_day or a number of seconds of at least 3600")
            }
        }
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
                                       captureFeePolicy: policy, reconcileLocalTime: localTime, reconcileTimeZone: zone,
                                       reconcileGrace: grace)
    }

    /// A configuration problem, naming the variables.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, each part starting with the variable name.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
