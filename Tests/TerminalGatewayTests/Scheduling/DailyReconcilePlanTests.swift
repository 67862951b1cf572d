import Runtime
import Testing
@testable import TerminalGateway

/// ``DailyReconcilePlan`` and ``ReconcileGrace``: what is due per zone, and when an
/// unclaimed authorization may be canceled (fixed instants, no clock).
struct DailyReconcilePlanTests {
    // 2026-12-01T12:00:00Z = 23:00 in Sydney (UTC+11 in December), 07:00 in Toronto (UTC-5).
    let noonUTC = 1_796_126_400
    let plan = DailyReconcilePlan(time: LocalTime(hour: 23, minute: 0)!)

    @Test func localTimesParse() {
        #expect(LocalTime(parsing: "23:00") == LocalTime(hour: 23, minute: 0))
        #expect(LocalTime(parsing: "7:05")?.description == "07:05")
        #expect(LocalTime(parsing: "24:00") == nil)
        #expect(LocalTime(parsing: "23:0") == nil)
        #expect(LocalTime(parsing: "2300") == nil)
    }

    @Test func eachZoneIsDueAtItsOwnLocalTime() {
        // One second before 23:00 in Sydney: the latest run there is the day before.
        let before = plan.latestScheduled(in: "Australia/Sydney", atOrBefore: noonUTC - 1)
        #expect(before?.localDate == "2026-11-30")
        let at = plan.latestScheduled(in: "Australia/Sydney", atOrBefore: noonUTC)
        #expect(at?.localDate == "2026-12-01")
        #expect(at?.scheduledAt == noonUTC)
        // Toronto's latest 23:00 is the evening of 30 November (04:00Z on 1 December).
        #expect(plan.latestScheduled(in: "America/Toronto", atOrBefore: noonUTC)?.scheduledAt == 1_796_097_600)
    }

    @Test func aZoneRunsOncePerLocalDateAndCatchesUpAMissedDay() {
        let last: [String: String?] = ["Australia/Sydney": "2026-11-30", "America/Toronto": "2026-11-30"]
        // Sydney just reached 23:00 on 1 December; Toronto already closed 30 November.
        #expect(plan.due(lastRun: last, now: noonUTC).map(\.timeZone) == ["Australia/Sydney"])
        #expect(plan.due(lastRun: last, now: noonUTC - 1).isEmpty)
        let ran: [String: String?] = ["Australia/Sydney": "2026-12-01", "America/Toronto": "2026-11-30"]
        #expect(plan.due(lastRun: ran, now: noonUTC + 3600).isEmpty)
        // Down for two days: one catch-up run, for the latest day.
        let stale: [String: String?] = ["Australia/Sydney": "2026-11-28"]
        #expect(plan.due(lastRun: stale, now: noonUTC).map(\.localDate) == ["2026-12-01"])
        // Never run: the latest date becomes the baseline (no run now); an unknown zone is skipped.
        let first = plan.due(lastRun: ["UTC": nil, "Mars/Olympus_Mons": nil], now: noonUTC)
        #expect(first.map(\.localDate) == ["2026-11-30"])
        #expect(first.map(\.baseline) == [true])
        #expect(plan.due(lastRun: last, now: noonUTC).map(\.baseline) == [false])
    }

    @Test func aDayWithADaylightSavingGapAtTheTimeRunsAtTheFirstInstantAfterIt() {
        // 02:30 does not exist in Toronto on 14 March 2027: the run is at 03:00 EDT (07:00Z).
        let plan = DailyReconcilePlan(time: LocalTime(hour: 2, minute: 30)!)
        let run = plan.latestScheduled(in: "America/Toronto", atOrBefore: 1_805_007_600)
        #expect(run?.localDate == "2027-03-14")
        #expect(run?.scheduledAt == 1_805_007_600)
        #expect(plan.latestScheduled(in: "America/Toronto", atOrBefore: 1_805_007_599)?.localDate == "2027-03-13")
    }

    @Test func theGraceRunsToTheEndOfTheLocalDayAndNeverUnderAnHour() {
        // Authorized 22:30 Sydney: cancellable from midnight Sydney (13:00Z).
        let at2230 = noonUTC - 1800
        #expect(ReconcileGrace.endOfDay.cancellableAt(authorizedAt: at2230, zone: "Australia/Sydney") == noonUTC + 3600)
        // Authorized 23:30 Sydney: midnight is 30 minutes away, so an hour instead.
        let at2330 = noonUTC + 1800
        #expect(ReconcileGrace.endOfDay.cancellableAt(authorizedAt: at2330, zone: "Australia/Sydney") == at2330 + 3600)
        // The same instant in Toronto (07:30) waits for Toronto's midnight (05:00Z next day).
        #expect(ReconcileGrace.endOfDay.cancellableAt(authorizedAt: at2330, zone: "America/Toronto") == 1_796_187_600)
        #expect(ReconcileGrace.seconds(7200).cancellableAt(authorizedAt: at2330, zone: "UTC") == at2330 + 7200)
        #expect(ReconcileGrace(parsing: "end_of_day") == .endOfDay)
        #expect(ReconcileGrace(parsing: "3599") == nil)
        #expect(ReconcileGrace(parsing: "3600") == .seconds(3600))
    }
}
