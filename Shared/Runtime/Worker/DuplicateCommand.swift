import Bus
import Messages
import Store

/// What a command published again with a `message_id` the inbox holds gets (DESIGN §4
/// "Retried commands", as Stripe answers a replayed idempotency key): the stored reply,
/// byte for byte and under its first `message_id`, with `x-replayed: true`, sent to the
/// retry's own `reply_to` and `correlation_id`; `conflict.message_id_reused` when its body differs from the first's; no
/// handler runs either way. A delivery without `reply_to` (every event) is acked without
/// work, as a duplicate always was, and so is the broker's redelivery of the very delivery
/// that was handled (`redelivered`, the same `reply_to`): its reply is the outbox's to send
/// (published, or left to the relay after a crash), never a second copy. Pure decisions
/// plus one confirmed publish.
enum DuplicateCommand {
    /// The answer to one duplicate delivery.
    enum Answer {
        /// Ack without work (no `reply_to`, or nothing was stored to compare or replay).
        case none
        /// Publish `reply` to `replyTo` (through the default exchange), then ack.
        case replay(Envelope, replyTo: String)
        /// Refuse: dead-letter it with this failure (its error reply goes to `reply_to`).
        case conflict(HandlingFailure)
    }

    /// Decides the answer to `delivery`, whose `message_id` the inbox holds as `entry`
    /// (`nil`: the row went with a rolled-back or pruned transaction, nothing to replay).
    static func answer(_ delivery: Delivery, entry: InboxEntry?, appId: String) -> Answer {
        let envelope = delivery.envelope
        guard let replyTo = envelope.replyTo, !replyTo.isEmpty, let entry, let stored = entry.bodySHA256 else {
            return .none
        }
        if delivery.redelivered && entry.replyTo == replyTo { return .none }
        guard stored == BodyFingerprint.of(envelope.body) else {
            let message =
                "message_id \(envelope.messageId) was already used for a command with a different body; "
                + "send a new command with a new message_id"
            return .conflict(
                HandlingFailure(
                    code: ReplyError.Code.messageIdReused, message: message, disposition: .deadLetter,
                    details: ReplyError(code: ReplyError.Code.messageIdReused, message: message)))
        }
        guard let reply = entry.reply else { return .none }
        var headers = MessageHeaders(table: HeadersJSON.decode(reply.headersJSON))
        headers.extra[MessageHeaders.Key.replayed] = "true"
        let replayed = Envelope(
            messageId: reply.messageId.isEmpty ? Envelope.newMessageId() : reply.messageId,
            correlationId: envelope.correlationId ?? envelope.messageId, type: reply.type, appId: appId,
            headers: headers, body: reply.body)
        return .replay(replayed, replyTo: replyTo)
    }

    /// What the inbox keeps of a committed command that carried a `reply_to`: its body's
    /// fingerprint and the reply its handler sent (if any); `nil` for a message without
    /// `reply_to`, so events cost nothing more.
    static func kept(_ envelope: Envelope, reply: Envelope?) -> KeptReply? {
        guard let replyTo = envelope.replyTo, !replyTo.isEmpty else { return nil }
        return KeptReply(
            messageId: envelope.messageId, bodySHA256: BodyFingerprint.of(envelope.body), replyTo: replyTo,
            reply: reply.map {
                StoredReply(messageId: $0.messageId, type: $0.type, headersJSON: HeadersJSON.encode($0.headers.table), body: $0.body)
            })
    }

    /// Publishes the replayed replies (persistent, through the default exchange) and waits
    /// once for their confirms, before their deliveries are acked (a crash in between only
    /// replays once more). Nothing is sent for none.
    /// - Throws: `BusError`: the deliveries must then not be acked.
    static func publish(_ replays: [(Envelope, String)], bus: AMQPConnection) throws {
        guard !replays.isEmpty else { return }
        for (reply, replyTo) in replays {
            try bus.publish(reply, exchange: Exchanges.default, routingKey: replyTo, mandatory: false)
        }
        try bus.waitForConfirms(timeout: .seconds(30))
    }
}
