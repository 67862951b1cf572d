import Foundation
import Testing
@testable import ConnectBusCLI

@Suite("The backfill line of connectbus status")
struct BackfillStatusTests {
    @Test func readsTheSweepSeriesFromMetrics() throws {
        let text = """
            # HELP connectbus_backfill_events_recovered_total Stripe events stored by the backfill sweep.
            # TYPE connectbus_backfill_events_recovered_total counter
            connectbus_backfill_events_recovered_total 42
            connectbus_backfill_last_sweep_timestamp_seconds 1764583200
            connectbus_backfill_high_water_seconds 1764582000
            connectbus_backfill_sweeps_total{outcome="completed"} 3
            connectbus_webhook_events_duplicates_total 7
            """
        let status = try #require(BackfillStatus.parse(text))
        #expect(status == BackfillStatus(lastSweep: 1_764_583_200, highWater: 1_764_582_000, recovered: 42))
        #expect(
            status.line(now: Date(timeIntervalSince1970: 1_764_583_230))
                == "backfill          last sweep 2025-12-01T10:00:00Z (30 s ago)  high-water 2025-12-01T09:40:00Z  recovered 42")
    }

    @Test func noSweeperNoLineAndNoSweepYetSaysNone() throws {
        #expect(BackfillStatus.parse("connectbus_webhook_events_duplicates_total 7\n") == nil)
        let fresh = try #require(BackfillStatus.parse("connectbus_backfill_pages_total 0\n"))
        #expect(fresh.line(now: Date(timeIntervalSince1970: 0)) == "backfill          last sweep none  high-water none  recovered 0")
    }
}
