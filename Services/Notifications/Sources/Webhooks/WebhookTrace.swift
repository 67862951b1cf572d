import HTTPServer
import Runtime

/// The spans of one webhook request: the server span `POST /webhooks/stripe[/connect]`
/// (child of the request's `traceparent` when it has one, else a new trace the sampler
/// decides on), with children `verify Stripe-Signature` (internal) and
/// `INSERT <schema>.stripe_events` (client, the wait for the grouped commit that stores the
/// event and its outbox row). The stored outbox row carries the request span's context, so
/// the relay's `connectbus.events publish` span and the consumers of `stripe.<type>` continue
/// the same trace.
///
/// Attributes: `http.request.method`, `url.path`, `http.route`, `http.response.status_code`,
/// `error.type` (the rejection's reason), `stripe.event_id`, `stripe.event_type`,
/// `stripe.account`; the store span has `db.system.name` `postgresql`, `db.namespace`,
/// `db.collection.name` `stripe_events`, `db.operation.name` `INSERT`, `connectbus.duplicate`.
enum WebhookTrace {
    /// The request's server span, or `nil` when not traced.
    static func request(_ request: HTTPRequest, _ endpoint: WebhookEndpoint) -> OpenSpan? {
        guard Tracer.current != nil else { return nil }
        let parent = request.headers["traceparent"].flatMap(TraceContext.init(traceparent:))
        return OpenSpan.start(
            "\(request.method) \(request.path)", kind: .server, parent: parent,
            attributes: [
                ("http.request.method", .string(request.method)), ("url.path", .string(request.path)),
                ("http.route", .string(request.path)), ("connectbus.webhook.endpoint", .string(endpoint.rawValue)),
            ])
    }

    /// Adds the event's id, type and account to the request span.
    static func describe(_ span: inout OpenSpan?, _ event: StripeEventFacts) {
        span?.set("stripe.event_id", .string(event.id))
        span?.set("stripe.event_type", .string(event.type))
        if let account = event.account { span?.set("stripe.account", .string(account)) }
    }

    /// The signature check's span.
    static func verify(under span: OpenSpan?) -> OpenSpan? {
        OpenSpan.child("verify Stripe-Signature", kind: .internal, of: span?.context)
    }

    /// The store's span.
    static func store(under span: OpenSpan?, schema: String) -> OpenSpan? {
        OpenSpan.child(
            "INSERT \(schema).stripe_events", kind: .client, of: span?.context,
            attributes: [
                ("db.system.name", .string("postgresql")), ("db.namespace", .string(schema)),
                ("db.collection.name", .string("stripe_events")), ("db.operation.name", .string("INSERT")),
            ])
    }

    /// Ends the request span with the response's status (`ERROR` for a rejection).
    static func end(_ span: OpenSpan?, status: Int, rejection: WebhookRejection?) {
        guard var span else { return }
        span.set("http.response.status_code", .int(status))
        if let rejection { span.set("error.type", .string(rejection.reason)) }
        span.end(error: rejection?.reason)
    }
}
