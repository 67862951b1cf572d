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

/// Reading request values from, and queueing responses on, a libmicrohttpd connection.
/// Called only on the server thread that owns the connection.
enum MHDValues {
    /// Collects the connection's values of one kind (headers or query arguments).
    /// Repeated keys are joined with `", "`.
    static func collect(
        _ connection: OpaquePointer, kind: MHD_ValueKind,
        lowercaseKeys: Bool
    ) -> (values: [String: String], items: [QueryItem]) {
        let box = Collector(lowercaseKeys: lowercaseKeys)
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        _ = MHD_get_connection_values(
            connection, kind,
            { cls, _, key, value in
                guard let cls, let key else { return .YES }
                let collector = Unmanaged<Collector>.fromOpaque(cls).takeUnretainedValue()
                var name = String(cString: key)
                if collector.lowercaseKeys { name = name.lowercased() }
                let text = value.map { String(cString: $0) } ?? ""
                collector.items.append(QueryItem(name: name, value: text))
                if let existing = collector.values[name] {
                    collector.values[name] = existing + ", " + text
                } else {
                    collector.values[name] = text
                }
                return .YES
            }, unmanaged.toOpaque())
        return (box.values, box.items)
    }

    /// The request's `Content-Length`, when present and numeric.
    static func contentLength(_ connection: OpaquePointer) -> Int? {
        guard let raw = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else {
            return nil
        }
        return Int(String(cString: raw).trimmingWhitespace())
    }

    /// Copies `response` into a libmicrohttpd response, queues it and releases it.
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        let created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                .RESPMEM_MUST_COPY)
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers {
            _ = MHD_add_response_header(created, name, value)
        }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    private final class Collector {
        let lowercaseKeys: Bool
        var values: [String: String] = [:]
        var items: [QueryItem] = []
        init(lowercaseKeys: Bool) { self.lowercaseKeys = lowercaseKeys }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
