#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP response returned by a handler.
///
/// A status of `0` is special: the server closes the connection without answering
/// (see ``dropConnection``), which lets a simulator inject dropped connections; so is
/// ``deferred``, an answer given later through the request's ``HTTPRequest/responder``.
public struct HTTPResponse: Sendable {
    /// The HTTP status code, e.g. `200`; `0` drops the connection instead of answering.
    public var status: Int
    /// Response headers; `Content-Length` is added by the server.
    public var headers: [String: String]
    /// The response body bytes.
    public var body: [UInt8]

    /// Builds a response.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response from already-encoded bytes, with `Content-Type: application/json`.
    public static func json(_ status: Int, _ body: [UInt8], headers: [String: String] = [:]) -> HTTPResponse {
        var all = headers
        all["Content-Type"] = "application/json"
        return HTTPResponse(status: status, headers: all, body: body)
    }

    /// A plain-text response (UTF-8) with `Content-Type: text/plain; charset=utf-8`.
    public static func text(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        var all = headers
        all["Content-Type"] = "text/plain; charset=utf-8"
        return HTTPResponse(status: status, headers: all, body: Array(text.utf8))
    }

    /// A redirect (`302 Found` by default) to `location`.
    public static func redirect(to location: String, status: Int = 302) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Location": location], body: [])
    }

    /// Closes the connection without sending any response (fault injection).
    public static let dropConnection = HTTPResponse(status: 0)

    /// The handler will answer through the request's ``HTTPRequest/responder`` (which must
    /// not be `nil`; a server without one closes the connection).
    public static let deferred = HTTPResponse(status: deferredStatus)

    /// The status of ``deferred``: never sent.
    static let deferredStatus = -1
}
