import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The work of one ``BackgroundLoop``: what to connect, one step, what to do after a
/// failure and before the thread ends. Created on the loop's thread and used only there,
/// so it may own C handles (libpq, rabbitmq-c, libcurl) and need not be `Sendable`.
public protocol BackgroundTask: SendableMetatype {
    /// Opens what ``step()`` needs; called before every step, so it must be cheap when
    /// everything is open already. Throwing backs off (``failed(_:retryIn:)``).
    mutating func connect() throws
    /// One unit of work (a batch, a poll, a tick); says whether to step again at once,
    /// after an idle wait, or to end.
    /// - Throws: anything: the loop calls ``failed(_:retryIn:)`` and waits out its backoff.
    mutating func step() throws -> BackgroundLoop.Next
    /// ``connect()`` or ``step()`` threw `error`; the loop sleeps `retryIn` (ended early by
    /// stop) before it connects again. Log, and close what broke. Default: nothing.
    mutating func failed(_ error: any Error, retryIn: Duration)
    /// Runs once on the loop's thread after it was stopped (or a step returned
    /// ``BackgroundLoop/Next/finished``), before ``BackgroundLoop/join(timeout:)`` returns:
    /// flush, close. Default: nothing.
    mutating func finish()
}

extension BackgroundTask {
    public mutating func connect() throws {}
    public mutating func failed(_ error: any Error, retryIn: Duration) {}
    public mutating func finish() {}
}

/// One dedicated thread running the runtime's one background-loop shape: connect, step,
/// back off after a failure, stop. The worker, the outbox relay, the group-commit writers
/// of the webhook ingress, the span exporter, the database-gauge sampler, notifications'
/// backfill sweeper and terminal-gateway's reconcile scheduler are each a ``BackgroundTask`` on one of these.
///
/// ```
/// wait firstStepAfter (ended early by stop)
/// while not stopped:
///     connect; next = step; reset backoff          → .again: loop   .idle(d): wait d or a nudge
///                                                     .pause(d): wait d   .finished: leave
///     on a throw: failed(error, retryIn: backoff.next()); wait that long (ended early by stop)
/// finish; signal join
/// ```
/// Waits end at once on ``stop()`` (a ``StopSignal``, which several loops may share, as a
/// host's workers do) and idle waits also on ``nudge()`` (a ``Doorbell``). A stop does not
/// interrupt a step: the step in hand finishes first.
///
/// Thread-safety: `Sendable`; ``start(_:)``, ``nudge()``, ``stop()`` and ``join(timeout:)``
/// from any thread (``join(timeout:)`` blocks: never on the cooperative pool).
public final class BackgroundLoop: Sendable {
    /// What a ``BackgroundTask/step()`` asks for next.
    public enum Next: Sendable, Equatable {
        /// Step again at once (work is waiting, or the step waited itself).
        case again
        /// Wait up to this long — less when nudged or stopped — then step again.
        case idle(Duration)
        /// Wait this long — less only when stopped, not when nudged — then step again: a
        /// step that lets work gather before it takes it (the outbox relay's linger).
        case pause(Duration)
        /// Leave the loop (then ``BackgroundTask/finish()`` runs).
        case finished
    }

    /// The thread's name (15 bytes show in `top -H`).
    public let name: String
    private let backoff: Backoff
    private let firstStepAfter: Duration
    private let stopSignal: StopSignal
    private let doorbell: Doorbell
    private let started = Mutex(false)
    private let finished = DispatchSemaphore(value: 0)
    /// The loop's thread while it runs (for ``join(timeout:)`` called on it).
    private let thread = Mutex<pthread_t?>(nil)

    /// A loop, not started.
    /// - Parameters:
    ///   - name: the thread's name.
    ///   - backoff: delays after failures (default 100 ms doubling to 5 s; `Backoff(initial: d, cap: d)`
    ///     retries about every `d`).
    ///   - firstStepAfter: how long to wait before the first step (a scheduler's first tick).
    ///   - stopSignal: the signal that stops it (shared by loops stopped together), a new one by default.
    ///   - doorbell: what ends its idle waits besides ``nudge()`` (one rung before the loop
    ///     exists, e.g. ``RelayWakeup``'s), a new one by default.
    public init(
        name: String, backoff: Backoff = Backoff(), firstStepAfter: Duration = .zero,
        stopSignal: StopSignal = StopSignal(), doorbell: Doorbell = Doorbell()
    ) {
        self.doorbell = doorbell
        self.name = name
        self.backoff = backoff
        self.firstStepAfter = firstStepAfter
        self.stopSignal = stopSignal
    }

