/// `notifications.email.skipped`, described in ``messageDescription`` (the catalogue's text).
public struct EmailSkipped: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "notifications.email.skipped"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "An e-mail an event asked for was not sent, and will not be, for the reason given (e.g. `no_recipient`: nobody to send it to, no address of the person it is for is known; a buyer's e-mail never goes to the seller instead)."

    /// The notification's own id: one per source event and template.
    public var notification: String
    /// Which message.
    public var template: EmailTemplate
    /// Why nothing was sent.
    public var reason: EmailSkipReason
    /// Name of the event that caused it, e.g. payments.order.payment_failed.
    public var sourceEvent: String
    /// `message_id` of that event.
    public var sourceMessageId: String
    /// The connected account it concerns, if any.
    public var account: String?
    /// The order it concerns, if any.
    public var orderReference: String?
    /// When it was decided; Unix seconds.
    public var occurredAt: Int

    /// Creates the event; optional fields default to absent.
    public init(
        notification: String, template: EmailTemplate, reason: EmailSkipReason, sourceEvent: String,
        sourceMessageId: String, account: String? = nil, orderReference: String? = nil, occurredAt: Int
    ) {
        self.notification = notification
        self.template = template
        self.reason = reason
        self.sourceEvent = sourceEvent
        self.sourceMessageId = sourceMessageId
        self.account = account
        self.orderReference = orderReference
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "notification": "The notification's own id: one per source event and template.",
        "template": "Which message.",
        "reason": "Why nothing was sent.",
        "source_event": "Name of the event that caused it, e.g. payments.order.payment_failed.",
        "source_message_id": "`message_id` of that event.",
        "account": "The connected account it concerns, if any.",
        "order_reference": "The order it concerns, if any.",
        "occurred_at": "When it was decided; Unix seconds.",
    ]
}

/// Why an e-mail was not sent (``EmailSkipped``).
public enum EmailSkipReason: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// No address of the person the message is for: for buyer messages, neither the order's
    /// `customer_email` nor the PaymentIntent's `receipt_email`, its Customer's e-mail or its
    /// charge's billing e-mail; for seller messages, neither the event's `email` nor one
    /// recorded for the account.
    case noRecipient = "no_recipient"
}
