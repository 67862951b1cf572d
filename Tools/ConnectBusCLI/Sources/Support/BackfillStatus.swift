public import Foundation

/// The backfill sweep's state as `connectbus status` prints it, read from the
/// notifications service's `/metrics` (`connectbus_backfill_*`, see the service's README).
public struct BackfillStatus: Equatable, Sendable {
    /// Unix time the last sweep completed, if one did.
    public var lastSweep: Double?
    /// The oldest high-water mark over all scopes (Unix seconds, Stripe's clock), if any.
    public var highWater: Double?
    /// Events recovered since the process started.
    public var recovered: Double

    /// Reads the series from Prometheus text; `nil` when the process exposes none (no
    /// sweeper: `STRIPE_API_KEY` unset).
    public static func parse(_ metrics: String) -> BackfillStatus? {
        var values: [String: Double] = [:]
        for line in metrics.split(separator: "\n") where line.hasPrefix("connectbus_backfill_") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2, let value = Double(parts[parts.count - 1]) else { continue }
            values[String(parts[0])] = value
        }
        guard values["connectbus_backfill_events_recovered_total"] != nil || values["connectbus_backfill_pages_total"] != nil
        else { return nil }
        return BackfillStatus(
            lastSweep: values["connectbus_backfill_last_sweep_timestamp_seconds"].flatMap { $0 > 0 ? $0 : nil },
            highWater: values["connectbus_backfill_high_water_seconds"].flatMap { $0 > 0 ? $0 : nil },
            recovered: values["connectbus_backfill_events_recovered_total"] ?? 0)
    }

    /// One line: `backfill  last sweep 2026-12-01T10:00:00Z (42 s ago)  high-water … recovered N`.
    public func line(now: Date) -> String {
        func stamp(_ seconds: Double?) -> String {
            guard let seconds else { return "none" }
            return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
        }
        let ago = lastSweep.map { " (\(Int(max(0, now.timeIntervalSince1970 - $0))) s ago)" } ?? ""
        return "backfill          last sweep \(stamp(lastSweep))\(ago)  high-water \(stamp(highWater))  recovered \(Int(recovered))"
    }
}
