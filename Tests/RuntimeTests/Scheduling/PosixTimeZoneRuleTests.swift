import Testing
@testable import Runtime

/// ``PosixTimeZoneRule``: TZif footers as the system's tzdata writes them; expected instants
/// from Python's `zoneinfo` over the same files.
struct PosixTimeZoneRuleTests {
    @Test func parsesOffsetsEastOfGreenwich() throws {
        #expect(PosixTimeZoneRule(parsing: "UTC0") == PosixTimeZoneRule(standardOffset: 0, daylight: nil))
        #expect(PosixTimeZoneRule(parsing: "<+0530>-5:30")?.standardOffset == 19_800)
        #expect(PosixTimeZoneRule(parsing: "<-03>3")?.standardOffset == -10_800)
        let sydney = try #require(PosixTimeZoneRule(parsing: "AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(sydney.standardOffset == 36_000)
        #expect(sydney.daylight?.offset == 39_600)  // one hour ahead when not given
        #expect(sydney.daylight?.end == .init(day: .monthWeekDay(month: 4, week: 1, weekday: 0), time: 10_800))
        for bad in ["", "UT0", "UTC", "UTC0X", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,J366,J1", "EST25"] {
            #expect(PosixTimeZoneRule(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func southernHemisphereDaylightSpansTheNewYear() throws {
        let sydney = try #require(PosixTimeZoneRule(parsing: "AEST-10AEDT,M10.1.0,M4.1.0/3"))
        // 2045: ends 2045-04-01T16:00Z, starts again 2045-09-30T16:00Z.
        #expect(sydney.utcOffset(at: 2_374_675_199) == 39_600)
        #expect(sydney.utcOffset(at: 2_374_675_200) == 36_000)
        #expect(sydney.utcOffset(at: 2_390_399_999) == 36_000)
        #expect(sydney.utcOffset(at: 2_390_400_000) == 39_600)
    }

    @Test func ruleTimesBeyondTheDayAndNegativeOnesCount() throws {
        // Jerusalem: 26:00 on the Thursday before the last Friday of March (2040-03-23T00:00Z).
        let jerusalem = try #require(PosixTimeZoneRule(parsing: "IST-2IDT,M3.4.4/26,M10.5.0"))
        #expect(jerusalem.utcOffset(at: 2_216_073_599) == 7200)
        #expect(jerusalem.utcOffset(at: 2_216_073_600) == 10_800)
        #expect(jerusalem.utcOffset(at: 2_234_991_599) == 10_800)
        #expect(jerusalem.utcOffset(at: 2_234_991_600) == 7200)
        // Nuuk: -01:00 on the last Sunday of March, 00:00 on October's (2040).
        let nuuk = try #require(PosixTimeZoneRule(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.utcOffset(at: 2_216_249_999) == -7200)
        #expect(nuuk.utcOffset(at: 2_216_250_000) == -3600)
        #expect(nuuk.utcOffset(at: 2_234_998_799) == -3600)
        #expect(nuuk.utcOffset(at: 2_234_998_800) == -7200)
    }

    @Test func julianDaysSkipOrCountTheLeapDay() {
        // J60 is 1 March in every year; 59 (zero-based) is 29 February in a leap year.
        #expect(PosixTimeZoneRule.DayRule.julian(60).date(in: 2028).description == "2028-03-01")
        #expect(PosixTimeZoneRule.DayRule.zeroBased(59).date(in: 2028).description == "2028-02-29")
        #expect(PosixTimeZoneRule.DayRule.zeroBased(59).date(in: 2027).description == "2027-03-01")
        #expect(PosixTimeZoneRule.DayRule.monthWeekDay(month: 2, week: 5, weekday: 2).date(in: 2028).description == "2028-02-29")
    }
}
