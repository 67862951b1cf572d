#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Envelope {
    /// The reply to the command in `command`: `type` `<command type>.reply`, the command's
    /// `correlation_id` (or its `message_id` when it had none), `x-causation-id` = the
    /// command's `message_id`, the same `x-stripe-account` and `traceparent`.
    /// Publish it to the command's ``replyTo`` queue through the default exchange.
    /// - Throws: `EncodingError` if the reply cannot be encoded.
    public static func reply<R: Encodable>(_ reply: Reply<R>, to command: Envelope, appId: String) throws -> Envelope {
        let headers = MessageHeaders(
            schemaVersion: command.headers.schemaVersion,
            causationId: command.messageId,
            stripeAccount: command.headers.stripeAccount,
            traceparent: command.headers.traceparent)
        return Envelope(
            correlationId: command.correlationId ?? command.messageId,
            type: command.type + ".reply", appId: appId, headers: headers,
            body: try MessageCoder.encode(ReplyBody(reply)))
    }

    /// Decodes this envelope as the reply to a `C` command.
    /// - Throws: ``MessageDecodingError``: `wrong_message_type` when ``type`` is not
    ///   `C.replyName`, otherwise as ``MessageCoder/decode(_:from:)``.
    public func decodeReply<C: CommandMessage>(to _: C.Type) throws(MessageDecodingError) -> Reply<C.Result> {
        guard type == C.replyName else {
            throw MessageDecodingError(
                field: "type", kind: .wrongMessageType,
                reason: "wrong message type: expected \(C.replyName), got \(type)")
        }
        return try MessageCoder.decode(Reply<C.Result>.self, from: body)
    }
}

/// Encodes a `Reply` whose result is only known to be `Encodable`.
private struct ReplyBody<R: Encodable>: Encodable {
    let reply: Reply<R>
    init(_ reply: Reply<R>) { self.reply = reply }

    func encode(to encoder: any Encoder) throws {
        try reply.encodeBody(to: encoder)
    }
}
