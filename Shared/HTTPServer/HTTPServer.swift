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
/// - Runs libmicrohttpd's internal thread pool of `threads` threads: the handler is called
///   on those threads (never on Swift's cooperative pool), so blocking in it is fine but
///   blocks the other connections of that thread.
/// - Accumulates each request body across libmicrohttpd's upload callbacks; a body over
///   `maxBodyBytes` is answered with `413 Payload Too Large` without being buffered (at
///   once when `Content-Length` announces it, otherwise once the upload ends).
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

    /// Starts listening at once.
    ///
    /// - Parameters:
    ///   - loopbackOnly: bind 127.0.0.1 only (default) or every interface.
    ///   - port: the TCP port; `0` picks a free one.
    ///   - threads: size of libmicrohttpd's thread pool (at least 1).
    ///   - maxBodyBytes: largest accepted request body in bytes (default 1 MiB).
    ///   - connectionLimit: most simultaneous connections (default 1024).
    ///   - timeoutSeconds: idle connection timeout in seconds (default 30; 0 = none).
    ///   - handler: called once per complete request on a server thread.
    /// - Throws: ``HTTPServerError`` with code `http.start_failed` when libmicrohttpd cannot
    ///   start (port in use, no permission).
    public init(host loopbackOnly: Bool = true, port: UInt16, threads: Int = 2,
                maxBodyBytes: Int = 1 << 20, connectionLimit: Int = 1024, timeoutSeconds: Int = 30,
                handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
        let context = Unmanaged.passRetained(
            HTTPServerContext(handler: handler, maxBodyBytes: max(0, maxBodyBytes)))
        let flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue | MHD_USE_ERROR_LOG.rawValue
        guard let daemon = cbshim_mhd_start(
            UInt32(flags), port, loopbackOnly ? 1 : 0, threads > 1 ? UInt32(threads) : 0,  // 0: one internal thread, no pool
            UInt32(max(1, connectionLimit)), UInt32(max(0, timeoutSeconds)),
            mhdAccessHandler, context.toOpaque(), mhdRequestCompleted, nil)
        else {
            context.release()
            throw HTTPServerError(code: "http.start_failed",
                                  message: "libmicrohttpd could not listen on port \(port)")
        }
        self.daemon = Mutex(Int(bitPattern: daemon))
        self.context = context
        self.port = cbshim_mhd_daemon_port(daemon)
    }

    /// The base URL of this server, e.g. `http://127.0.0.1:12111`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops listening, closes every connection and joins the server's threads.
    /// Idempotent; requests in progress finish first. Never call it from inside the handler
    /// (it would wait for its own thread).
    public func stop() {
        let running = OpaquePointer(bitPattern: daemon.withLock { current in
            let running = current
            current = 0
            return running
        })
        guard let running else { return }
        MHD_stop_daemon(running)
        context.release()
    }

    deinit { stop() }
}

/// What the C callbacks need: the handler and the body cap. Immutable, shared by threads.
final class HTTPServerContext: Sendable {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let maxBodyBytes: Int

    init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, maxBodyBytes: Int) {
        self.handler = handler
        self.maxBodyBytes = maxBodyBytes
    }
}
