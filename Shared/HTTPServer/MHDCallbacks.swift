import CShims
import Synchronization
import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Per-request state kept in libmicrohttpd's `con_cls` between access-handler calls.
/// Touched only by the server thread that owns the connection.
final class MHDRequestState {
    var body: [UInt8] = []
    var tooLarge = false
    var answered = false
    /// Set while the handler's answer is deferred (the connection suspended): libmicrohttpd
    /// runs the access handler again after the resume, which queues the responder's answer.
    var deferred: HTTPResponder?
}

/// libmicrohttpd's accept policy: every connection (from a network of the server's
/// ``HTTPSourceAllowlist``, when it has one) is served until ``HTTPServer/stop()`` begins,
/// then each new one is closed at once (the client sees the connection closed or reset,
/// never a half-served request).
let mhdAcceptPolicy: MHD_AcceptPolicyCallback = { cls, address, length in
    guard let cls else { return .YES }
    let context = Unmanaged<HTTPServerContext>.fromOpaque(cls).takeUnretainedValue()
    if context.stopping.load(ordering: .acquiring) { return .NO }
    return context.accepts(address, length: length) ? .YES : .NO
}

/// libmicrohttpd's access handler: first call creates the request state, the following
/// calls consume body chunks, the last call (no upload data) runs the Swift handler.
let mhdAccessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadDataSize, conCls in
    guard let cls, let connection, let conCls, let uploadDataSize else { return .NO }
    let context = Unmanaged<HTTPServerContext>.fromOpaque(cls).takeUnretainedValue()
    guard let raw = conCls.pointee else {
        let state = MHDRequestState()
        conCls.pointee = Unmanaged.passRetained(state).toOpaque()
        context.activeRequests.add(1, ordering: .sequentiallyConsistent)
        if let length = MHDValues.contentLength(connection), length > context.maxBodyBytes {
            state.tooLarge = true
            state.answered = true
            return MHDValues.queue(tooLarge(context, connection, url: url, method: method), on: connection)
        }
        return .YES
    }
    let state = Unmanaged<MHDRequestState>.fromOpaque(raw).takeUnretainedValue()
    let size = uploadDataSize.pointee
    if size > 0 {
        if !state.tooLarge, let uploadData {
            if state.body.count + size > context.maxBodyBytes {
                state.tooLarge = true
                state.body = []
            } else {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                    state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
                }
            }
        }
        uploadDataSize.pointee = 0
        return .YES
    }
    if state.answered {
        guard let responder = state.deferred else { return .YES }
        // Resumed by the responder: its answer (there is always one after a resume).
        state.deferred = nil
        return queueOrDrop(responder.takeAnswer() ?? .dropConnection, on: connection)
    }
    state.answered = true
    if state.tooLarge {
        return MHDValues.queue(tooLarge(context, connection, url: url, method: method), on: connection)
    }
    // Once stop() has begun a handler gets no responder (it answers on this thread): nothing
    // new is suspended while the server drains.
    let responder =
        context.canDefer && !context.stopping.load(ordering: .sequentiallyConsistent)
        ? HTTPResponder(connection: connection, registry: context.deferred) : nil
    var request = requestValue(connection, url: url, method: method, body: state.body)
    request.responder = responder
    state.body = []
    let response = context.handler(request)
    guard response.status == HTTPResponse.deferredStatus else {
        responder?.markAnswered()
        return queueOrDrop(response, on: connection)
    }
    guard let responder else { return .NO }  // Deferred where nothing can answer later.
    switch responder.suspendUnlessAnswered() {
    case .answer(let answer):
        return queueOrDrop(answer, on: connection)
    case .suspended:
        state.deferred = responder
        return .YES
    }
}

/// Queues `response`, or closes the connection for ``HTTPResponse/dropConnection``.
private func queueOrDrop(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    if response.status == 0 || response.status == HTTPResponse.deferredStatus { return .NO }
    return MHDValues.queue(response, on: connection)
}

/// Frees the request state once libmicrohttpd is done with the request.
let mhdRequestCompleted: MHD_RequestCompletedCallback = { cls, _, conCls, _ in
    guard let conCls, let raw = conCls.pointee else { return }
    Unmanaged<MHDRequestState>.fromOpaque(raw).release()
    conCls.pointee = nil
    if let cls { Unmanaged<HTTPServerContext>.fromOpaque(cls).takeUnretainedValue().activeRequests.subtract(1, ordering: .sequentiallyConsistent) }
}

/// The request as handlers see it (headers, query, method, path and `body`).
private func requestValue(
    _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
    body: [UInt8], bodyTooLarge: Bool = false
) -> HTTPRequest {
    let query = MHDValues.collect(connection, kind: .GET_ARGUMENT_KIND, lowercaseKeys: false)
    return HTTPRequest(
        method: method.map { String(cString: $0) } ?? "GET",
        path: url.map { String(cString: $0) } ?? "/",
        query: query.values,
        headers: MHDValues.collect(connection, kind: .HEADER_KIND, lowercaseKeys: true).values,
        body: body, queryItems: query.items, bodyTooLarge: bodyTooLarge)
}

/// The server's answer to a body over the cap, always closing the connection (the rest of
/// the body is never read).
private func tooLarge(
    _ context: HTTPServerContext, _ connection: OpaquePointer, url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?
) -> HTTPResponse {
    var response = context.tooLarge(requestValue(connection, url: url, method: method, body: [], bodyTooLarge: true))
    if response.status == 0 { response = HTTPServer.payloadTooLarge(limit: context.maxBodyBytes) }
    response.headers["Connection"] = "close"
    return response
}
