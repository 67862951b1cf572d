public import Runtime

/// Which daily reconciliations are due now, per time zone: the decision half of the
/// scheduler, free of its loop and its database (so any loop can drive it).
///
/// The run of a local date in a zone is scheduled at ``time`` on that date in that zone.
/// A zone is due when its latest scheduled instant at or before `now` is for a later local
/// date than the last one it ran: so a replica that was down at the scheduled time runs the
/// missed day at its next check, and a day never runs twice. A zone never run before (a new
/// location's, or a first deployment) gets that latest date as its baseline without a run:
/// its first run is at its next scheduled time, never at once.
/// Days with a daylight-saving gap at ``time`` run at the first valid instant after it.
/// Pure; thread-safe.
public struct DailyReconcilePlan: Sendable, Equatable {
    /// The local time of every zone's run (`RECONCILE_LOCAL_TIME`).
    public var time: LocalTime

    /// One due run.
    public struct Run: Sendable, Equatable {
        /// The IANA zone.
        public var timeZone: String
        /// The local date it closes, `YYYY-MM-DD`.
        public var localDate: String
        /// When it was scheduled (Unix seconds).
        public var scheduledAt: Int
        /// A zone's first sighting: record ``localDate`` as run, publish nothing.
        public var baseline = false
    }

    /// A plan running at `time` in every zone.
    public init(time: LocalTime) {
        self.time = time
    }

    /// The runs due at `now` (Unix seconds) for `lastRun` (zone → last local date run, nil:
    /// never: a ``Run/baseline`` run), in zone order. Unknown zone names are skipped.
    public func due(lastRun: [String: String?], now: Int) -> [Run] {
        lastRun.keys.sorted().compactMap { zone in
            guard var latest = latestScheduled(in: zone, atOrBefore: now) else { return nil }
            guard let last = lastRun[zone] ?? nil else {
                latest.baseline = true
                return latest
            }
            return last >= latest.localDate ? nil : latest
        }
    }

    /// The latest scheduled run in `zone` at or before `now`, or nil for an unknown zone.
    public func latestScheduled(in zone: String, atOrBefore now: Int) -> Run? {
        guard let rules = Self.rules(zone) else { return nil }
        let today = rules.localDate(at: now)
        for back in 0...2 {
            let day = today.adding(days: -back)
            let at = rules.instant(of: time, on: day)
            guard at <= now else { continue }
            return Run(timeZone: zone, localDate: day.description, scheduledAt: at)
        }
        return nil
    }

    /// The rules of `zone` from the system's time-zone database, or nil when the zone is unknown.
    static func rules(_ zone: String) -> ZoneRules? {
        TimeZoneDatabase.system.rules(for: zone)
    }
}

/// How long an authorization nobody spoke for is kept before reconciliation cancels it
/// (`RECONCILE_GRACE`): to the end of the local day it was authorized on (the default), or a
/// number of seconds; never less than ``minimumSeconds``. An order the platform completed,
/// paid otherwise or abandoned is decided without waiting. Pure; thread-safe.
public enum ReconcileGrace: Sendable, Equatable, CustomStringConvertible {
    /// Until the end of the authorization's local day (and at least an hour).
    case endOfDay
    /// A fixed number of seconds (at least ``minimumSeconds``).
    case seconds(Int)

    /// The shortest grace: one hour.
    public static let minimumSeconds = 3600

    /// Parses `end_of_day` or a number of seconds ≥ 3600; nil otherwise.
    public init?(parsing text: String) {
        if text == "end_of_day" { self = .endOfDay; return }
        guard let seconds = Int(text), seconds >= Self.minimumSeconds else { return nil }
        self = .seconds(seconds)
    }

    /// `end_of_day` or the seconds.
    public var description: String {
        switch self {
        case .endOfDay: "end_of_day"
        case .seconds(let s): String(s)
        }
    }

    /// When an authorization made at `authorizedAt` (Unix seconds) at a location in `zone`
    /// may be canceled for want of a word from the platform (Unix seconds). An unknown zone
    /// counts as UTC.
    public func cancellableAt(authorizedAt: Int, zone: String) -> Int {
        let floor = authorizedAt + Self.minimumSeconds
        switch self {
        case .seconds(let s):
            return authorizedAt + max(s, Self.minimumSeconds)
        case .endOfDay:
            let rules = DailyReconcilePlan.rules(zone) ?? .utc
            return max(floor, rules.startOfDay(rules.localDate(at: authorizedAt).adding(days: 1)))
        }
    }
}
