#if canImport(Glibc)
import Glibc
#endif

/// `SIGPIPE` set to ignored for the whole process, once at start-up, so that a write to a
/// socket or pipe whose peer is gone fails with `EPIPE` (an error the caller handles) rather
/// than killing the service.
///
/// The C libraries avoid the signal on their own sockets today (rabbitmq-c and libpq send
/// with `MSG_NOSIGNAL`, libcurl runs with `CURLOPT_NOSIGNAL`, libmicrohttpd suppresses it),
/// but any other write does not: standard error piped to a log shipper that exited, a
/// library that writes with `write(2)`, a future socket of the service's own. The default
/// action of `SIGPIPE` (terminate without a word) is the wrong failure for a server.
///
/// ``ServiceMain/run(service:_:)`` calls ``ignore()`` before reading the configuration, and
/// ``ServiceHost/start()`` calls it again for hosts started without `ServiceMain` (tests,
/// embedding programs). The `connectbus` CLI keeps the default on purpose: like other Unix
/// tools it ends quietly when its output pipe closes (`connectbus tail | head`).
/// Thread-safety: process-wide and idempotent; any thread may call it.
public enum BrokenPipe {
    /// Sets `SIGPIPE` to `SIG_IGN` for the process: every thread, and children it `exec`s
    /// unless they reset it (the services start none). Idempotent.
    public static func ignore() {
        #if canImport(Glibc)
        _ = signal(SIGPIPE, SIG_IGN)
        #endif
    }

    /// Whether `SIGPIPE` is currently ignored by the process (read with `sigaction`,
    /// changing nothing).
    public static var isIgnored: Bool {
        #if canImport(Glibc)
        var current = sigaction()
        guard sigaction(SIGPIPE, nil, &current) == 0 else { return false }
        // C function pointers are not Equatable in Swift: compare their addresses.
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #else
        return false
        #endif
    }
}
