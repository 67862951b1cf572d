#if canImport(Glibc)
import Glibc
#endif

/// A wake-up call for a thread that sleeps between polls: ``ring()`` ends the current (or
/// next) ``wait(_:)`` at once; rings while nobody waits are remembered as one. The outbox
/// relay sleeps on one so that a writer can hand it fresh rows without waiting for the
/// next poll.
/// Thread-safety: `Sendable`; any thread may ring or wait.
public final class Doorbell: @unchecked Sendable {
    // A pthread mutex and condition variable (CLOCK_MONOTONIC), allocated once and never
    // moved; `rung` is only touched with the mutex held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var rung = false

    /// A doorbell not rung.
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

    /// Wakes the waiter (or the next one).
    public func ring() {
        pthread_mutex_lock(mutex)
        rung = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Sleeps up to `duration`, or less when rung; returns whether it was rung (and clears
    /// the ring).
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
        while !rung {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        defer { rung = false }
        return rung
    }
}
