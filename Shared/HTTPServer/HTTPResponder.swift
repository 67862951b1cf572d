import CMicroHTTPD

/// Answers one request after its handler has returned (libmicrohttpd's suspend and resume,
/// "Flow control" in its manual): the handler passes the responder to whoever will answer
/// (a commit thread, say) and returns ``HTTPResponse/deferred``; the server thread then
/// suspends the connection and serves its other connections, and ``respond(_:)`` — from any
/// thread — resumes it with the answer. No server thread waits for the answer.
///
/// Only a server with a thread pool has responders (``HTTPRequest/responder`` is `nil` with a
/// thread per connection, where a handler may simply block). The first ``respond(_:)`` wins;
/// later ones, and one after the handler answered at once, are ignored. An answer given
/// before the handler returns is sent as soon as it does. A deferred request never answered
/// holds its connection until ``HTTPServer/stop()``, which answers it `503`.
///
/// Thread-safety: `Sendable` (its state behind one pthread mutex); ``respond(_:)`` may be
/// called from any thread, once or more.
public final class HTTPResponder: @unchecked Sendable {
    // What the request's answer has come to; touched only with `lock` held.
    /// libmicrohttpd's connection (its address: pointers are not `Sendable`).
    private let connection: Int
    /// The answer ``respond(_:)`` gave, until the server thread queues it.
    private var pending: HTTPResponse?
    /// The connection is suspended (the handler deferred and nothing had answered yet).
    private var suspended = false
    /// Answered (by ``respond(_:)`` or by the handler's own response): nothing more to do.
    private var done = false
    private let lock = PThreadLock()
    /// The server's record of deferred requests, so ``HTTPServer/stop()`` can answer them.
    private let registry: HTTPDeferredRequests

    init(connection: OpaquePointer, registry: HTTPDeferredRequests) {
        self.connection = Int(bitPattern: connection)
        self.registry = registry
    }

    /// Sends `response` as the request's answer, unless it was answered already.
    /// A status of `0` (``HTTPResponse/dropConnection``) closes the connection unanswered.
    public func respond(_ response: HTTPResponse) {
        lock.withLock {
            guard !done else { return }
            done = true
            pending = response
            guard suspended, let pointer = OpaquePointer(bitPattern: connection) else {
                return  // The handler has not returned yet: the server thread takes `pending`.
            }
            // Under the lock: the connection stays suspended (so alive) until this call.
            // Resumed before it leaves the registry: a stop() that closes the registry
            // meanwhile still finds this responder, and its own respond(_:) waits for this
            // lock, so libmicrohttpd is never stopped between the two (a resume on a
            // stopped daemon would touch freed memory).
            MHD_resume_connection(pointer)
            registry.remove(self)
        }
    }

    /// What the server thread does after a handler deferred.
    enum AfterDefer {
        /// An answer came before the handler returned: queue it now.
        case answer(HTTPResponse)
        /// The connection is suspended until ``respond(_:)``.
        case suspended
    }

    /// Called on the server thread once the handler returned ``HTTPResponse/deferred``:
    /// suspends the connection unless the answer is already there.
    func suspendUnlessAnswered() -> AfterDefer {
        lock.withLock { () -> AfterDefer in
            if let answer = pending {
                pending = nil
                return .answer(answer)
            }
            guard let pointer = OpaquePointer(bitPattern: connection) else {
                return .answer(.dropConnection)
            }
            // Lock order: a responder's, then the registry's (never back). Registered before
            // the suspension: once the server is stopping nothing is suspended any more
            // (libmicrohttpd aborts when stopped with a suspended connection).
            guard registry.add(self) else {
                done = true
                return .answer(HTTPServer.shuttingDown)
            }
            MHD_suspend_connection(pointer)
            suspended = true
            return .suspended
        }
    }

    /// Called on the server thread when libmicrohttpd runs the handler again after the
    /// resume: the answer to queue (`nil` should never happen; the connection is closed then).
    func takeAnswer() -> HTTPResponse? {
        lock.withLock {
            let answer = pending
            pending = nil
            return answer
        }
    }

    /// Called on the server thread when the handler answered at once: later calls of
    /// ``respond(_:)`` are ignored.
    func markAnswered() {
        lock.withLock {
            done = true
            pending = nil
        }
    }
}

/// The requests of one server that were deferred and are not answered yet; closed by
/// ``HTTPServer/stop()``, after which nothing more may be suspended.
/// Thread-safety: `Sendable` (a pthread mutex).
final class HTTPDeferredRequests: @unchecked Sendable {
    // Touched only with `lock` held.
    private var responders: [ObjectIdentifier: HTTPResponder] = [:]
    private var closed = false
    private let lock = PThreadLock()

    /// Records `responder` as suspended; `false` once closed (it must not suspend then).
    func add(_ responder: HTTPResponder) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            responders[ObjectIdentifier(responder)] = responder
            return true
        }
    }

    func remove(_ responder: HTTPResponder) {
        _ = lock.withLock { responders.removeValue(forKey: ObjectIdentifier(responder)) }
    }

    /// Closes the registry and returns every responder still waiting, for
    /// ``HTTPServer/stop()`` to answer.
    func close() -> [HTTPResponder] {
        lock.withLock {
            closed = true
            return Array(responders.values)
        }
    }
}
