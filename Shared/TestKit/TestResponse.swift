/// A response as ``TestHTTPClient`` saw it.
///
/// A value type, thread-safe to share.
public struct TestResponse: Sendable {
    /// The HTTP status code, e.g. `200`.
    public var status: Int
    /// The response headers, names lowercased, values trimmed; a repeated header keeps its last value.
    public var headers: [String: String]
    /// The body's bytes as received.
    public var body: [UInt8]
    /// The body decoded as UTF-8 (invalid sequences replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// A response of `status` with `headers` and `body`.
    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
