import Runtime
import Synchronization
import Testing

/// The host's lifecycle without servers: parts start in order and stop in reverse, each
/// joined before the next is asked to stop; a part that fails to start stops the ones
/// already started (in reverse) and no later part starts; a stop during start-up starts no
/// more and stops the part that was starting.
@Suite("Service part sequence")
struct ServicePartSequenceTests {
    /// What the parts did, in order (`start a`, `stop a`, `join a`).
    final class Journal: Sendable {
        private let entries = Mutex<[String]>([])
        func record(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    struct Refused: Error, Equatable {}

    /// A part that records its calls; `failsToStart` throws ``Refused`` from `start()`;
    /// `onStart` runs inside `start()` (e.g. a stop arriving meanwhile).
    final class RecordingPart: ServicePart {
        let name: String
        let journal: Journal
        let failsToStart: Bool
        let onStart: @Sendable () -> Void

        init(_ name: String, _ journal: Journal, failsToStart: Bool = false, onStart: @escaping @Sendable () -> Void = {}) {
            self.name = name
            self.journal = journal
            self.failsToStart = failsToStart
            self.onStart = onStart
        }

        func start() throws {
            journal.record("start \(name)")
            onStart()
            if failsToStart { throw Refused() }
        }

        func stop() { journal.record("stop \(name)") }

        func join(timeout: Duration) -> Bool {
            journal.record("join \(name)")
            return true
        }
    }

    private static let log = Logger(service: "part-tests", level: .error)

    @Test func startsInOrderAndStopsInReverseJoiningEachBeforeTheNext() throws {
        let journal = Journal()
        let sequence = ServicePartSequence(log: Self.log)
        try sequence.start(["relay", "worker", "ingress", "scheduler"].map { RecordingPart($0, journal) })
        #expect(sequence.startedNames == ["relay", "worker", "ingress", "scheduler"])
        sequence.stop(timeout: .seconds(5))
        #expect(
            journal.all == [
                "start relay", "start worker", "start ingress", "start scheduler",
                "stop scheduler", "join scheduler", "stop ingress", "join ingress",
                "stop worker", "join worker", "stop relay", "join relay",
            ])
        #expect(sequence.startedNames.isEmpty)
        sequence.stop(timeout: .seconds(5))  // Idempotent: nothing is stopped twice.
        #expect(journal.all.count == 12)
    }

    @Test func aPartThatFailsToStartStopsThoseStartedAndStartsNoMore() {
        let journal = Journal()
        let sequence = ServicePartSequence(log: Self.log)
        let parts = [
            RecordingPart("relay", journal), RecordingPart("worker", journal),
            RecordingPart("scheduler", journal, failsToStart: true), RecordingPart("gauges", journal),
        ]
        #expect(throws: Refused.self) { try sequence.start(parts) }
        #expect(
            journal.all == [
                "start relay", "start worker", "start scheduler",
                "stop worker", "join worker", "stop relay", "join relay",
            ])
        #expect(sequence.startedNames.isEmpty)
        // A later stop (the host's shutdown after the failed start) has nothing left to stop.
        sequence.stop(timeout: .seconds(5))
        #expect(journal.all.count == 7)
    }

    @Test func aStopDuringStartUpStopsThePartStartingAndStartsNoMore() throws {
        let journal = Journal()
        let sequence = ServicePartSequence(log: Self.log)
        let parts = [
            RecordingPart("relay", journal),
            RecordingPart("worker", journal) { sequence.stop(timeout: .seconds(5)) },
            RecordingPart("gauges", journal),
        ]
        try sequence.start(parts)
        #expect(journal.all == ["start relay", "start worker", "stop relay", "join relay", "stop worker", "join worker"])
        #expect(sequence.startedNames.isEmpty)
    }

    /// A part still running when the deadline passes is left behind; the others are still
    /// asked to stop, with what is left of the time.
    @Test func aPartThatDoesNotStopInTimeDoesNotKeepTheOthersRunning() throws {
        final class StuckPart: ServicePart {
            let name = "stuck"
            let joinedWith = Mutex<Duration?>(nil)
            func start() {}
            func stop() {}
            func join(timeout: Duration) -> Bool {
                joinedWith.withLock { $0 = timeout }
                return false
            }
        }
        let journal = Journal()
        let stuck = StuckPart()
        let sequence = ServicePartSequence(log: Self.log)
        try sequence.start([RecordingPart("relay", journal), stuck])
        sequence.stop(timeout: .seconds(5))
        #expect(journal.all == ["start relay", "stop relay", "join relay"])
        let given = try #require(stuck.joinedWith.withLock { $0 })
        #expect(given <= .seconds(5) && given > .zero)
    }
}
