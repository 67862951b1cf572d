import Testing
@testable import Runtime

/// ``LocalDate``: the Gregorian arithmetic under the time-zone rules.
struct LocalDateTests {
    @Test func daysSinceTheEpochRoundTrip() {
        #expect(LocalDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(LocalDate(year: 2026, month: 12, day: 1)?.daysSinceEpoch == 20_788)
        #expect(LocalDate(daysSinceEpoch: -1).description == "1969-12-31")
        #expect(LocalDate(localSeconds: -1).description == "1969-12-31")
        #expect(LocalDate(localSeconds: 86_400).description == "1970-01-02")
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(LocalDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(LocalDate(year: 2028, month: 2, day: 28)?.adding(days: 1).description == "2028-02-29")
        #expect(LocalDate(year: 2100, month: 2, day: 28)?.adding(days: 1).description == "2100-03-01")
        #expect(LocalDate(year: 2026, month: 12, day: 6)?.weekday == 0)  // a Sunday
    }

    @Test func impossibleDatesAreRefused() {
        #expect(LocalDate(year: 2027, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 4, day: 31) == nil)
    }
}
