#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A one-way "please stop" flag that threads poll and sleep on: ``wait(_:)`` sleeps up to
/// a duration but returns at once when ``stop()`` is called.
/// Thread-safety: `Sendable`; any thread may stop or wait.
public final class StopSignal: @unchecked Sendable {
    // A pthread mutex and condition variable (CLOCK_MONOTONIC), allocated once and never
    // moved; the flag is only changed with the mutex held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let flag = Atomic<Bool>(false)

    /// A signal not yet stopped.
    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// `true` once ``stop()`` was called.
    public var isStopped: Bool { flag.load(ordering: .acquiring) }

    /// Sets the flag and wakes every waiter.
    public func stop() {
        pthread_mutex_lock(mutex)
        flag.store(true, ordering: .releasing)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Sleeps up to `duration`; returns `true` if stopped (now or while waiting).
    @discardableResult
    public func wait(_ duration: Duration) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let parts = max(duration, .zero).components
        let nanoseconds = Int(now.tv_nsec) + Int(parts.attoseconds / 1_000_000_000)
        var deadline = timespec(tv_sec: now.tv_sec + Int(parts.seconds) + nanoseconds / 1_000_000_000,
                                tv_nsec: nanoseconds % 1_000_000_000)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isStopped {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        return isStopped
    }
}
