public import Runtime

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
    public init(
        reconcileIntervalSeconds: Int = 0, reconcileMinimumAgeSeconds: Int = 3600,
        captureFeePolicy: CaptureFeePolicy? = nil, reconcileLocalTime: LocalTime? = LocalTime(hour: 23, minute: 0),
        reconcileTimeZone: String = "UTC", reconcileGrace: ReconcileGrace = .endOfDay, clock: TerminalClock = .system
    ) {
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
    /// from `reader` (the one ``ServiceConfig`` is read with; `_FILE` variants work alike;
    /// absent → defaults; no fee policy without either fee variable). Each variable out of
    /// range or malformed is reported on `reader` (interval 0…86400, age 0…172800, local time
    /// `HH:MM` or `off`, a known IANA zone, grace `end_of_day` or seconds ≥ 3600, percent
    /// 0…100, fixed 0…1000000) and keeps its default.
    public init(reading reader: inout EnvironmentReader) {
        self.init()
        reconcileIntervalSeconds = reader.int("RECONCILE_INTERVAL_SECONDS", default: 0, in: 0...86_400)
        reconcileMinimumAgeSeconds = reader.int("RECONCILE_MIN_AGE_SECONDS", default: 3600, in: 0...172_800)
        if let raw = reader.string("RECONCILE_LOCAL_TIME") {
            if raw == "off" {
                reconcileLocalTime = nil
            } else if let parsed = LocalTime(parsing: raw) {
                reconcileLocalTime = parsed
            } else {
                reader.report("RECONCILE_LOCAL_TIME", "must be HH:MM (24-hour) or off")
            }
        }
        if let raw = reader.string("RECONCILE_TIME_ZONE") {
            if TimeZoneDatabase.system.rules(for: raw) != nil {
                reconcileTimeZone = raw
            } else {
                reader.report("RECONCILE_TIME_ZONE", "must be an IANA time zone such as Australia/Sydney")
            }
        }
        if let raw = reader.string("RECONCILE_GRACE") {
            if let parsed = ReconcileGrace(parsing: raw) {
                reconcileGrace = parsed
            } else {
                reader.report("RECONCILE_GRACE", "must be end_of_day or a number of seconds of at least 3600")
            }
        }
        let percentSet = reader.isSet("CAPTURE_FEE_PERCENT")
        let percent = reader.double("CAPTURE_FEE_PERCENT", default: 0, in: 0...100)
        let fixedSet = reader.isSet("CAPTURE_FEE_FIXED")
        let fixed = reader.int("CAPTURE_FEE_FIXED", default: 0, in: 0...1_000_000)
        captureFeePolicy = percentSet || fixedSet ? CaptureFeePolicy(percent: percent, fixed: fixed) : nil
    }

    /// The settings from `env` alone (the service reads them with its ``ServiceConfig``, see
    /// ``init(reading:)``).
    /// - Throws: ``Problem`` naming every variable that is out of range or malformed.
    public static func fromEnvironment(_ env: [String: String]) throws(Problem) -> TerminalGatewaySettings {
        var reader = EnvironmentReader(env)
        let settings = TerminalGatewaySettings(reading: &reader)
        guard reader.problems.isEmpty else {
            throw Problem(message: reader.problems.map { "\($0.variable): \($0.message)" }.joined(separator: "; "))
        }
        return settings
    }

    /// A configuration problem, naming the variables.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, each part starting with the variable name.
        public var message: String
        /// The message.
        public var description: String { message }
    }
}
