/// One HTTP request as the server hands it to a handler.
///
/// The body is complete (accumulated across libmicrohttpd's upload callbacks) and never
/// larger than the server's `maxBodyBytes` (a request over it reaches only the server's
/// `onBodyTooLarge` handler, with ``bodyTooLarge`` set and no body). Header names are lowercased; when a header
/// repeats, the values are joined with `", "` as RFC 9110 §5.3 allows.
public struct HTTPRequest: Sendable {
    /// The request method as sent, e.g. `"GET"` or `"POST"`.
    public var method: String
    /// The path without the query string, percent-decoded by libmicrohttpd, e.g. `"/v1/accounts"`.
    public var path: String
    /// Query arguments, percent-decoded; an argument without `=` maps to `""`; a repeated
    /// name keeps its values joined with `", "` (see ``queryItems`` for each one).
    public var query: [String: String]
    /// Query arguments in the order sent, repeated names kept apart.
    public var queryItems: [QueryItem]
    /// Request headers keyed by lowercased name.
    public var headers: [String: String]
    /// The raw request body bytes (empty when there is none).
    public var body: [UInt8]
    /// `true` when the body was over the server's `maxBodyBytes` and was discarded
    /// (``body`` is then empty); only the server's `onBodyTooLarge` handler sees such a request.
    public var bodyTooLarge: Bool
    /// Answers this request after the handler returned ``HTTPResponse/deferred`` (see
    /// ``HTTPResponder``); `nil` when the server cannot defer (a thread per connection) and
    /// for requests built outside a server.
    public var responder: HTTPResponder?

    /// Builds a request value (the server does this; tests and path tables may too).
    public init(
        method: String, path: String, query: [String: String] = [:],
        headers: [String: String] = [:], body: [UInt8] = [], queryItems: [QueryItem]? = nil,
        bodyTooLarge: Bool = false
    ) {
        self.bodyTooLarge = bodyTooLarge
        self.method = method
        self.path = path
        self.query = query
        self.queryItems = queryItems ?? query.keys.sorted().map { QueryItem(name: $0, value: query[$0] ?? "") }
        self.headers = headers
        self.body = body
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// One query argument, percent-decoded.
public struct QueryItem: Sendable, Equatable {
    /// The argument name, e.g. `expand[]`.
    public var name: String
    /// The argument value (`""` when sent without `=`).
    public var value: String

    /// Builds an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
