/// `notifications.email.failed`, described in ``messageDescription`` (the catalogue's text).
public struct EmailFailed: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "notifications.email.failed"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Sending an e-mail to a person failed; `final` says whether it was parked after the last attempt or will be retried."

    /// The notification's own id: one per source event and template, so it is never sent twice.
    public var notification: String
    /// Which message.
    public var template: EmailTemplate
    /// The e-mail address.
    public var recipient: String
    /// Name of the event that caused it, e.g. payments.order.paid.
    public var sourceEvent: String
    /// `message_id` of that event.
    public var sourceMessageId: String
    /// The connected account it concerns, if any.
    public var account: String?
    /// The order it concerns, if any.
    public var orderReference: String?
    /// How many send attempts were made, this one included.
    public var attempts: Int
    /// Stable code, e.g. smtp.rejected, smtp.unavailable, template.missing_field.
    public var errorCode: String
    /// What the SMTP server or the renderer said (no secrets).
    public var errorMessage: String
    /// True when no more attempts will be made (parked).
    public var final: Bool
    /// When the attempt failed.
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        notification: String, template: EmailTemplate, recipient: String, sourceEvent: String, sourceMessageId: String, account: String? = nil,
        orderReference: String? = nil, attempts: Int, errorCode: String, errorMessage: String, final: Bool, occurredAt: Int
    ) {
        self.notification = notification
        self.template = template
        self.recipient = recipient
        self.sourceEvent = sourceEvent
        self.sourceMessageId = sourceMessageId
        self.account = account
        self.orderReference = orderReference
        self.attempts = attempts
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.final = final
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "notification": "The notification's own id: one per source event and template, so it is never sent twice.",
        "template": "Which message.",
        "recipient": "The e-mail address.",
        "source_event": "Name of the event that caused it, e.g. payments.order.paid.",
        "source_message_id": "`message_id` of that event.",
        "account": "The connected account it concerns, if any.",
        "order_reference": "The order it concerns, if any.",
        "attempts": "How many send attempts were made, this one included.",
        "error_code": "Stable code, e.g. smtp.rejected, smtp.unavailable, template.missing_field.",
        "error_message": "What the SMTP server or the renderer said (no secrets).",
        "final": "True when no more attempts will be made (parked).",
        "occurred_at": "When the attempt failed.",
    ]
}
