#if canImport(Glibc)
import Glibc
#endif
import Dispatch
public import Store

/// Group commit for request threads that must see their write committed before they
/// answer (webhook ingress, HTTP endpoints): callers on any number of threads
/// ``submit(_:)`` one item each and block (or ``submit(_:then:)`` and are called back on the
/// writer's thread, for a server thread that must not wait); `writers` dedicated threads, each owning one
/// Postgres connection, take everything pending (up to `maxBatch` items, in arrival order)
/// and pass it to `write` as one batch — one round trip and one commit (one WAL flush)
/// for the whole batch instead of one per caller.
///
/// `write` gets the batch and the writer's connection and returns one outcome per item,
/// in order; it should write with one statement or one transaction, so a batch is stored
/// entirely or not at all.
///
/// Failures (nothing is lost, nothing half-written):
/// - `write` throws and the connection is still usable: each item of the batch is written
///   again alone, so a bad item fails only its own caller (with what `write` threw);
/// - the connection broke (or was left inside a transaction): every caller of the batch
///   gets the error, the connection is closed and the next batch opens a new one;
/// - the connection cannot be opened: the batch's callers get `StoreError`
///   `store.connection_failed`;
/// - after ``stop()``: ``submit(_:)`` throws ``Stopped``; items already taken finish first.
///
/// Thread-safety: `Sendable`; call ``submit(_:)`` from any thread but never from Swift's
/// cooperative pool (it blocks until the batch is committed); ``submit(_:then:)`` never blocks.
public final class GroupCommit<Item: Sendable, Outcome: Sendable>: ServicePart, @unchecked Sendable {
    /// Writes one batch on `db`; returns one outcome per item, in order.
    public typealias Write = @Sendable (_ items: [Item], _ db: PGConnection) throws -> [Outcome]

    /// ``submit(_:)`` after ``stop()``.
    public struct Stopped: Error, Sendable, CustomStringConvertible {
        public var description: String { "group commit stopped" }
    }

    /// `write` returned a different number of outcomes than it was given items.
    public struct OutcomeCountMismatch: Error, Sendable, CustomStringConvertible {
        public let items: Int
        public let outcomes: Int
        public var description: String { "group commit: \(outcomes) outcomes for \(items) items" }
    }

    /// What a ``submit(_:then:)`` caller is told, on the writer's thread.
    public typealias Completion = @Sendable (Result<Outcome, any Error>) -> Void

    /// One caller's item; a blocking caller sleeps on `ready` (its own, so finishing a batch
    /// wakes exactly that batch's callers), a ``submit(_:then:)`` caller gets `completion`.
    private final class Ticket: @unchecked Sendable {
        let item: Item
        let completion: Completion?
        let ready: DispatchSemaphore?
        /// When the caller queued it (the start of ``GroupCommit``'s wait histogram).
        let queued = ContinuousClock.now
        // Written by a writer before `ready` is signalled, read by the caller after.
        var result: Result<Outcome, any Error>?
        init(_ item: Item, completion: Completion?) {
            self.item = item
            self.completion = completion
            self.ready = completion == nil ? DispatchSemaphore(value: 0) : nil
        }

        /// Hands `outcome` to the caller (called once, by a writer).
        func finish(_ outcome: Result<Outcome, any Error>) {
            if let completion {
                completion(outcome)
            } else {
                result = outcome
                ready?.signal()
            }
        }
    }

    private let databaseURL: String
    private let connectTimeoutSeconds: Int
    private let applicationName: String
    private let maxBatch: Int
    private let write: Write
    private let afterCommit: (@Sendable () -> Void)?
    private let log: Logger
    private let batches: Counter
    private let items: Counter
    private let waitSeconds: Histogram
    private let writeSeconds: Histogram
    // A pthread mutex with a condition variable, allocated once and never moved: writers
    // wait on `work`. `pending`, `stopped` and `running` are only touched with the mutex held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let work = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: [Ticket] = []
    private var stopped = false
    private var running = 0
    private var started = false
    /// The writers' threads (``BackgroundLoop``s that end when stopped and drained).
    private let writers: [BackgroundLoop]
    /// The name of the group (its threads are `<name>.commit-<n>`).
    public let name: String

