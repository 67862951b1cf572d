import Dispatch
import Foundation
import Store
import Synchronization
import Testing
import TestKit
@testable import Runtime

/// Group commit against the real Postgres: batching, one bad item failing alone, a broken
/// connection failing its batch only, an unreachable database, stop.
@Suite("Group commit integration", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct GroupCommitIntegrationTests {
    private struct Refused: Error, Equatable {}

    private static func committer(
        writers: Int = 1, url: String? = nil, metrics: MetricsRegistry = MetricsRegistry(),
        write: @escaping GroupCommit<String, String>.Write
    ) throws -> GroupCommit<String, String> {
        let env = try #require(IntegrationEnvironment.current)
        let committer = GroupCommit(
            name: "tests", databaseURL: url ?? env.databaseURL, applicationName: "group-commit-tests",
            writers: writers, maxBatch: 64, metrics: metrics,
            log: Logger(service: "group-commit-tests", level: .error), write: write)
        try committer.start()
        return committer
    }

    /// Submits every item on its own thread; returns each item's outcome (or error text).
    private static func submitAll(_ committer: GroupCommit<String, String>, _ items: [String]) async -> [String: String] {
        await withTaskGroup(of: (String, String).self) { group in
            for item in items {
                group.addTask {
                    let outcome = try? await onThread { () throws -> String in
                        do { return try committer.submit(item) } catch { return "error: \(error)" }
                    }
                    return (item, outcome ?? "error: thread")
                }
            }
            var outcomes: [String: String] = [:]
            for await (item, outcome) in group { outcomes[item] = outcome }
            return outcomes
        }
    }

    @Test func callersWaitingDuringACommitShareTheNextOne() async throws {
        let gate = DispatchSemaphore(value: 0)
        let sizes = Mutex<[Int]>([])
        let committer = try Self.committer { items, db in
            sizes.withLock { $0.append(items.count) }
            if items == ["first"] { gate.wait() }  // Holds the only writer until the others queued.
            let backend = try db.execute("SELECT pg_backend_pid() AS pid").first?.int("pid") ?? 0
            return items.map { "\($0)@\(backend)" }
        }
        defer { committer.stopAndJoin() }
        async let first = onThread { try committer.submit("first") }
        #expect(try await eventually { sizes.withLock { $0 } == [1] })
        let others = (1...20).map { "item-\($0)" }
        async let rest = Self.submitAll(committer, others)
        #expect(try await eventually { committer.pendingCount == 20 })
        gate.signal()
        let outcomes = await rest
        #expect(try await first.hasPrefix("first@"))
        #expect(sizes.withLock { $0 } == [1, 20])
        #expect(Set(others.compactMap { outcomes[$0]?.split(separator: "@").first.map(String.init) }) == Set(others))
        #expect(Set(outcomes.values.map { $0.split(separator: "@").last ?? "" }).count == 1)  // One session.
    }

    /// The wait histogram times each item from its submission until a writer takes it, the
    /// write histogram each batch: items queued behind a batch held 50 ms waited at least that.
    @Test func eachItemsWaitAndEachBatchsWriteAreTimed() async throws {
        let gate = DispatchSemaphore(value: 0)
        let metrics = MetricsRegistry()
        let committer = try Self.committer(metrics: metrics) { items, db in
            if items == ["first"] { gate.wait() }
            _ = try db.execute("SELECT 1")
            return items
        }
        defer { committer.stopAndJoin() }
        async let first = onThread { try committer.submit("first") }
        #expect(try await eventually { Self.sample(metrics.render(), "connectbus_group_commit_wait_seconds_count") == 1 })
        let others = (1...20).map { "item-\($0)" }
        async let rest = Self.submitAll(committer, others)
        #expect(try await eventually { committer.pendingCount == 20 })
        try await Task.sleep(for: .milliseconds(50))
        gate.signal()
        _ = await rest
        _ = try await first
        let text = metrics.render()
        #expect(Self.sample(text, "connectbus_group_commit_wait_seconds_count") == 21)
        #expect((Self.sample(text, "connectbus_group_commit_wait_seconds_sum") ?? 0) >= 20 * 0.05)
        #expect(Self.sample(text, "connectbus_group_commit_write_seconds_count") == 2)
        #expect((Self.sample(text, "connectbus_group_commit_write_seconds_sum") ?? 0) >= 0.05)
        #expect(text.contains(#"connectbus_group_commit_wait_seconds_bucket{name="tests",le="5e-05"}"#))
    }

    /// The value of `series{name="tests"}` in the Prometheus text `text`.
    private static func sample(_ text: String, _ series: String) -> Double? {
        let prefix = series + #"{name="tests"} "#
        return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Double($0.dropFirst(prefix.count)) }
    }

    @Test func aBatchThatFailsIsWrittenAgainItemByItemSoOnlyTheBadItemFails() async throws {
        let gate = DispatchSemaphore(value: 0)
        let calls = Mutex<[[String]]>([])
        let committer = try Self.committer { items, db in
            calls.withLock { $0.append(items) }
            if items == ["hold"] { gate.wait() }
            _ = try db.execute("SELECT 1")
            if items.contains("bad") { throw Refused() }
            return items.map { $0.uppercased() }
        }
        defer { committer.stopAndJoin() }
        async let held = onThread { try committer.submit("hold") }
        #expect(try await eventually { calls.withLock { $0.count } == 1 })
        async let outcomes = Self.submitAll(committer, ["a", "bad", "c"])
        #expect(try await eventually { committer.pendingCount == 3 })
        gate.signal()
        let results = await outcomes
        #expect(try await held == "HOLD")
        #expect(results["a"] == "A")
        #expect(results["c"] == "C")
        #expect(results["bad"]?.hasPrefix("error: Refused") == true)
        let batches = calls.withLock { $0 }
        #expect(batches.count == 5)  // hold, the failed batch of 3, then a, bad, c alone.
        #expect(batches.dropFirst(2).map(\.count) == [1, 1, 1])
    }

    @Test func aBrokenConnectionFailsItsBatchAndTheNextBatchReconnects() async throws {
        let committer = try Self.committer { items, db in
            if items == ["kill"] { _ = try? db.execute("SELECT pg_terminate_backend(pg_backend_pid())") }
            _ = try db.execute("SELECT 1")
            return items
        }
        defer { committer.stopAndJoin() }
        let killed = try await onThread { () -> String in
            do { return try committer.submit("kill") } catch { return "error: \(error)" }
        }
        #expect(killed.hasPrefix("error: "))
        #expect(try await onThread { try committer.submit("after") } == "after")
    }

    @Test func anUnreachableDatabaseFailsTheCallerWithAConnectionError() async throws {
        let committer = try Self.committer(url: "postgres://nobody:x@127.0.0.1:1/none?connect_timeout=2") { items, _ in items }
        defer { committer.stopAndJoin() }
        let outcome = try await onThread { () -> String in
            do { return try committer.submit("x") } catch let error as StoreError { return error.code } catch { return "\(error)" }
        }
        #expect(outcome == StoreError.Code.connectionFailed)
    }

    @Test func afterStopSubmitThrowsStopped() async throws {
        let committer = try Self.committer(writers: 2) { items, _ in items }
        #expect(try await onThread { try committer.submit("before") } == "before")
        committer.stopAndJoin()
        committer.stopAndJoin()
        await #expect(throws: GroupCommit<String, String>.Stopped.self) {
            try await onThread { try committer.submit("after") }
        }
    }

    @Test func submitThenCallsBackOnTheWriterWithEachOutcomeWithoutBlockingTheCaller() async throws {
        let gate = DispatchSemaphore(value: 0)
        let committer = try Self.committer { items, db in
            if items == ["hold"] { gate.wait() }  // The only writer is busy: later items queue.
            _ = try db.execute("SELECT 1")
            if items.contains("bad") { throw Refused() }
            return items.map { "\($0)@\(Self.threadName())" }
        }
        defer { committer.stopAndJoin() }
        let outcomes = Mutex<[String: String]>([:])
        func record(_ item: String) -> GroupCommit<String, String>.Completion {
            { result in
                let text = (try? result.get()) ?? "error"
                outcomes.withLock { $0[item] = text }
            }
        }
        committer.submit("hold", then: record("hold"))
        #expect(try await eventually { committer.pendingCount == 0 })  // Taken by the writer.
        // The writer is held, yet each submit returns at once.
        for item in ["a", "bad", "c"] { committer.submit(item, then: record(item)) }
        #expect(committer.pendingCount == 3)
        #expect(outcomes.withLock { $0.isEmpty })
        gate.signal()
        #expect(try await eventually { outcomes.withLock { $0.count } == 4 })
        let seen = outcomes.withLock { $0 }
        #expect(seen["hold"] == "hold@tests.commit-1")
        #expect(seen["a"] == "a@tests.commit-1")  // On the writer's thread.
        #expect(seen["c"] == "c@tests.commit-1")
        #expect(seen["bad"] == "error")  // Written again alone, it fails alone.
    }

    @Test func afterStopSubmitThenCallsBackAtOnceWithStopped() async throws {
        let committer = try Self.committer { items, _ in items }
        committer.stopAndJoin()
        let outcome = Mutex<String?>(nil)
        committer.submit("after") { result in
            outcome.withLock {
                $0 = if case .failure(let error) = result, error is GroupCommit<String, String>.Stopped { "stopped" } else { "other" }
            }
        }
        #expect(outcome.withLock { $0 } == "stopped")  // Before submit returned.
    }

    /// The calling thread's kernel name (what `DedicatedThread` set).
    private static func threadName() -> String {
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
        return comm.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
