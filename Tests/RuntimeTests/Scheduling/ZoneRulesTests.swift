import Testing
@testable import Runtime

/// ``ZoneRules`` read from the system's tz database (`tzdata`): offsets and wall-clock
/// conversions at instants whose expected values come from Python's `zoneinfo`.
struct ZoneRulesTests {
    let database = TimeZoneDatabase.system

    func zone(_ name: String) throws -> ZoneRules { try #require(database.rules(for: name), "\(name) in \(database.directory)") }

    @Test func sydneyChangesOnTheFirstSundaysOfAprilAndOctober() throws {
        let sydney = try zone("Australia/Sydney")
        #expect(sydney.utcOffset(at: 1_768_435_200) == 39_600)  // 2026-01-15
        #expect(sydney.utcOffset(at: 1_775_318_399) == 39_600)  // 2026-04-05 03:00 AEDT is 16:00Z the day before
        #expect(sydney.utcOffset(at: 1_775_318_400) == 36_000)
        #expect(sydney.utcOffset(at: 1_791_043_199) == 36_000)  // 2026-10-04 02:00 AEST
        #expect(sydney.utcOffset(at: 1_791_043_200) == 39_600)
        #expect(sydney.localDate(at: 1_796_126_400).description == "2026-12-01")  // 23:00 local
        #expect(sydney.localDate(at: 1_796_130_000).description == "2026-12-02")  // midnight local
        #expect(sydney.startOfDay(LocalDate(year: 2026, month: 12, day: 2)!) == 1_796_130_000)
    }

    @Test func parisChangesOnTheLastSundaysOfMarchAndOctober() throws {
        let paris = try zone("Europe/Paris")
        #expect(paris.utcOffset(at: 1_774_745_999) == 3600)
        #expect(paris.utcOffset(at: 1_774_746_000) == 7200)  // 2026-03-29T01:00Z
        #expect(paris.utcOffset(at: 1_792_889_999) == 7200)
        #expect(paris.utcOffset(at: 1_792_890_000) == 3600)  // 2026-10-25T01:00Z
    }

    @Test func aSkippedWallTimeRunsAtTheFirstInstantAfterTheGapAndARepeatedOneAtTheFirst() throws {
        let toronto = try zone("America/Toronto")
        let springForward = LocalDate(year: 2027, month: 3, day: 14)!
        // 02:30 does not exist on 14 March 2027: 03:00 EDT (07:00Z), as Calendar's .nextTime gave.
        #expect(toronto.instant(of: LocalTime(hour: 2, minute: 30)!, on: springForward) == 1_805_007_600)
        #expect(toronto.instant(of: LocalTime(hour: 3, minute: 0)!, on: springForward) == 1_805_007_600)
        #expect(toronto.instant(of: LocalTime(hour: 1, minute: 59)!, on: springForward) == 1_805_007_600 - 60)  // 01:59 EST
        // 01:30 happens twice on 1 November 2026: the EDT one (05:30Z), not the EST one.
        #expect(toronto.instant(of: LocalTime(hour: 1, minute: 30)!, on: LocalDate(year: 2026, month: 11, day: 1)!) == 1_793_511_000)
        // Santiago skips midnight on 6 September 2026: the day starts at 01:00 -03 (04:00Z).
        let santiago = try zone("America/Santiago")
        #expect(santiago.startOfDay(LocalDate(year: 2026, month: 9, day: 6)!) == 1_788_667_200)
        #expect(santiago.localDate(at: 1_788_667_199).description == "2026-09-05")
    }

    @Test func instantsAfterTheLastExplicitTransitionFollowTheFooter() throws {
        let sydney = try zone("Australia/Sydney")
        let last = try #require(sydney.transitions.last)
        #expect(last < 2_374_675_200, "the file lists 2045; pick a later year")
        #expect(sydney.footer != nil)
        #expect(sydney.utcOffset(at: 2_374_675_199) == 39_600)  // 2045-04-01T16:00Z
        #expect(sydney.utcOffset(at: 2_374_675_200) == 36_000)
        #expect(sydney.instant(of: LocalTime(hour: 0, minute: 0)!, on: LocalDate(year: 2045, month: 10, day: 1)!) == 2_390_392_800)
        #expect(try zone("Asia/Kolkata").utcOffset(at: 2_524_608_000) == 19_800)  // 2050
    }

    @Test func utcHasNoOffset() throws {
        let utc = try zone("UTC")
        #expect(utc.utcOffset(at: 1_796_126_400) == 0)
        #expect(utc.localDate(at: -1).description == "1969-12-31")
        #expect(utc.instant(of: LocalTime(hour: 23, minute: 0)!, on: LocalDate(year: 2026, month: 12, day: 1)!) == 1_796_166_000)
        #expect(ZoneRules.utc.utcOffset(at: 0) == 0)
    }
}
