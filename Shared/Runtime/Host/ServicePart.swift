/// One long-lived part of a service: a thread (or threads) of its own with a name, started
/// once, asked to stop, and waited for with a deadline. The host starts its parts after the
/// migrations, in order, and stops them in reverse (``ServicePartSequence``,
/// ARCHITECTURE.md "Lifecycle"): first the service's parts that do not need the broker
/// (``needsBroker`` `false`: the webhook ingress), before the topology is declared, so they
/// serve while the broker is unreachable; then the span exporter, the fleet rate limiter, the
/// outbox relay, the retention thread, the workers, then the service's other parts in the
/// order its host function adds them (the backfill sweeper, the schedulers, the
/// database-gauge sampler). The parts that do not need the broker stop first.
///
/// In the spirit of swift-service-lifecycle's `Service`, on the runtime's own threads: a
/// part never runs on the cooperative pool, and ``join(timeout:)`` blocks (call it from a
/// thread of its own, never from an `async` context).
///
/// Thread-safety: conforming types are `Sendable` classes; every requirement may be called
/// from any thread.
public protocol ServicePart: AnyObject, Sendable {
    /// A stable name for logs (`payments.relay`, `payments.statement-scheduler`).
    var name: String { get }
    /// Starts the part's threads and returns without waiting for their first step. Does
    /// nothing when already started, when stopped, or when the part's settings turn it off.
    /// - Throws: ``ServicePartError`` (or the part's own error) when it cannot start, e.g. the
    ///   system refused a thread; the host then stops the parts already started.
    func start() throws
    /// Asks the part to stop: waits end at once, the work in hand finishes (a batch, a page,
    /// a tick), then the part flushes and closes what it holds. Does not wait; idempotent.
    func stop()
    /// Waits until the part's threads have ended, at most `timeout` (at once when it never
    /// started); `false` when the time ran out first. Blocks the calling thread.
    @discardableResult
    func join(timeout: Duration) -> Bool
    /// Whether the part needs the broker's topology to work. `false` for a part that only
    /// writes to Postgres (its messages leave through the outbox relay), such as a
    /// ``GroupCommit`` behind an HTTP endpoint: the host starts it as soon as the schema is
    /// migrated, before it declares the topology (which waits for the broker), and stops it
    /// before the other parts. Default `true`.
    var needsBroker: Bool { get }
}

extension ServicePart {
    /// Most parts publish or consume, so they start once the topology is declared.
    public var needsBroker: Bool { true }

    /// ``stop()`` then ``join(timeout:)``: for tests and tools that run one part alone.
    /// - Returns: `false` when the part had not stopped within `timeout`.
    @discardableResult
    public func stopAndJoin(timeout: Duration = .seconds(30)) -> Bool {
        stop()
        return join(timeout: timeout)
    }
}

/// Why a ``ServicePart`` could not start.
public struct ServicePartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The part's name.
    public var part: String
    /// What went wrong, for the log.
    public var message: String

    /// Creates an error for `part`.
    public init(part: String, message: String) {
        self.part = part
        self.message = message
    }

    /// The system could not create the part's thread (`pthread_create` failed).
    public static func threadNotCreated(_ part: String) -> ServicePartError {
        ServicePartError(part: part, message: "the system could not create its thread")
    }

    public var description: String { "\(part): \(message)" }
}

extension BackgroundLoop {
    /// Starts the loop with `makeTask` as ``start(_:)`` does, as the start of the part `part`.
    /// - Throws: ``ServicePartError/threadNotCreated(_:)`` when the system refused the thread.
    public func start<Work: BackgroundTask>(part: String, _ makeTask: @escaping @Sendable () -> Work) throws(ServicePartError) {
        guard start(makeTask) else { throw .threadNotCreated(part) }
    }
}
