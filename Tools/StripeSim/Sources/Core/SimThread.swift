import Foundation

/// One named thread of the simulator, started once and joinable: ``join()`` returns once the
/// body has returned, so a process may exit with none of its work running; called on that
/// thread itself, which cannot wait for its own end, it returns at once. The body is told to
/// stop by its owner (``SimScheduler``, ``WebhookDispatcher``), not by this type.
/// Thread-safe.
final class SimThread: @unchecked Sendable {
    private let condition = NSCondition()
    private let name: String
    private var started = false
    /// The thread while its body runs.
    private var running: Thread?

    /// A thread named `name` (as `top` and debuggers show it), not started yet.
    init(name: String) { self.name = name }

    /// Runs `body` on a new thread, the first time only.
    func start(_ body: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return }
        started = true
        let thread = Thread { [self] in
            body()
            condition.lock()
            running = nil
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        running = thread
        thread.start()
    }

    /// Waits until the body has returned (at once when it never started, or when called from
    /// the thread itself).
    func join() {
        condition.lock()
        defer { condition.unlock() }
        while let thread = running, thread !== Thread.current { condition.wait() }
    }
}
