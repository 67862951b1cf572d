import Synchronization
import Testing
@testable import RuntimeCore

/// The one background-loop shape: connect, step, back off, stop, finish.
@Suite("Background loop")
struct BackgroundLoopTests {
    /// What the task saw, shared with the test.
    final class Log: Sendable {
        let events = Mutex<[String]>([])
        let steps = Atomic<Int>(0)
        func add(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
    }

    struct Boom: Error {}

    struct Task: BackgroundTask {
        let log: Log
        let failFirstConnect: Bool
        let idle: Duration
        var connects = 0

        mutating func connect() throws {
            connects += 1
            if failFirstConnect, connects == 1 { throw Boom() }
        }

        func step() -> BackgroundLoop.Next {
            let n = log.steps.add(1, ordering: .relaxed).newValue
            log.add("step \(n)")
            return n >= 3 ? .idle(idle) : .again
        }

        func failed(_ error: any Error, retryIn: Duration) {
            log.add(error is Boom ? "failed" : "failed other")
        }

        func finish() { log.add("finish") }
    }

    @Test func aFailedConnectBacksOffThenStepsRunUntilStopAndFinishRunsOnce() {
        let log = Log()
        let loop = BackgroundLoop(name: "test.loop", backoff: Backoff(initial: .milliseconds(1), cap: .milliseconds(1)))
        #expect(loop.start { Task(log: log, failFirstConnect: true, idle: .seconds(600)) })
        // Steps 1 and 2 ask for more at once, step 3 idles for 10 minutes: a nudge ends the wait.
        while log.steps.load(ordering: .relaxed) < 3 { DedicatedThread.sleep(.milliseconds(1)) }
        loop.nudge()
        while log.steps.load(ordering: .relaxed) < 4 { DedicatedThread.sleep(.milliseconds(1)) }
        loop.stop()
        #expect(loop.join(timeout: .seconds(30)))
        #expect(loop.join(timeout: .zero))  // Joining again returns at once.
        let events = log.all
        #expect(Array(events.prefix(4)) == ["failed", "step 1", "step 2", "step 3"])
        #expect(events.last == "finish")
        #expect(events.filter { $0 == "finish" }.count == 1)
    }

    /// A step that stops and joins its own loop (stripe-sim's scheduler stopped from a tick)
    /// is told at once that it cannot wait for itself, and the loop still ends.
    @Test func joinOnTheLoopsOwnThreadReturnsAtOnce() {
        struct StopsItself: BackgroundTask {
            let loop: BackgroundLoop
            let log: Log

            func step() -> BackgroundLoop.Next {
                loop.stop()
                log.add("joined itself: \(loop.join(timeout: .seconds(30)))")
                return .again
            }

            func finish() { log.add("finish") }
        }
        let log = Log()
        let loop = BackgroundLoop(name: "test.self-join")
        #expect(loop.start { StopsItself(loop: loop, log: log) })
        #expect(loop.join(timeout: .seconds(30)))
        #expect(log.all == ["joined itself: false", "finish"])
    }

    @Test func aStoppedLoopDoesNotStartAndJoinReturnsAtOnce() {
        let log = Log()
        let loop = BackgroundLoop(name: "test.loop")
        loop.stop()
        #expect(loop.start { Task(log: log, failFirstConnect: false, idle: .zero) })
        #expect(loop.join(timeout: .zero))
        #expect(log.all.isEmpty)
    }

    @Test func aStepThatFinishesEndsTheLoopWithoutAStop() {
        struct Once: BackgroundTask {
            let log: Log
            func step() -> BackgroundLoop.Next { log.add("step"); return .finished }
            func finish() { log.add("finish") }
        }
        let log = Log()
        let loop = BackgroundLoop(name: "test.loop")
        loop.start { Once(log: log) }
        #expect(loop.join(timeout: .seconds(30)))
        #expect(log.all == ["step", "finish"])
    }
}
