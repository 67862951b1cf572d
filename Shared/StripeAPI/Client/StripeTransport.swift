/// One HTTP exchange with Stripe, as the client hands it to a transport.
public struct StripeHTTPRequest: Sendable, Equatable {
    /// The method.
    public var method: HTTPMethod
    /// The full URL including any query string.
    public var url: String
    /// Header lines as name/value pairs, in sending order.
    public var headers: [(name: String, value: String)]
    /// The form body (POST only).
    public var body: [UInt8]

    /// A request (built by ``StripeClient/buildRequest(_:_:params:options:)``).
    public init(method: HTTPMethod, url: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.method = method; self.url = url; self.headers = headers; self.body = body
    }

    /// Compares method, URL, headers and body.
    public static func == (lhs: StripeHTTPRequest, rhs: StripeHTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map { "\($0.name):\($0.value)" } == rhs.headers.map { "\($0.name):\($0.value)" }
    }

    /// The value of header `name` (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A response as received: status, headers (names lower-cased) and body.
public struct StripeHTTPResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// Response headers keyed by lower-cased name (last one wins).
    public var headers: [String: String]
    /// The body bytes.
    public var body: [UInt8]

    /// A response (used by transports and test fakes).
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status; self.headers = headers; self.body = body
    }
}

/// A request that got no HTTP answer (connection refused or reset, DNS, TLS, timeout).
public struct StripeTransportError: Error, Sendable, Equatable {
    /// A short code, e.g. `curl_7`, `curl_28`.
    public var code: String
    /// What happened, as the transport reported it (redacted by the client before use).
    public var message: String

    /// A transport error.
    public init(code: String, message: String) { self.code = code; self.message = message }
}

/// Sends one HTTP request and waits for the answer, on the calling thread.
///
/// ``CurlTransport`` is the real one; tests may supply a scripted fake. Not required to be
/// thread-safe: a transport belongs to one ``StripeClient``.
public protocol StripeTransport: AnyObject {
    /// Performs `request`, calling `whileWaiting` (if any) now and then while it waits.
    /// - Throws: ``StripeTransportError`` when no HTTP answer arrived.
    func perform(_ request: StripeHTTPRequest, whileWaiting: (() -> Void)?) throws(StripeTransportError) -> StripeHTTPResponse
}

extension StripeHTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Method, URL and header names with the `Authorization` value masked; no body.
    public var description: String {
        let shown = headers.map { $0.name.lowercased() == "authorization" ? "\($0.name): Bearer [REDACTED]" : "\($0.name): \($0.value)" }
        return "\(method.rawValue) \(SecretRedactor.redactPatterns(url)) [\(shown.joined(separator: ", "))] (\(body.count) bytes)"
    }
    /// Same as ``description``.
    public var debugDescription: String { description }
    /// A mirror that shows only ``description`` (used by `dump`).
    public var customMirror: Mirror { Mirror(self, children: ["request": description]) }
}
