extension Catalogue {
    /// The whole catalogue as one JSON document (UTF-8, sorted keys):
    /// `{"$schema", "title", "conventions", "messages": {<name>: {kind, version, swift_type,
    /// description, exchange, routing_key, queue, reply, command, schema, reply_schema,
    /// error_codes}}}`. Commands carry their queue and their reply's name and schema; replies
    /// name their command and list the error codes it can answer (`[{code, meaning}]`).
    public func jsonSchema() -> [UInt8] {
        document.bytes(pretty: true)
    }

    /// The document as a ``JSONValue``.
    public var document: JSONValue {
        var messages: [String: JSONValue] = [:]
        for entry in entries {
            var m: [String: JSONValue] = [
                "kind": .string(entry.kind.rawValue),
                "version": .int(entry.version),
                "swift_type": .string(entry.swiftType),
                "description": .string(entry.description),
                "exchange": .string(entry.exchange),
                "schema": entry.schema,
            ]
            if let routingKey = entry.routingKey { m["routing_key"] = .string(routingKey) }
            if let codes = entry.errorCodes { m["error_codes"] = Self.errorCodesValue(codes) }
            if let queue = entry.queue { m["queue"] = .string(queue) }
            if let related = entry.related {
                m[entry.kind == .reply ? "command" : "reply"] = .string(related)
                if entry.kind == .command, let reply = self.entry(named: related) {
                    m["reply_schema"] = reply.schema
                }
            }
            messages[entry.name] = .object(m)
        }
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "title": .string("ConnectBus message catalogue"),
            "conventions": Catalogue.conventions,
            "messages": .object(messages),
        ])
    }

    /// `[{"code", "meaning"}]` of `codes`, in their order.
    static func errorCodesValue(_ codes: [DeclaredErrorCode]) -> JSONValue {
        .array(codes.map { ["code": .string($0.code), "meaning": .string($0.meaning)] })
    }

    /// What every message follows (encoding, strictness, units, AMQP properties and headers,
    /// Stripe events, replies), by topic: the catalogue's `conventions` and the AsyncAPI
    /// document's `info`.
    public static let conventions: JSONValue = .object([
        "encoding": .string("JSON, UTF-8, snake_case keys"),
        "strictness": .string(
            "commands are strict: an unknown field (validation.unknown_field, with its path) or a null value is refused, and every rule a service checks is in the command's schema (additionalProperties false, patterns, oneOf, dependentRequired, if/then) except application_fee_amount <= amount and a statement's period (to after from, at most 366 days), which JSON Schema cannot compare; events and replies are tolerant readers: ignore fields you do not know"
        ),
        "missing_type": .string(
            "a command published without the type property is taken as the command of the queue it lands in (each command has its own queue); an event without it is dead-lettered with validation.missing_type"
        ),
        "amounts": .string("integers in the currency's smallest unit"),
        "currencies": .string("lowercase ISO 4217 codes"),
        "timestamps": .string("integers, Unix seconds"),
        "properties": .string(
            "message_id (UUID), correlation_id, type (the message name), timestamp, app_id, reply_to, content_type application/json, delivery_mode 2"
        ),
        "headers": .string("x-schema-version, x-causation-id, x-stripe-account, traceparent, x-attempt"),
        "stripe_events": .string(
            "verified Stripe webhook events are re-published on connectbus.events as stripe.<event type> (e.g. stripe.checkout.session.completed); the body is the event exactly as Stripe sent it, with headers x-stripe-event-id, x-stripe-account and x-stripe-api-version"
        ),
        "reply_type": .string("<command>.reply, sent to reply_to through the default exchange with the command's correlation_id"),
    ])
}
