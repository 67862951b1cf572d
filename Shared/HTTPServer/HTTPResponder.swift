import CMicroHTTPD
import Synchronization

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
/// Thread-safety: `Sendable`; ``respond(_:)`` may be called from any thread, once or more.
public final class HTTPResponder: Sendable {
    /// What the request's answer has come to; touched only with ``state``'s lock held.
    struct State {
        /// libmicrohttpd's connection (its address: pointers are not `Sendable`).
        let connection: Int
        /// The answer ``respond(_:)`` gave, until the server thread queues it.
        var pending: HTTPResponse?
        /// The connection is suspended (the handler deferred and nothing had answered yet).
        var suspended = false
        /// Answered (by ``respond(_:)`` or by the handler's own response): nothing more to do.
        var done = false
    }

    let state: Mutex<State>
    /// The server's record of deferred requests, so ``HTTPServer/stop()`` can answer them.
    private let registry: HTTPDeferredRequests

    init(connection: OpaquePointer, registry: HTTPDeferredRequests) {
        self.state = Mutex(State(connection: Int(bitPattern: connection)))
        self.registry = registry
    }

    /// Sends `response` as the request's answer, unless it was answered already.
    /// A status of `0` (``HTTPResponse/dropConnection``) closes the connection unanswered.
    public func respond(_ response: HTTPResponse) {
        state.withLock { state in
            guard !state.done else { return }
            state.done = true
            state.pending = response
            guard state.suspended, let connection = OpaquePointer(bitPattern: state.connection) else {
                return  // The handler has not returned yet: the server thread takes `pending`.
            }
            // Under the lock: the connection stays suspended (so alive) until this call.
            registry.remove(self)
            MHD_resume_connection(connection)
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
        state.withLock { state -> AfterDefer in
            if let pending = state.pending {
                state.pending = nil
                return .answer(pending)
            }
            guard let connection = OpaquePointer(bitPattern: state.connection) else {
                return .answer(.dropConnection)
            }
            // Lock order: a responder's, then the registry's (never back). Registered before
            // the suspension: once the server is stopping nothing is suspended any more
            // (libmicrohttpd aborts when stopped with a suspended connection).
            guard registry.add(self) else {
                state.done = true
                return .answer(HTTPServer.shuttingDown)
            }
            MHD_suspend_connection(connection)
            state.suspended = true
            return .suspended
        }
    }

    /// Called on the server thread when libmicrohttpd runs the handler again after the
    /// resume: the answer to queue (`nil` should never happen; the connection is closed then).
    func takeAnswer() -> HTTPResponse? {
        state.withLock { state in
            let pending = state.pending
            state.pending = nil
            return pending
        }
    }

    /// Called on the server thread when the handler answered at once: later calls of
    /// ``respond(_:)`` are ignored.
    func markAnswered() {
        state.withLock { state in
            state.done = true
            state.pending = nil
        }
    }
}

/// The requests of one server that were deferred and are not answered yet; closed by
/// ``HTTPServer/stop()``, after which nothing more may be suspended.
/// Thread-safety: `Sendable` (a mutex).
final class HTTPDeferredRequests: Sendable {
    private struct Waiting {
        var responders: [ObjectIdentifier: HTTPResponder] = [:]
        var closed = false
    }

    private let waiting = Mutex(Waiting())

    /// Records `responder` as suspended; `false` once closed (it must not suspend then).
    func add(_ responder: HTTPResponder) -> Bool {
        waiting.withLock { waiting in
            guard !waiting.closed else { return false }
            waiting.responders[ObjectIdentifier(responder)] = responder
            return true
        }
    }

    func remove(_ responder: HTTPResponder) {
        _ = waiting.withLock { $0.responders.removeValue(forKey: ObjectIdentifier(responder)) }
    }

    /// Closes the registry and returns every responder still waiting, for
    /// ``HTTPServer/stop()`` to answer.
    func close() -> [HTTPResponder] {
        waiting.withLock { waiting in
            waiting.closed = true
            return Array(waiting.responders.values)
        }
    }
}
