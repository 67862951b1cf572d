/// A failed SMTP send, with a stable code and whether a later attempt may succeed.
///
/// Codes: `smtp.unavailable` (connection refused, timeout, TLS failure, 4xx reply:
/// transient), `smtp.rejected` (5xx reply, e.g. unknown recipient: permanent),
/// `smtp.setup_failed` (libcurl could not be initialised: transient). Thread-safe value.
public struct SMTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable code.
    public var code: String
    /// What curl or the server said (no credentials).
    public var message: String
    /// The SMTP reply code, when the server answered.
    public var replyCode: Int?

    /// Whether retrying later may help.
    public var isTransient: Bool { code != "smtp.rejected" }

    /// Creates an error.
    public init(code: String, message: String, replyCode: Int? = nil) {
        self.code = code
        self.message = message
        self.replyCode = replyCode
    }

    /// `code: message (reply N)`.
    public var description: String {
        "\(code): \(message)" + (replyCode.map { " (reply \($0))" } ?? "")
    }
}
