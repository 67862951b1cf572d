import Testing
@testable import Runtime

/// ``TZif``: the binary layout of RFC 8536, on files built in memory.
struct TZifTests {
    @Test func aVersionOneFileIsReadFromItsThirtyTwoBitBlock() throws {
        let rules = try TZif.parse(TZifBytes.file(version: "\0", transitions: [-100, 1000], types: [1, 0], offsets: [3600, 7200]))
        #expect(rules.utcOffset(at: -101) == 3600)  // before the first transition: type 0
        #expect(rules.utcOffset(at: -100) == 7200)
        #expect(rules.utcOffset(at: 999) == 7200)
        #expect(rules.utcOffset(at: 1000) == 3600)
        #expect(rules.utcOffset(at: 4_000_000_000) == 3600)  // no footer: the last type holds
    }

    @Test func aSlimFileWithoutTransitionsFollowsItsFooter() throws {
        // Europe/Paris as a "slim" file could give it: only the footer's rule.
        let rules = try TZif.parse(TZifBytes.file(footer: "CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(rules.utcOffset(at: 1_774_746_000 - 1) == 3600)  // 2026-03-29T00:59:59Z
        #expect(rules.utcOffset(at: 1_774_746_000) == 7200)
        #expect(rules.utcOffset(at: 1_792_890_000 - 1) == 7200)  // 2026-10-25T00:59:59Z
        #expect(rules.utcOffset(at: 1_792_890_000) == 3600)
    }

    @Test func theFooterTakesOverAfterTheLastTransition() throws {
        let rules = try TZif.parse(
            TZifBytes.file(version: "3", transitions: [0], types: [1], offsets: [0, 19_800], footer: "<+0530>-5:30"))
        #expect(rules.utcOffset(at: -1) == 0)
        #expect(rules.utcOffset(at: 2_524_608_000) == 19_800)
    }

    @Test func malformedFilesAreRefused() {
        let good = TZifBytes.file(transitions: [10], types: [0], offsets: [0])
        #expect(throws: TZif.Malformed.self) { try TZif.parse(Array("TZxf".utf8) + good.dropFirst(4)) }
        #expect(throws: TZif.Malformed.self) { try TZif.parse(Array(good.dropLast(12))) }
        #expect(throws: TZif.Malformed.self) { try TZif.parse([]) }
        #expect(throws: TZif.Malformed.self) {
            try TZif.parse(TZifBytes.file(transitions: [10], types: [3], offsets: [0]))  // no type 3
        }
        #expect(throws: TZif.Malformed.self) {
            try TZif.parse(TZifBytes.file(transitions: [10, 5], types: [0, 0], offsets: [0]))  // out of order
        }
        #expect(throws: TZif.Malformed.self) { try TZif.parse(TZifBytes.file(offsets: [100_000])) }
        #expect(throws: TZif.Malformed.self) { try TZif.parse(TZifBytes.file(footer: "CET-1CEST")) }  // DST without a rule
        #expect(throws: TZif.Malformed.self) { try TZif.parse(TZifBytes.file(footer: "1CET")) }
        #expect(throws: TZif.Malformed.self) { try TZif.parse(TZifBytes.file(offsets: [])) }  // no time type
    }
}
