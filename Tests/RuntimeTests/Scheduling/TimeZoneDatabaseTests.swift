import Testing
@testable import Runtime

/// ``TimeZoneDatabase``: which names resolve to a zone.
struct TimeZoneDatabaseTests {
    @Test func unknownNamesAndFilesThatAreNotZonesGiveNothing() {
        let database = TimeZoneDatabase.system
        #expect(database.rules(for: "America/Toronto") != nil)
        #expect(database.rules(for: "Etc/GMT+5")?.utcOffset(at: 0) == -18_000)
        for name in ["Mars/Olympus_Mons", "", "/etc/passwd", "../zoneinfo/UTC", "Europe/./Paris", "Europe//Paris", "zone.tab", "Europe"] {
            #expect(database.rules(for: name) == nil, "\(name)")
        }
    }

    @Test func withoutADatabaseOnlyUTCIsKnown() {
        let missing = TimeZoneDatabase(directory: "/nonexistent")
        #expect(missing.rules(for: "Europe/Paris") == nil)
        #expect(missing.rules(for: "UTC") == .utc)
        #expect(missing.rules(for: "Etc/UTC") == .utc)
    }
}
