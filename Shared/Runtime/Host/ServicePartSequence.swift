import Synchronization

/// A host's parts in their start order: ``start(_:)`` starts them one after the other and,
/// when one fails, stops the ones already started in reverse before it rethrows;
/// ``stop(timeout:)`` stops the started ones in reverse, each joined before the next one is
/// asked, within one deadline for all. A stop that comes while parts are starting ends the
/// start: the part being started is stopped as soon as its start returns, and no further one
/// starts.
///
/// Thread-safety: `Sendable`; ``start(_:)`` from one thread, ``stop(timeout:)`` from any
/// (it blocks: never on the cooperative pool).
public final class ServicePartSequence: Sendable {
    private struct State {
        var started: [any ServicePart] = []
        var stopped = false
    }

    private let state = Mutex(State())
    private let log: Logger

    /// A sequence that logs to `log` (a part that fails to start, or does not stop in time).
    public init(log: Logger) {
        self.log = log
    }

    /// The names of the parts started and not yet stopped, in start order.
    public var startedNames: [String] { state.withLock { $0.started.map(\.name) } }

    /// Starts `parts` in order (after those of an earlier call). Returns early, starting no
    /// more, once ``stop(timeout:)`` was called.
    /// - Parameter rollbackTimeout: how long the parts already started get to stop after a
    ///   failure.
    /// - Throws: the first part's start error, after the parts started before it were stopped
    ///   and joined in reverse.
    public func start(_ parts: [any ServicePart], rollbackTimeout: Duration = .seconds(30)) throws {
        for part in parts {
            guard !state.withLock({ $0.stopped }) else { return }
            do {
                try part.start()
            } catch {
                log.error(
                    "part failed to start; stopping the parts started", ["part": part.name, "error": String(describing: error)])
                stop(timeout: rollbackTimeout)
                throw error
            }
            let kept = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.started.append(part)
                return true
            }
            if !kept {
                stopAndJoin(part, deadline: .now + rollbackTimeout)
                return
            }
        }
    }

    /// Stops the started parts in reverse start order, each asked to stop and joined before
    /// the next, all within `timeout`; a part still running when its share of the time is
    /// over is logged and left behind. Later ``start(_:)`` calls start nothing. Idempotent.
    public func stop(timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        let parts = state.withLock { state -> [any ServicePart] in
            state.stopped = true
            defer { state.started = [] }
            return state.started
        }
        for part in parts.reversed() { stopAndJoin(part, deadline: deadline) }
    }

    private func stopAndJoin(_ part: any ServicePart, deadline: ContinuousClock.Instant) {
        part.stop()
        let left = max(.zero, deadline - .now)
        if !part.join(timeout: left) {
            log.warning("part did not stop in time", ["part": part.name, "timeout_ms": String(Int(left.seconds * 1000))])
        }
    }
}