    /// A group of `writers` writer threads named `<name>.commit-<n>`, started by ``start()``
    /// (connections are opened on their first batch); a ``ServicePart``.
    /// - Parameters:
    ///   - name: thread names and the `name` label of the metrics.
    ///   - databaseURL: libpq URL; each writer opens its own connection.
    ///   - connectTimeoutSeconds: how long opening it may take unless the URL says
    ///     (`connect_timeout`); callers wait that long at most when the server is unreachable.
    ///   - applicationName: `application_name` of the writers' sessions.
    ///   - writers: writer threads (1…64; 2 lets one batch commit while the next fills).
    ///   - maxBatch: most items per batch (1…10,000).
    ///   - metrics: registry for `connectbus_group_commit_batches_total{name}` and
    ///     `connectbus_group_commit_items_total{name}` (items ÷ batches = mean batch size),
    ///     and two histograms of where a caller waits, in seconds:
    ///     `connectbus_group_commit_wait_seconds{name}` (per item: from its submission until
    ///     a writer takes the batch holding it) and `connectbus_group_commit_write_seconds{name}`
    ///     (per batch: its write, its commit and `afterCommit`, until its callers are told).
    ///   - log: where connection failures are reported.
    ///   - afterCommit: called on the writer thread after each batch that stored at least
    ///     one item, before its callers are woken (e.g. ``ServiceHost/nudgeOutboxRelay()``).
    ///   - write: the batch writer.
    public init(
        name: String, databaseURL: String, connectTimeoutSeconds: Int = 10, applicationName: String,
        writers: Int = 2, maxBatch: Int = 64,
        metrics: MetricsRegistry, log: Logger, afterCommit: (@Sendable () -> Void)? = nil,
        write: @escaping Write
    ) {
        self.afterCommit = afterCommit
        self.databaseURL = databaseURL
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.applicationName = applicationName
        self.maxBatch = min(max(1, maxBatch), 10_000)
        self.write = write
        self.log = log
        batches = metrics.counter(
            "connectbus_group_commit_batches_total",
            help: "Batches written by group commit (one commit each).", labels: ["name"])
        items = metrics.counter(
            "connectbus_group_commit_items_total",
            help: "Items written by group commit.", labels: ["name"])
        waitSeconds = metrics.histogram(
            "connectbus_group_commit_wait_seconds",
            help: "Time from an item's submission until a writer takes the batch holding it, in seconds.",
            labels: ["name"], buckets: MetricsRegistry.stageBuckets)
        writeSeconds = metrics.histogram(
            "connectbus_group_commit_write_seconds",
            help: "Time a group-commit batch takes to write and commit, in seconds.",
            labels: ["name"], buckets: MetricsRegistry.stageBuckets)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(work, nil)
        let count = min(max(1, writers), 64)
        self.name = name
        self.writers = (1...count).map { BackgroundLoop(name: "\(name).commit-\($0)") }
    }

    /// Starts the writer threads (once; nothing after ``stop()``). Until then ``submit(_:)``
    /// throws ``Stopped``.
    /// - Throws: ``ServicePartError`` when the system created none of the threads (one that
    ///   fails among others is logged; the others write).
    public func start() throws {
        pthread_mutex_lock(mutex)
        let first = !started && !stopped
        started = true
        pthread_mutex_unlock(mutex)
        guard first else { return }
        for loop in writers {
            pthread_mutex_lock(mutex)
            running += 1
            pthread_mutex_unlock(mutex)
            if !loop.start({ [self] in Writer(group: self, label: name) }) {
                pthread_mutex_lock(mutex)
                running -= 1
                pthread_mutex_unlock(mutex)
                log.error("group commit writer thread could not be created", ["name": name])
            }
        }
        pthread_mutex_lock(mutex)
        let none = running == 0
        pthread_mutex_unlock(mutex)
        if none { throw ServicePartError.threadNotCreated(name) }
    }

    deinit {
        pthread_cond_destroy(work)
        pthread_mutex_destroy(mutex)
        work.deallocate()
        mutex.deallocate()
    }

    /// Queues `item`, waits until the batch holding it is committed, and returns its outcome.
    /// - Throws: what `write` threw for this item, `StoreError` when the database cannot be
    ///   reached, ``Stopped`` after ``stop()`` (or when no writer thread runs),
    ///   ``OutcomeCountMismatch`` for a `write` that broke its contract.
    public func submit(_ item: Item) throws -> Outcome {
        let ticket = Ticket(item, completion: nil)
        guard enqueue(ticket) else { throw Stopped() }
        ticket.ready?.wait()
        guard let result = ticket.result else { throw Stopped() }  // Never: set before `ready`.
        return try result.get()
    }

    /// Queues `item` without waiting: `completion` gets its outcome (the same outcomes and
    /// errors as ``submit(_:)``) on the writer's thread once the batch holding it is
    /// committed — or at once, on the calling thread, with ``Stopped`` after ``stop()``.
    /// `completion` should be quick: the writer takes its next batch after it returns.
    public func submit(_ item: Item, then completion: @escaping Completion) {
        guard enqueue(Ticket(item, completion: completion)) else {
            completion(.failure(Stopped()))
            return
        }
    }

