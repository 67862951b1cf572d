/// The ids a log line carries so one message can be followed across services
/// (DESIGN §9): `message_id`, `correlation_id`, `stripe_account`, `request_id`.
public struct LogContext: Sendable, Equatable {
    /// AMQP `message_id` of the message being handled.
    public var messageId: String?
    /// AMQP `correlation_id` (the request/reply or business flow id).
    public var correlationId: String?
    /// Connected account (`acct_…`) the work is for.
    public var stripeAccount: String?
    /// Stripe `Request-Id` of the last Stripe call, or an HTTP request id.
    public var requestId: String?
    /// The queue being consumed, when there is one.
    public var queue: String?

    /// Creates a context; every id is optional.
    public init(
        messageId: String? = nil, correlationId: String? = nil, stripeAccount: String? = nil,
        requestId: String? = nil, queue: String? = nil
    ) {
        self.messageId = messageId
        self.correlationId = correlationId
        self.stripeAccount = stripeAccount
        self.requestId = requestId
        self.queue = queue
    }

    /// The non-nil ids as JSON field names and values.
    var fields: [(String, String)] {
        var result: [(String, String)] = []
        if let queue { result.append(("queue", queue)) }
        if let messageId { result.append(("message_id", messageId)) }
        if let correlationId { result.append(("correlation_id", correlationId)) }
        if let stripeAccount { result.append(("stripe_account", stripeAccount)) }
        if let requestId { result.append(("request_id", requestId)) }
        return result
    }
}
