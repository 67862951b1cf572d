/// Errors thrown by ``HTTPServer``.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// A stable machine code, e.g. `"http.start_failed"`.
    public var code: String
    /// A human-readable explanation.
    public var message: String

    /// Builds an error.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
