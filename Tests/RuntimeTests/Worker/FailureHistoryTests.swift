import Testing
@testable import Runtime

/// The `x-failures` header: appended per failure, bounded, tolerant of a bad value.
@Suite("Failure history")
struct FailureHistoryTests {
    static func record(_ attempt: Int, message: String = "boom") -> FailureRecord {
        FailureRecord(attempt: attempt, at: 1_700_000_000 + attempt, queue: "payments.x", code: "test.fail", message: message)
    }

    @Test func recordsAreAppendedOldestFirstAndRoundTrip() {
        var header: String?
        for attempt in 0..<3 { header = FailureHistory.appending(Self.record(attempt), to: header) }
        #expect(FailureHistory.records(header) == [Self.record(0), Self.record(1), Self.record(2)])
        #expect(header?.hasPrefix(#"[{"#) == true)
    }

    @Test func theFirstAndTheLastNineAreKeptAndMessagesAreCut() {
        var header: String?
        for attempt in 0..<25 {
            header = FailureHistory.appending(Self.record(attempt, message: String(repeating: "x", count: 1000)), to: header)
        }
        let records = FailureHistory.records(header)
        #expect(records.map(\.attempt) == [0] + Array(16...24))
        #expect(records.allSatisfy { $0.message.count == FailureHistory.messageLimit })
    }

    @Test func anUnreadableHeaderStartsAFreshHistory() {
        #expect(FailureHistory.records("not json").isEmpty)
        #expect(FailureHistory.records(FailureHistory.appending(Self.record(4), to: "{oops")) == [Self.record(4)])
    }
}
