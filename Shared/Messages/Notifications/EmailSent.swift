/// `notifications.email.sent`, described in ``messageDescription`` (the catalogue's text).
public struct EmailSent: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "notifications.email.sent"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "An e-mail to a person was accepted by the SMTP server (once per source event and template)."

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
    /// When the SMTP server accepted it.
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        notification: String, template: EmailTemplate, recipient: String, sourceEvent: String, sourceMessageId: String, account: String? = nil,
        orderReference: String? = nil, attempts: Int, occurredAt: Int
    ) {
        self.notification = notification
        self.template = template
        self.recipient = recipient
        self.sourceEvent = sourceEvent
        self.sourceMessageId = sourceMessageId
        self.account = account
        self.orderReference = orderReference
        self.attempts = attempts
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
        "occurred_at": "When the SMTP server accepted it.",
    ]
}