    /// Whether ``stop()`` was called (or the shared signal stopped).
    public var isStopped: Bool { stopSignal.isStopped }

    /// Starts the thread, which calls `makeTask` and runs the task until stopped; does
    /// nothing after the first call or after ``stop()``.
    /// - Returns: `false` only when the system could not create the thread (then
    ///   ``join(timeout:)`` returns at once); `true` also when there was nothing to do.
    @discardableResult
    public func start<Work: BackgroundTask>(_ makeTask: @escaping @Sendable () -> Work) -> Bool {
        let starting = started.withLock { started -> Bool in
            guard !started, !stopSignal.isStopped else { return false }
            started = true
            return true
        }
        guard starting else { return true }
        let created = DedicatedThread.start(name: name) { [self] in
            thread.withLock { $0 = pthread_self() }
            var task = makeTask()
            run(&task)
        }
        if !created { started.withLock { $0 = false } }
        return created
    }

    /// Ends the current (or next) idle wait at once, e.g. when fresh work was committed.
    /// Cheap; any thread, as often as needed.
    public func nudge() { doorbell.ring() }

    /// Asks the loop to end: waits end at once, the step in hand finishes, then the task's
    /// ``BackgroundTask/finish()`` runs. Does not wait (see ``join(timeout:)``).
    public func stop() {
        stopSignal.stop()
        doorbell.ring()
    }

    /// Waits until the thread has ended (at once when it never started); `false` when
    /// `timeout` passed first (`nil`: no limit). Called on the loop's own thread (from its
    /// task, e.g. a step that stops what owns the loop), it returns `false` at once: a thread
    /// cannot wait for its own end.
    @discardableResult
    public func join(timeout: Duration? = nil) -> Bool {
        guard started.withLock({ $0 }) else { return true }
        let onLoopThread = thread.withLock { running in running.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if onLoopThread { return false }
        if let timeout {
            guard finished.wait(timeout: .now() + .milliseconds(Int(timeout.seconds * 1000))) == .success else {
                return false
            }
        } else {
            finished.wait()
        }
        finished.signal()  // For the next joiner: the thread has ended for good.
        return true
    }

    private func run<Work: BackgroundTask>(_ task: inout Work) {
        var backoff = self.backoff
        if firstStepAfter > .zero { stopSignal.wait(firstStepAfter) }
        steps: while !stopSignal.isStopped {
            do {
                try task.connect()
                let next = try task.step()
                backoff.reset()
                switch next {
                case .again: continue
                case .idle(let duration): doorbell.wait(duration)
                case .pause(let duration): stopSignal.wait(duration)
                case .finished: break steps
                }
            } catch {
                let delay = backoff.next()
                task.failed(error, retryIn: delay)
                stopSignal.wait(delay)
            }
        }
        task.finish()
        thread.withLock { $0 = nil }
        finished.signal()
    }
}

/// A wake-up call for a thread that sleeps between polls: ``ring()`` ends the current (or
/// next) ``wait(_:)`` at once; rings while nobody waits are remembered as one. The outbox
/// relay sleeps on one so that a writer can hand it fresh rows without waiting for the
/// next poll.
/// Thread-safety: `Sendable`; any thread may ring or wait.
public final class Doorbell: @unchecked Sendable {
    private let condition = TimedCondition()
    private var rung = false  // Guarded by `condition`.

    /// A doorbell not rung.
    public init() {}

    /// Wakes the waiter (or the next one).
    public func ring() {
        condition.locked { rung = true }
    }

    /// Sleeps up to `duration`, or less when rung; returns whether it was rung (and clears
    /// the ring).
    @discardableResult
    public func wait(_ duration: Duration) -> Bool {
        condition.wait(duration, until: { rung }, after: { _ in rung = false })
    }
}
