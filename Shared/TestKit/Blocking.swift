import Foundation

/// Runs blocking work (rabbitmq-c, libpq, libcurl) on a dedicated thread, never on Swift's
/// cooperative pool, and resumes the calling task with its result.
///
/// - Parameter body: the blocking work; it runs once, on a new `Thread`.
/// - Returns: what `body` returned.
/// - Throws: whatever `body` threw.
public func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}

/// Polls `condition` (on a dedicated thread) every 50 ms until it holds or `timeout` passes;
/// a throwing check counts as not holding yet (e.g. a queue not declared yet).
///
/// - Parameters:
///   - timeout: how long to poll; 30 seconds by default.
///   - condition: the check; it runs on the polling thread, never on the cooperative pool.
/// - Returns: whether the condition held.
/// - Throws: the last check's error, when the check made at the deadline throws.
public func eventually(
    timeout: Duration = .seconds(30),
    _ condition: @escaping @Sendable () throws -> Bool
) async throws -> Bool {
    try await onThread {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (try? condition()) == true { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }
}

/// Blocks the calling thread — one that is not the cooperative pool's, such as a worker
/// thread running a test seam's closure — polling `condition` every 10 ms until it holds or
/// `timeout` passes.
///
/// - Parameters:
///   - timeout: how long to poll; 20 seconds by default.
///   - condition: the check, run on the calling thread.
/// - Returns: whether the condition held.
@discardableResult
public func blockUntil(timeout: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}