    /// Appends `ticket` and wakes a writer; `false` when stopped (or no writer runs).
    private func enqueue(_ ticket: Ticket) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !stopped, running > 0 else { return false }
        pending.append(ticket)
        pthread_cond_signal(work)
        return true
    }

    /// Items queued and not yet taken by a writer.
    var pendingCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return pending.count
    }

    /// Stops taking items (later submissions throw ``Stopped``) and lets the writers finish
    /// what they hold; does not wait (``join(timeout:)``). Idempotent.
    public func stop() {
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_broadcast(work)
        pthread_mutex_unlock(mutex)
    }

    /// `false`: a group commit only writes to Postgres, so its host starts it before it waits
    /// for the broker (``ServicePart/needsBroker``).
    public var needsBroker: Bool { false }

    /// Waits up to `timeout` for every writer to have committed what it held and ended.
    @discardableResult
    public func join(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        return writers.allSatisfy { $0.join(timeout: max(.zero, deadline - .now)) }
    }

    /// One writer thread: each step takes the next batch (waiting for one) and commits it;
    /// the loop ends once stopped and drained. Failures are the batch's callers' (see the
    /// type's documentation), so a step never throws and the loop never backs off.
    private struct Writer: BackgroundTask {
        let group: GroupCommit
        let label: String
        var db: PGConnection?

        init(group: GroupCommit, label: String) {
            self.group = group
            self.label = label
        }

        mutating func step() -> BackgroundLoop.Next {
            guard let batch = group.nextBatch() else { return .finished }
            let taken = ContinuousClock.now
            for ticket in batch { group.waitSeconds.observe((taken - ticket.queued).seconds, label) }
            let results = group.commit(batch.map(\.item), &db)
            group.batches.increment(label)
            group.items.increment(label, by: Double(batch.count))
            if let afterCommit = group.afterCommit,
                results.contains(where: { if case .success = $0 { true } else { false } })
            {
                afterCommit()
            }
            group.writeSeconds.observe((ContinuousClock.now - taken).seconds, label)
            for (ticket, result) in zip(batch, results) { ticket.finish(result) }
            return .again
        }

        func finish() { group.writerEnded() }
    }

    /// A writer left: when it was the last, callers that queued after it would wait
    /// forever, so they fail with ``Stopped``.
    private func writerEnded() {
        pthread_mutex_lock(mutex)
        running -= 1
        let orphans = running == 0 ? pending : []
        if running == 0 { pending.removeAll() }
        pthread_mutex_unlock(mutex)
        for ticket in orphans { ticket.finish(.failure(Stopped())) }
    }

    /// The next batch in arrival order, or `nil` once stopped and drained.
    private func nextBatch() -> [Ticket]? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while pending.isEmpty {
            if stopped { return nil }
            pthread_cond_wait(work, mutex)
        }
        let batch = Array(pending.prefix(maxBatch))
        pending.removeFirst(batch.count)
        if !pending.isEmpty { pthread_cond_signal(work) }
        return batch
    }

    /// Writes `batch` (or, after a failure on a usable connection, each item alone).
    private func commit(_ batch: [Item], _ db: inout PGConnection?) -> [Result<Outcome, any Error>] {
        let connection: PGConnection
        do {
            connection =
                try db
                ?? PGConnection(
                    url: databaseURL, applicationName: applicationName,
                    connectTimeoutSeconds: connectTimeoutSeconds)
            db = connection
        } catch {
            log.warning("group commit cannot reach the database", ["error": String(describing: error)])
            return batch.map { _ in .failure(error) }
        }
        do {
            return try attempt(batch, connection).map { .success($0) }
        } catch {
            guard connection.isHealthy, !connection.isInTransaction else {
                db = nil
                return batch.map { _ in .failure(error) }
            }
            guard batch.count > 1 else { return [.failure(error)] }
            var results: [Result<Outcome, any Error>] = []
            for item in batch {
                guard db != nil else {
                    results.append(.failure(error))  // The connection broke on an earlier item.
                    continue
                }
                do {
                    results.append(.success(try attempt([item], connection)[0]))
                } catch {
                    if !connection.isHealthy || connection.isInTransaction { db = nil }
                    results.append(.failure(error))
                }
            }
            return results
        }
    }

    private func attempt(_ items: [Item], _ db: PGConnection) throws -> [Outcome] {
        let outcomes = try write(items, db)
        guard outcomes.count == items.count else {
            throw OutcomeCountMismatch(items: items.count, outcomes: outcomes.count)
        }
        return outcomes
    }
}
