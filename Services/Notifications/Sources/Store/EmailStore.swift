public import Store

/// The SQL of `<schema>.emails`: one row per message to a person, keyed by the
/// notification id (`<source message_id>:<template>`).
///
/// Send protocol: ``beginAttempt(_:on:)`` marks the row `sending` (attempts + 1) before
/// the SMTP transaction, autocommitted, and refuses when the row is already `sent`;
/// ``markSent(_:on:)`` or ``markFailed(_:status:code:message:on:)`` record the outcome.
/// A crash between the SMTP server's acceptance and `markSent` leaves `sending`, and the
/// redelivered event sends again (at-least-once, documented). Thread-safety: a `Sendable`
/// value; uses the caller's connection.
public struct EmailStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A stored send.
    public struct Record: Sendable, Equatable {
        /// `sending`, `retrying`, `sent` or `parked`.
        public var status: String
        /// Attempts made so far.
        public var attempts: Int
        /// Recipient address.
        public var recipient: String
        /// Last error code, if any.
        public var lastErrorCode: String?
    }

    /// A store in `schema`.
    public init(schema: SQLIdentifier) { self.schema = schema }

    /// What one attempt concerns.
    public struct Attempt: Sendable {
        /// `<source message_id>:<template>`.
        public var notification: String
        /// `message_id` of the source event.
        public var sourceMessageId: String
        /// Name of the source event.
        public var sourceEvent: String
        /// Template name.
        public var template: String
        /// Recipient address.
        public var recipient: String
        /// Connected account, if any.
        public var account: String?
        /// Order, if any.
        public var orderReference: String?
    }

    /// Records the start of an attempt; returns the attempt number (1 for the first), or
    /// `nil` when the notification was already sent (nothing to do).
    /// - Throws: `StoreError`.
    public func beginAttempt(_ attempt: Attempt, on conn: PGConnection) throws(StoreError) -> Int? {
        try conn.query(
            """
            INSERT INTO \(schema.quoted).emails (notification, source_message_id, source_event, template, recipient,
                account, order_reference, status, attempts)
            VALUES ($1, $2, $3, $4, $5, $6, $7, 'sending', 1)
            ON CONFLICT (notification) DO UPDATE SET status = 'sending', attempts = emails.attempts + 1,
                recipient = EXCLUDED.recipient, updated_at = now()
            WHERE emails.status <> 'sent'
            RETURNING attempts
            """,
            [
                .text(attempt.notification), .text(attempt.sourceMessageId), .text(attempt.sourceEvent),
                .text(attempt.template), .text(attempt.recipient), attempt.account.map(PGValue.text),
                attempt.orderReference.map(PGValue.text),
            ]
        ) { row in Int(try row.int("attempts")) }.first
    }

    /// Marks the notification sent.
    /// - Throws: `StoreError`.
    public func markSent(_ notification: String, on conn: PGConnection) throws(StoreError) {
        try conn.execute(
            """
            UPDATE \(schema.quoted).emails SET status = 'sent', sent_at = now(), updated_at = now(),
                last_error_code = NULL, last_error = NULL WHERE notification = $1
            """, [.text(notification)])
    }

    /// Records a failed attempt: `retrying` (another attempt will come) or `parked` (none will).
    /// - Throws: `StoreError`.
    public func markFailed(
        _ notification: String, status: String, code: String, message: String,
        on conn: PGConnection
    ) throws(StoreError) {
        try conn.execute(
            """
            UPDATE \(schema.quoted).emails SET status = $2, last_error_code = $3, last_error = $4, updated_at = now()
            WHERE notification = $1
            """, [.text(notification), .text(status), .text(code), .text(String(message.prefix(1000)))])
    }

    /// The record of `notification`, if any.
    /// - Throws: `StoreError`.
    public func find(_ notification: String, on conn: PGConnection) throws(StoreError) -> Record? {
        try conn.query(
            """
            SELECT status, attempts, recipient, last_error_code FROM \(schema.quoted).emails WHERE notification = $1
            """, [.text(notification)]
        ) { row in
            Record(
                status: try row.string("status"), attempts: Int(try row.int("attempts")),
                recipient: try row.string("recipient"), lastErrorCode: try row.optionalString("last_error_code"))
        }.first
    }
}
