/// Why a message body (or an envelope property) could not be decoded.
///
/// ``field`` is the path of the offending field in wire (snake_case) form, e.g.
/// `line_items[0].price`; it is empty when the body as a whole is unreadable (not JSON).
/// A decoding error is poison input: retrying cannot fix it, so the runtime parks the
/// message in its DLQ at once (and replies with ``replyError``).
public struct MessageDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the field.
    public enum Kind: String, Sendable, Equatable {
        /// A required field is absent (or `null`).
        case missing
        /// The field is present but of the wrong JSON type.
        case wrongType = "wrong_type"
        /// The field has the right type but a value that is not allowed (e.g. an unknown enum case).
        case invalidValue = "invalid_value"
        /// A command carries a field its type does not have (commands are strict).
        case unknownField = "unknown_field"
        /// The body is not valid UTF-8 JSON.
        case malformed
        /// The envelope's `type` names another message than the one asked for.
        case wrongMessageType = "wrong_message_type"
    }

    /// Path of the field in wire form (`line_items[0].price`); empty for the whole body.
    public var field: String
    /// Human-readable reason, starting with the kind: `missing`, `wrong type: expected Int`, ….
    public var reason: String
    /// The machine-readable kind of failure.
    public var kind: Kind
    /// A more precise `validation.*` code than the kind's (a Stripe limit such as
    /// `validation.amount_too_large`), or nil for the kind's own.
    public var code: String?

    /// Creates an error for `field` (wire path) of the given `kind` with a readable `reason`
    /// and, optionally, a more precise reply `code`.
    public init(field: String, kind: Kind, reason: String, code: String? = nil) {
        self.field = field
        self.kind = kind
        self.reason = reason
        self.code = code
    }

    /// `"<field>: <reason>"`, or just the reason for the whole body.
    public var description: String { field.isEmpty ? reason : "\(field): \(reason)" }

    /// The reply error a command handler sends back for this decoding failure
    /// (`validation.missing_field`, `validation.wrong_type`, `validation.invalid_value`,
    /// `validation.unknown_field` or `validation.malformed_message`, or the error's own
    /// ``code``); never retryable.
    public var replyError: ReplyError {
        var code: String
        switch kind {
        case .missing: code = ReplyError.Code.missingField
        case .wrongType: code = ReplyError.Code.wrongType
        case .invalidValue: code = ReplyError.Code.invalidValue
        case .unknownField: code = ReplyError.Code.unknownField
        case .malformed, .wrongMessageType: code = ReplyError.Code.malformedMessage
        }
        if let own = self.code { code = own }
        return ReplyError(code: code, message: description, retryable: false, field: field.isEmpty ? nil : field)
    }
}
