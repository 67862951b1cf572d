import Foundation

/// Runs blocking work (rabbitmq-c, libpq, libcurl) on a dedicated thread, never on Swift's
/// cooperative pool, and resumes the calling task with its result.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}

/// Polls `condition` on a dedicated thread every 100 ms until it holds or `timeout` passes;
/// a throwing check counts as not holding yet. Returns whether it held.
func eventually(timeout: Duration = .seconds(30), _ condition: @escaping @Sendable () throws -> Bool) async throws -> Bool {
    try await onThread {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (try? condition()) == true { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return (try? condition()) == true
    }
}
