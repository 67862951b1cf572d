#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex with a condition variable on `CLOCK_MONOTONIC` (wall-clock changes do
/// not stretch or cut waits), allocated once and never moved: the base of ``StopSignal``
/// and ``Doorbell``. State guarded by it lives in the owner and is only touched inside
/// ``locked(_:)`` or a ``wait(_:until:)`` predicate. `package`: the fleet rate limiter in
/// Runtime waits on one too.
/// Thread-safety: `Sendable`; any thread may lock, wait or signal.
package final class TimedCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
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

    /// Runs `body` with the mutex held, then wakes one waiter (`wakeAll`: every waiter).
    package func locked<T>(wakeAll: Bool = false, _ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer {
            if wakeAll { pthread_cond_broadcast(condition) } else { pthread_cond_signal(condition) }
            pthread_mutex_unlock(mutex)
        }
        return body()
    }

    /// Waits, mutex held, until `done()` is true or `duration` has passed, and returns
    /// `done()`'s last answer; `after` then runs with the mutex still held (to consume what
    /// was waited for).
    package func wait(_ duration: Duration, until done: () -> Bool, after: (Bool) -> Void = { _ in }) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let parts = max(duration, .zero).components
        let nanoseconds = Int(now.tv_nsec) + Int(parts.attoseconds / 1_000_000_000)
        var deadline = timespec(
            tv_sec: now.tv_sec + Int(parts.seconds) + nanoseconds / 1_000_000_000,
            tv_nsec: nanoseconds % 1_000_000_000)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !done() {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        let result = done()
        after(result)
        return result
    }
}
