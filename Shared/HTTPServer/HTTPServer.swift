import CMicroHTTPD
import CShims
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A small HTTP/1.1 server over libmicrohttpd, for health and metrics endpoints, Stripe
/// webhooks and the Stripe simulator.
///
/// - Listens on 127.0.0.1 by default (all interfaces when `loopbackOnly` is false).
/// - Port `0` picks a free port; ``port`` reports the real one.
/// - Threads (``HTTPThreading``): a pool of libmicrohttpd threads, each serving several
///   connections, or one thread per connection. The handler is called on those threads
///   (never on Swift's cooperative pool), so blocking in it is fine; in a pool it also holds
///   up the other connections of that thread, with a thread per connection it does not.
///   In a pool a handler that waits on other work instead passes the request's
///   ``HTTPRequest/responder`` on and returns ``HTTPResponse/deferred``: the connection is
///   suspended until the answer comes, and the thread serves the others meanwhile.
/// - Accumulates each request body across libmicrohttpd's upload callbacks; a body over
///   `maxBodyBytes` is not buffered and is answered by `onBodyTooLarge` (default: a plain
///   `413 Payload Too Large`), at once when `Content-Length` announces it, otherwise once
///   the upload ends; that answer always carries `Connection: close`.
/// - A handler returning ``HTTPResponse/dropConnection`` closes the connection unanswered.
///
/// Thread-safety: all members may be called from any thread. ``stop()`` waits for the
/// server's threads to finish and is idempotent; it is also called on deinit.
public final class HTTPServer: @unchecked Sendable {
    /// The port the server listens on (the real one when started with port 0).
    public let port: UInt16

    /// The `MHD_Daemon*` as its address (0 once stopped): pointers are not `Sendable`.
    private let daemon: Mutex<Int>
    private let context: Unmanaged<HTTPServerContext>

