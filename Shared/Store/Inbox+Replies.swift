/// A reply as it was first sent, kept in its command's inbox row so a command published
/// again with the same `message_id` gets the same answer (DESIGN §4 "Retried commands").
/// Thread-safety: a plain `Sendable` value.
public struct StoredReply: Sendable, Equatable {
    /// AMQP `message_id` of the reply as first sent (sent again with it, so a platform that
    /// did get the first copy drops the second as a duplicate).
    public var messageId: String
    /// AMQP `type` of the reply (`<command>.reply`).
    public var type: String
    /// The reply's AMQP headers table as a JSON object (the outbox's `headers` form).
    public var headersJSON: [UInt8]
    /// The reply's body, byte for byte as first sent.
    public var body: [UInt8]

    /// Creates a stored reply.
    public init(messageId: String, type: String, headersJSON: [UInt8], body: [UInt8]) {
        self.messageId = messageId
        self.type = type
        self.headersJSON = headersJSON
        self.body = body
    }
}

/// What the inbox holds for a handled command: the SHA-256 of its body and its reply, both
/// `nil` for a message that carried no `reply_to` (events) or was recorded by a release that
/// kept neither. Thread-safety: a plain `Sendable` value.
public struct InboxEntry: Sendable, Equatable {
    /// SHA-256 (32 bytes) of the body first handled under this `message_id`.
    public var bodySHA256: [UInt8]?
    /// The `reply_to` the command first handled carried.
    public var replyTo: String?
    /// The reply first sent, if the handler replied.
    public var reply: StoredReply?

    /// Creates an entry.
    public init(bodySHA256: [UInt8]?, replyTo: String? = nil, reply: StoredReply?) {
        self.bodySHA256 = bodySHA256
        self.replyTo = replyTo
        self.reply = reply
    }
}

/// One committed command's fingerprint and reply, for ``Inbox/keepDeferred(_:on:)``.
public struct KeptReply: Sendable, Equatable {
    /// The command's `message_id` (its inbox row, written earlier in the same transaction).
    public var messageId: String
    /// SHA-256 of the command's body.
    public var bodySHA256: [UInt8]
    /// The command's `reply_to`.
    public var replyTo: String
    /// The reply it sent, if any.
    public var reply: StoredReply?

    /// Creates a kept reply.
    public init(messageId: String, bodySHA256: [UInt8], replyTo: String, reply: StoredReply?) {
        self.messageId = messageId
        self.bodySHA256 = bodySHA256
        self.replyTo = replyTo
        self.reply = reply
    }

    /// What the inbox will hold for it once committed.
    public var entry: InboxEntry { InboxEntry(bodySHA256: bodySHA256, replyTo: replyTo, reply: reply) }
}

/// The inbox's memory of replies: written with the command's own transaction, read when the
/// same `message_id` comes again. The row and its reply are pruned together
/// (``Inbox/prune(olderThan:limit:on:)``, `INBOX_RETENTION`), so a reply can be replayed
/// exactly as long as the message is recognised as handled.
extension Inbox {
    /// Adds the fingerprints and replies of `kept` to their inbox rows, written earlier in the
    /// caller's open transaction, with one `UPDATE … FROM unnest(…)` deferred to travel with
    /// the transaction's next statement or its `COMMIT` (no round trip of its own; a failure
    /// fails that statement, and the transaction with it). Nothing is queued for no rows. The
    /// batch processor sends one per batch, the one-at-a-time processor one per command.
    /// - Throws: `store.transaction_state` outside a transaction; `store.invalid_identifier`
    ///   for a bad schema name.
    public func keepDeferred(_ kept: [KeptReply], on conn: PGConnection) throws(StoreError) {
        let table = try table.get()
        guard !kept.isEmpty else { return }
        try conn.deferWrite(
            """
            UPDATE \(table) AS i SET body_sha256 = u.f, reply_to = u.q, reply_type = nullif(u.t, ''),
                reply_message_id = nullif(u.r, ''),
                reply_headers = CASE WHEN u.t = '' THEN NULL ELSE convert_from(u.h, 'UTF8')::jsonb END,
                reply_body = CASE WHEN u.t = '' THEN NULL ELSE u.b END
            FROM unnest($1::text[], $2::bytea[], $3::text[], $4::text[], $5::text[], $6::bytea[], $7::bytea[])
                AS u(m, f, q, r, t, h, b)
            WHERE i.message_id = u.m
            """,
            [
                .textArray(kept.map(\.messageId)), .bytesArray(kept.map(\.bodySHA256)), .textArray(kept.map(\.replyTo)),
                .textArray(kept.map { $0.reply?.messageId ?? "" }), .textArray(kept.map { $0.reply?.type ?? "" }),
                .bytesArray(kept.map { $0.reply?.headersJSON ?? [] }),
                .bytesArray(kept.map { $0.reply?.body ?? [] }),
            ], planning: .perExecution
        ) { _ in }
    }

    /// The entry of `messageId`, `nil` when it is not recorded: one prepared primary-key
    /// lookup (committed rows, or earlier in the caller's transaction). The one-at-a-time
    /// processor asks before it runs a handler, so a redelivery costs no Stripe call and a
    /// retried command gets its stored reply.
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's `StoreError`.
    public func entry(messageId: String, on conn: PGConnection) throws(StoreError) -> InboxEntry? {
        let table = try table.get()
        return try conn.query(
            "SELECT body_sha256, reply_to, reply_message_id, reply_type, reply_headers, reply_body FROM \(table) WHERE message_id = $1",
            [.text(messageId)]
        ) { row in try Inbox.entry(row) }.first
    }

    /// The entries of `messageIds` that are recorded, by id: one statement
    /// (`message_id = ANY($1)`, planned per execution). The batch processor asks only for the
    /// batch's duplicates that carry a `reply_to`, so a batch without them sends nothing.
    /// - Throws: `store.invalid_identifier` for a bad schema name; the statement's `StoreError`.
    public func entries(messageIds: [String], on conn: PGConnection) throws(StoreError) -> [String: InboxEntry] {
        let table = try table.get()
        guard !messageIds.isEmpty else { return [:] }
        let rows = try conn.query(
            """
            SELECT message_id, body_sha256, reply_to, reply_message_id, reply_type, reply_headers, reply_body FROM \(table)
            WHERE message_id = ANY($1)
            """, [.textArray(messageIds)], planning: .perExecution
        ) { row in (try row.string("message_id"), try Inbox.entry(row)) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// Reads one row's fingerprint and reply.
    static func entry(_ row: PGRow) throws(StoreError) -> InboxEntry {
        var reply: StoredReply?
        if let type = try row.optionalString("reply_type"), let body = try row.optionalBytes("reply_body") {
            reply = StoredReply(
                messageId: try row.optionalString("reply_message_id") ?? "", type: type,
                headersJSON: try row.optionalJSON("reply_headers") ?? Array("{}".utf8), body: body)
        }
        return InboxEntry(
            bodySHA256: try row.optionalBytes("body_sha256"), replyTo: try row.optionalString("reply_to"), reply: reply)
    }
}
