#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts detached POSIX threads for the runtime's workers and relay, and for services'
/// own dedicated threads (instead of Foundation's `Thread`, which FoundationEssentials
/// lacks: `DedicatedThread.start(name:) { … }` for `Thread { … }.start()`,
/// `DedicatedThread.sleep(.milliseconds(n))` for `Thread.sleep(forTimeInterval:)`).
///
/// A thread gets the platform's default stack size (8 MiB of address space on Linux; only
/// the pages a thread touches count towards RSS, about 32 KiB for an idle worker), and
/// its name (truncated to 15 bytes, the kernel's limit) shows in `top -H` and `/proc`.
/// Thread-safety: `start` may be called from any thread.
public enum DedicatedThread {
    /// Runs `body` on a new detached thread named `name`.
    /// - Returns: `false` if the system could not create the thread (`body` not run).
    @discardableResult
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let named: @Sendable () -> Void = {
            nameCurrentThread(name)
            body()
        }
        let box = Unmanaged.passRetained(Start(body: named))
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
                start.body()
                return nil
            }, box.toOpaque())
        guard created == 0 else {
            box.release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Blocks the calling thread for `duration` (clamped at zero); never on the cooperative pool.
    public static func sleep(_ duration: Duration) {
        let parts = max(duration, .zero).components
        var request = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// Names the calling thread: the first 15 bytes of `name` written to
    /// `/proc/thread-self/comm`, what `pthread_setname_np` does on Linux (glibc declares it
    /// only under `_GNU_SOURCE`, which Swift's Glibc module does not set). Best effort: a
    /// thread that cannot be named runs unnamed.
    static func nameCurrentThread(_ name: String) {
        #if os(Linux)
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var bytes = Array(name.utf8.prefix(15))
        _ = write(descriptor, &bytes, bytes.count)
        #elseif canImport(Darwin)
        pthread_setname_np(name)
        #endif
    }

    private final class Start {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
