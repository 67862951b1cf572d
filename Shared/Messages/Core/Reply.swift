/// The answer to a command: its ``CommandMessage/Result`` or a ``ReplyError``.
///
/// Wire form (AMQP `type` `<command>.reply`, `correlation_id` of the command):
/// `{"ok": true, "result": {…}}` or `{"ok": false, "error": {code, message, retryable, stripe}}`.
public enum Reply<R> {
    /// The command succeeded with this result.
    case ok(R)
    /// The command failed with this error.
    case error(ReplyError)

    /// The result, if the reply is a success.
    public var result: R? {
        if case .ok(let r) = self { return r }
        return nil
    }

    /// The error, if the reply is a failure.
    public var failure: ReplyError? {
        if case .error(let e) = self { return e }
        return nil
    }

    /// The result, or the reply's error thrown.
    /// - Throws: the ``ReplyError`` of a failed reply.
    public func get() throws(ReplyError) -> R {
        switch self {
        case .ok(let r): return r
        case .error(let e): throw e
        }
    }
}

extension Reply: Sendable where R: Sendable {}
extension Reply: Equatable where R: Equatable {}

extension Reply: Codable where R: Codable {
    private enum CodingKeys: String, CodingKey {
        case ok, result, error
    }

    /// Decodes `{"ok": …, "result"|"error": …}`; `ok` decides which of the two is required.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if try c.decode(Bool.self, forKey: .ok) {
            self = .ok(try c.decode(R.self, forKey: .result))
        } else {
            self = .error(try c.decode(ReplyError.self, forKey: .error))
        }
    }

    /// Encodes `{"ok": true, "result": …}` or `{"ok": false, "error": …}`.
    public func encode(to encoder: any Encoder) throws {
        try encodeBody(to: encoder)
    }
}

extension Reply where R: Encodable {
    /// Encodes `{"ok": true, "result": …}` or `{"ok": false, "error": …}`; also for a result
    /// that is only `Encodable` (see `Envelope.reply(_:to:appId:)`).
    func encodeBody(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ReplyBodyKeys.self)
        switch self {
        case .ok(let r):
            try c.encode(true, forKey: .ok)
            try c.encode(r, forKey: .result)
        case .error(let e):
            try c.encode(false, forKey: .ok)
            try c.encode(e, forKey: .error)
        }
    }
}

/// The keys of an encoded reply body.
private enum ReplyBodyKeys: String, CodingKey {
    case ok, result, error
}
