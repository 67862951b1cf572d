/// The application headers of one AMQP message (the `headers` table of its properties).
///
/// Wire names are in ``MessageHeaders/Key``. Integer headers (`x-schema-version`,
/// `x-attempt`) are AMQP integers; the others are strings. Any header not modelled here is
/// kept in ``extra`` as a string (e.g. `x-error-code`, `x-stripe-event-id`), so a message
/// forwarded to a retry queue or a DLQ keeps everything it carried.
public struct MessageHeaders: Sendable, Equatable {
    /// `x-schema-version`: the schema version of the body (``BusMessage/schemaVersion``).
    public var schemaVersion: Int
    /// `x-causation-id`: the `message_id` of the message that caused this one, if any.
    public var causationId: String?
    /// `x-stripe-account`: the connected account (`acct_…`) the message is about, if any.
    public var stripeAccount: String?
    /// `traceparent`: W3C trace context, if the sender had one.
    public var traceparent: String?
    /// `x-attempt`: how many times this message was retried; 0 on the first delivery.
    public var attempt: Int
    /// Every other header, by its wire name, as a string.
    public var extra: [String: String]

    /// Creates headers; every field but the schema version defaults to absent/zero.
    public init(
        schemaVersion: Int = 1, causationId: String? = nil, stripeAccount: String? = nil,
        traceparent: String? = nil, attempt: Int = 0, extra: [String: String] = [:]
    ) {
        self.schemaVersion = schemaVersion
        self.causationId = causationId
        self.stripeAccount = stripeAccount
        self.traceparent = traceparent
        self.attempt = attempt
        self.extra = extra
    }

    /// Wire names of the headers ConnectBus defines (DESIGN §4, ARCHITECTURE "Wire conventions").
    public enum Key {
        /// Integer schema version of the body.
        public static let schemaVersion = "x-schema-version"
        /// `message_id` of the causing message.
        public static let causationId = "x-causation-id"
        /// Connected account id (`acct_…`).
        public static let stripeAccount = "x-stripe-account"
        /// W3C trace context.
        public static let traceparent = "traceparent"
        /// Integer retry attempt (0 = first delivery).
        public static let attempt = "x-attempt"
        /// Stable error code of the last failure (retry and DLQ copies).
        public static let errorCode = "x-error-code"
        /// Safe error message of the last failure.
        public static let errorMessage = "x-error-message"
        /// Queue the message was consumed from before it was parked.
        public static let originalQueue = "x-original-queue"
        /// Routing key the message was first published with.
        public static let originalRoutingKey = "x-original-routing-key"
        /// Unix seconds when the message was parked in a DLQ.
        public static let failedAt = "x-failed-at"
        /// Every failed attempt, oldest first, as a JSON array of
        /// `{"attempt":N,"at":unix_seconds,"queue":"…","code":"…","message":"…"}` (the first
        /// and the last nine are kept; messages cut at 300 characters). Kept on replay.
        public static let failures = "x-failures"
        /// `true` on a reply sent again from the inbox to a command published again with the
        /// same `message_id` (its body is the first reply's, byte for byte; DESIGN §4).
        public static let replayed = "x-replayed"
        /// Stripe event id of a re-published Stripe event.
        public static let stripeEventId = "x-stripe-event-id"
        /// Stripe API version of a re-published Stripe event.
        public static let stripeApiVersion = "x-stripe-api-version"
        /// The broker's count of this message's earlier deliveries that ended without an ack
        /// (set by quorum queues on a redelivery; absent on the first). Never copied into a
        /// republished copy: a retry, a parked or a replayed message starts at 0.
        public static let deliveryCount = "x-delivery-count"
    }

    /// `x-delivery-count`: the broker's count of earlier deliveries of this message that
    /// ended without an ack (the worker died or lost its connection); 0 when absent or not a
    /// non-negative integer.
    public var deliveryCount: Int {
        extra[Key.deliveryCount].flatMap { Int($0) }.map { max(0, $0) } ?? 0
    }
}