    /// Starts listening at once on 127.0.0.1 (or every interface); see
    /// ``init(bind:port:threading:maxBodyBytes:connectionLimit:timeoutSeconds:allowedSources:onSourceRefused:onBodyTooLarge:handler:)``
    /// for the parameters.
    /// - Throws: ``HTTPServerError`` with code `http.start_failed` when libmicrohttpd cannot
    ///   start (port in use, no permission).
    public convenience init(
        host loopbackOnly: Bool = true, port: UInt16, threading: HTTPThreading = .pool(2),
        maxBodyBytes: Int = 1 << 20, connectionLimit: Int = 1024, timeoutSeconds: Int = 30,
        onBodyTooLarge: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws {
        try self.init(
            bind: loopbackOnly ? .loopback : .all, port: port, threading: threading, maxBodyBytes: maxBodyBytes,
            connectionLimit: connectionLimit, timeoutSeconds: timeoutSeconds, onBodyTooLarge: onBodyTooLarge,
            handler: handler)
    }

    /// Starts listening at once.
    ///
    /// - Parameters:
    ///   - bind: the IPv4 address to listen on (``HTTPBindAddress``).
    ///   - port: the TCP port; `0` picks a free one.
    ///   - threading: libmicrohttpd's threads (default a pool of 2).
    ///   - maxBodyBytes: largest accepted request body in bytes (default 1 MiB).
    ///   - connectionLimit: most simultaneous connections (default 1024; with a thread per
    ///     connection also the most threads).
    ///   - timeoutSeconds: idle connection timeout in seconds (default 30; 0 = none).
    ///   - allowedSources: when given, only connections from these networks are served; any
    ///     other is closed before its request is read (``HTTPSourceAllowlist``).
    ///   - onSourceRefused: told the peer's address of each connection the allowlist refused
    ///     (on a server thread; it must not block), e.g. to count and log it.
    ///   - onBodyTooLarge: answers a request whose body is over `maxBodyBytes`, instead of
    ///     `handler`; it gets the method, path, query and headers, an empty body and
    ///     ``HTTPRequest/bodyTooLarge`` set (default: ``payloadTooLarge(limit:)``).
    ///   - handler: called once per complete request on a server thread.
    /// - Throws: ``HTTPServerError`` with code `http.start_failed` when libmicrohttpd cannot
    ///   start (port in use, address not on this host, no permission).
    public init(
        bind: HTTPBindAddress, port: UInt16, threading: HTTPThreading = .pool(2),
        maxBodyBytes: Int = 1 << 20, connectionLimit: Int = 1024, timeoutSeconds: Int = 30,
        allowedSources: HTTPSourceAllowlist? = nil,
        onSourceRefused: (@Sendable (IPv4Address) -> Void)? = nil,
        onBodyTooLarge: (@Sendable (HTTPRequest) -> HTTPResponse)? = nil,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws {
        let limit = max(0, maxBodyBytes)
        let context = Unmanaged.passRetained(
            HTTPServerContext(
                handler: handler, maxBodyBytes: limit,
                tooLarge: onBodyTooLarge ?? { _ in HTTPServer.payloadTooLarge(limit: limit) },
                canDefer: threading != .perConnection, allowedSources: allowedSources,
                onSourceRefused: onSourceRefused))
        // MHD_USE_ITC: lets MHD_stop_daemon wake the polling threads at once.
        var flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_USE_ITC.rawValue
        var poolSize: UInt32 = 0  // 0: one internal polling thread, no pool.
        switch threading {
        case .pool(let threads):
            if threads > 1 { poolSize = UInt32(min(threads, 1024)) }
            // Deferred answers (HTTPResponder): a suspended connection is resumed through the
            // polling thread's inter-thread channel.
            flags |= MHD_ALLOW_SUSPEND_RESUME.rawValue
        case .perConnection: flags |= MHD_USE_THREAD_PER_CONNECTION.rawValue
        }
        guard
            let daemon = cbshim_mhd_start(
                UInt32(flags), port, bind.networkOrder, poolSize,  // 0: one internal thread, no pool
                UInt32(max(1, connectionLimit)), UInt32(max(0, timeoutSeconds)),
                mhdAcceptPolicy, context.toOpaque(), mhdAccessHandler, context.toOpaque(), mhdRequestCompleted, context.toOpaque())
        else {
            context.release()
            throw HTTPServerError(
                code: "http.start_failed",
                message: "libmicrohttpd could not listen on \(bind) port \(port)")
        }
        self.daemon = Mutex(Int(bitPattern: daemon))
        self.context = context
        self.port = cbshim_mhd_daemon_port(daemon)
    }

    /// What a deferred request still unanswered when the server stops gets.
    static let shuttingDown = HTTPResponse.json(
        503, Array(#"{"error":"shutting_down"}"#.utf8), headers: ["Connection": "close", "Retry-After": "1"])

    /// The default answer to a body over the cap: `413` in plain text.
    public static func payloadTooLarge(limit: Int) -> HTTPResponse {
        .text(413, "request body larger than \(limit) bytes\n")
    }

    /// The base URL of this server, e.g. `http://127.0.0.1:12111`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting (a connection made from now on is closed at once), lets the requests
    /// in progress be answered (waiting up to `drainTimeout`, default 30 s; a deferred one
    /// still unanswered then gets `503 {"error":"shutting_down"}`), then closes every
    /// connection and the listening socket and joins the server's threads. Idempotent.
    /// Never call it from inside the handler (it would wait for its own request).
    public func stop(drainTimeout: Duration = .seconds(30)) {
        let running = OpaquePointer(
            bitPattern: daemon.withLock { current in
                let running = current
                current = 0
                return running
            })
        guard let running else { return }
        // Stop accepting (the accept policy closes every new connection from here on), let
        // the requests in progress be answered (up to `drainTimeout`), then close every connection,
        // the listening socket, and join the threads.
        // Not MHD_quiesce_daemon: with a thread pool, libmicrohttpd 0.9.75 takes the listening
        // socket out of each worker's epoll set from the calling thread while the worker may
        // be doing the same, and aborts the process when the second removal finds it gone
        // ("Failed to remove listen FD from epoll set", daemon.c:5531).
        let context = self.context.takeUnretainedValue()
        context.stopping.store(true, ordering: .sequentiallyConsistent)
        context.waitForRequests(upTo: drainTimeout)
        // libmicrohttpd aborts when stopped with a connection suspended: from here on no
        // request is deferred (a handler that still defers is answered 503 at once), and a
        // deferred request still unanswered gets 503 (its connection closed) before the stop.
        let unanswered = context.deferred.close()
        if !unanswered.isEmpty {
            for responder in unanswered { responder.respond(Self.shuttingDown) }
            context.waitForRequests(upTo: .seconds(2))
        }
        MHD_stop_daemon(running)
        self.context.release()
    }

    deinit { stop() }
}

/// What the C callbacks need: the handlers and the body cap. Immutable, shared by threads.
final class HTTPServerContext: Sendable {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let maxBodyBytes: Int
    /// Answers requests over ``maxBodyBytes``.
    let tooLarge: @Sendable (HTTPRequest) -> HTTPResponse
    /// Requests begun (first access-handler call) and not yet completed.
    let activeRequests = Atomic<Int>(0)
    /// Set by ``HTTPServer/stop()``: new connections are closed unanswered from then on.
    let stopping = Atomic<Bool>(false)
    /// Whether requests get an ``HTTPResponder`` (a thread pool: libmicrohttpd can suspend
    /// connections).
    let canDefer: Bool
    /// Deferred requests not answered yet.
    let deferred = HTTPDeferredRequests()
    /// The networks served (all when `nil`), checked by the accept policy.
    let allowedSources: HTTPSourceAllowlist?
    /// Told each address the allowlist refused.
    let onSourceRefused: (@Sendable (IPv4Address) -> Void)?

    init(
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, maxBodyBytes: Int,
        tooLarge: @escaping @Sendable (HTTPRequest) -> HTTPResponse, canDefer: Bool,
        allowedSources: HTTPSourceAllowlist? = nil, onSourceRefused: (@Sendable (IPv4Address) -> Void)? = nil
    ) {
        self.handler = handler
        self.maxBodyBytes = maxBodyBytes
        self.tooLarge = tooLarge
        self.canDefer = canDefer
        self.allowedSources = allowedSources
        self.onSourceRefused = onSourceRefused
    }

    /// Whether a connection from `address` (a `sockaddr` from accept) is served: always
    /// without an allowlist; with one, only an IPv4 peer inside it (anything else is
    /// reported to ``onSourceRefused`` when it is IPv4, and refused).
    func accepts(_ address: UnsafePointer<sockaddr>?, length: socklen_t) -> Bool {
        guard let allowedSources else { return true }
        guard let address, Int(length) >= MemoryLayout<sockaddr_in>.size, Int32(address.pointee.sa_family) == AF_INET
        else { return false }
        let peer = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            IPv4Address(networkOrder: $0.pointee.sin_addr.s_addr)
        }
        if allowedSources.allows(peer) { return true }
        onSourceRefused?(peer)
        return false
    }

    /// Sleeps in steps of 5 ms until no request is in progress, or `limit` has passed.
    func waitForRequests(upTo limit: Duration) {
        let deadline = ContinuousClock.now + limit
        while activeRequests.load(ordering: .sequentiallyConsistent) > 0, ContinuousClock.now < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
    }
}

/// How an ``HTTPServer`` uses threads.
public enum HTTPThreading: Sendable, Equatable, CustomStringConvertible {
    /// libmicrohttpd's internal pool of this many threads (1 = one polling thread), each
    /// serving many connections: the fewest threads, but a handler that blocks holds up
    /// the other connections of its thread (one that waits on other work defers its answer
    /// instead: ``HTTPResponder``).
    case pool(Int)
    /// One thread per connection (plus the listening thread), up to the connection limit:
    /// for handlers that block on I/O and cannot defer their answer (``HTTPResponder``,
    /// which only a pool has).
    case perConnection

    /// `pool(N)` or `per-connection`, as `HTTP_THREADS` is written.
    public var description: String {
        switch self {
        case .pool(let threads): String(threads)
        case .perConnection: "per-connection"
        }
    }
}
