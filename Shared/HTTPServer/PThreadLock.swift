#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex allocated once and never moved, for state that libmicrohttpd's threads
/// and the threads answering deferred requests share. A pthread mutex rather than
/// `Synchronization.Mutex`: ThreadSanitizer (`make fuzz`'s run) sees the order it makes,
/// and reports races under `Mutex` on Linux.
/// Thread-safety: `Sendable`; ``withLock(_:)`` may be called from any thread (not recursively).
final class PThreadLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the mutex held.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
