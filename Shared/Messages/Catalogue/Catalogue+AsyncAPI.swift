extension Catalogue {
    /// The AsyncAPI version of ``asyncAPI(definitions:)``.
    public static let asyncAPIVersion = "3.0.0"

    /// The standard catalogue as an AsyncAPI 3.0.0 YAML document (`docs/asyncapi.yaml`), the
    /// broker users and rights read from `definitions` (the parsed
    /// `docker/rabbitmq/definitions.json`).
    public static func asyncAPIDocument(definitions: JSONValue) -> String {
        standard.asyncAPI(definitions: definitions).yaml()
    }

    /// The whole bus as an AsyncAPI 3.0.0 document (https://www.asyncapi.com/docs/reference/specification/v3.0.0),
    /// written from the platform service's side: it sends commands and receives their
    /// replies, events, the event history stream and the re-published Stripe events.
    ///
    /// From the same entries as ``document``: one channel per command (its routing key on
    /// `connectbus.commands`, with the quorum queue that holds it), one per reply (the
    /// command's `reply_to`, address null), one per event routing key on
    /// `connectbus.events`, the history stream and `stripe.{event_type}`; one operation per
    /// command (`send` with its `reply`) and per event (`receive`); the payload schemas (the
    /// catalogue's, with their examples) and messages under `components`; AMQP bindings
    /// 0.3.0; the users of `definitions` as `userPassword` security schemes, each operation
    /// listing the users the broker lets do it. Keys are the wire names with `.` as `_`.
    public func asyncAPI(definitions: JSONValue) -> JSONValue {
        let security = AsyncAPISecurity(definitions: definitions)
        var channels: [String: JSONValue] = [:]
        var operations: [String: JSONValue] = [:]
        var messages: [String: JSONValue] = [:]
        var schemas: [String: JSONValue] = [:]
        var events: [String: JSONValue] = [:]
        for entry in entries {
            let id = Self.asyncAPIKey(entry.name)
            schemas[id] = entry.schema
            messages[id] = Self.asyncAPIMessage(entry, schema: "#/components/schemas/\(id)")
            var channel: [String: JSONValue] = [
                "address": entry.kind == .reply ? .null : .string(entry.routingKey ?? entry.name),
                "title": .string(entry.swiftType),
                "messages": [id: ["$ref": .string("#/components/messages/\(id)")]],
                "bindings": entry.kind == .reply ? AsyncAPIAMQP.replyChannel : AsyncAPIAMQP.routingKeyChannel(exchange: entry.exchange),
            ]
            switch entry.kind {
            case .command:
                channel["description"] = .string(
                    "Command queue \(entry.queue ?? entry.name): publish to \(entry.exchange) with routing key \(entry.routingKey ?? entry.name)."
                )
                channel["x-command-queue"] = AsyncAPIAMQP.commandQueue(entry.queue ?? entry.name, exchange: entry.exchange)
                operations["send_\(id)"] = asyncAPISend(entry, id: id, security: security)
            case .reply:
                channel["description"] = .string(
                    "The reply_to queue of \(entry.related ?? "the command"), reached through the default exchange (\"\"); its name is the publisher's."
                )
            case .event:
                events[id] = ["$ref": .string("#/components/messages/\(id)")]
                channel["description"] = .string(
                    "Events \(entry.name) on \(entry.exchange): bind a queue of your own with this routing key or a topic pattern."
                )
                operations["receive_\(id)"] = [
                    "action": "receive",
                    "channel": ["$ref": .string("#/channels/\(id)")],
                    "messages": [["$ref": .string("#/channels/\(id)/messages/\(id)")]],
                    "summary": .string("Receive \(entry.name)."),
                    "tags": [["name": .string(Self.domain(entry.name))]],
                    "bindings": AsyncAPIAMQP.receiveOperation,
                    "security": security.readers(exchange: entry.exchange, routingKey: entry.name),
                ]
            }
            channels[id] = .object(channel)
        }
        let stream = CatalogueEntry.eventHistoryStream
        let historyId = Self.asyncAPIKey(stream)
        channels[historyId] = [
            "address": .string(stream),
            "title": "Event history",
            "description": .string(
                "The stream \(stream): every event of \(CatalogueEntry.eventsExchange), kept by the broker policy connectbus-events-history (7 days or 2 GiB by default). Read it with basic.consume, a prefetch (basic.qos), manual acks and the consumer argument x-stream-offset: first, last, next, an offset (each message's x-stream-offset header), a timestamp or an interval such as 1h. Remember the last offset you handled and start after it to resume."
            ),
            "messages": .object(events),
            "bindings": AsyncAPIAMQP.historyChannel(stream: stream),
            "x-stream": AsyncAPIAMQP.stream,
        ]
        operations["receive_\(historyId)"] = [
            "action": "receive",
            "channel": ["$ref": .string("#/channels/\(historyId)")],
            "messages": .array(events.keys.sorted().map { ["$ref": .string("#/channels/\(historyId)/messages/\($0)")] }),
            "summary": "Read past events from an offset.",
            "bindings": AsyncAPIAMQP.receiveOperation,
            "security": security.queueReaders(stream),
        ]
        let stripe = Self.asyncAPIStripeEvents(security: security)
        channels.merge(stripe.channels) { first, _ in first }
        operations.merge(stripe.operations) { first, _ in first }
        messages.merge(stripe.messages) { first, _ in first }
        return [
            "asyncapi": .string(Self.asyncAPIVersion),
            "info": Self.asyncAPIInfo,
            "defaultContentType": "application/json",
            "servers": Self.asyncAPIServers(security: security.all),
            "channels": .object(channels),
            "operations": .object(operations),
            "components": [
                "schemas": .object(schemas),
                "messages": .object(messages),
                "securitySchemes": .object(security.schemes),
            ],
        ]
    }

    /// `onboarding.create_account` → `onboarding_create_account`: AsyncAPI's component keys
    /// take letters, digits, `_` and `-` only.
    public static func asyncAPIKey(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" })
    }

    /// The domain of a wire name (`payments` of `payments.order.paid`), used as a tag.
    static func domain(_ name: String) -> String {
        String(name.prefix { $0 != "." })
    }

    /// The `send` operation of a command and its `reply`.
    private func asyncAPISend(_ entry: CatalogueEntry, id: String, security: AsyncAPISecurity) -> JSONValue {
        var operation: [String: JSONValue] = [
            "action": "send",
            "channel": ["$ref": .string("#/channels/\(id)")],
            "messages": [["$ref": .string("#/channels/\(id)/messages/\(id)")]],
            "summary": .string(entry.description.isEmpty ? entry.name : entry.description),
            "tags": [["name": .string(Self.domain(entry.name))]],
            "bindings": AsyncAPIAMQP.sendOperation,
            "x-publisher-confirms": true,
            "security": security.publishers(exchange: entry.exchange, routingKey: entry.routingKey ?? entry.name),
        ]
        if let reply = entry.related {
            let replyId = Self.asyncAPIKey(reply)
            operation["reply"] = [
                "address": [
                    "location": "$message.header#/reply_to",
                    "description":
                        "The command's reply_to property (an AMQP basic property, not a header): the reply is published there through the default exchange with the command's correlation_id.",
                ],
                "channel": ["$ref": .string("#/channels/\(replyId)")],
                "messages": [["$ref": .string("#/channels/\(replyId)/messages/\(replyId)")]],
            ]
        }
        return .object(operation)
    }

    /// The component message of an entry: name, description, headers, payload, AMQP
    /// properties and bindings, correlation id and the schema's examples.
    private static func asyncAPIMessage(_ entry: CatalogueEntry, schema: String) -> JSONValue {
        var message: [String: JSONValue] = [
            "name": .string(entry.name),
            "title": .string(entry.swiftType),
            "contentType": "application/json",
            "headers": AsyncAPIAMQP.headers(kind: entry.kind, version: entry.version),
            "payload": ["$ref": .string(schema)],
            "bindings": AsyncAPIAMQP.message(type: entry.name),
            "x-amqp-properties": AsyncAPIAMQP.properties(kind: entry.kind, name: entry.name),
            "x-schema-version": .int(entry.version),
        ]
        if !entry.description.isEmpty { message["description"] = .string(entry.description) }
        if entry.kind != .event {
            message["correlationId"] = [
                "location": "$message.header#/correlation_id",
                "description": "The AMQP correlation_id property: a reply carries its command's.",
            ]
        }
        if entry.kind == .reply {
            message["description"] = .string(entry.description + " " + replyErrorText)
        }
        if let codes = entry.errorCodes { message["x-error-codes"] = errorCodesValue(codes) }
        if let examples = entry.schema["examples"]?.arrayValue {
            message["examples"] = .array(
                examples.enumerated().map { index, payload in
                    [
                        "name": .string("example_\(index + 1)"),
                        "headers": [MessageHeaders.Key.schemaVersion: .int(entry.version)],
                        "payload": payload,
                    ]
                })
        }
        return .object(message)
    }

    /// What every reply's error half may say (the codes are ``ReplyError/Code``).
    static let replyErrorText = """
        An error reply is {"ok": false, "error": {"code", "message", "retryable", "field"?, "stripe"?, "parked"?}}. \
        Codes are stable, <family>.<detail>: validation.* (the body breaks the schema or a Stripe limit; not retryable; \
        field names the path), not_found.<entity>, conflict.* (the request clashes with stored state, e.g. \
        conflict.account_not_ready before onboarding completed, conflict.message_id_reused for another body under a used \
        message_id), stripe.<Stripe code or type> (Stripe refused; stripe carries type, code, decline_code, param, \
        request_id), internal and timeout. The codes this command can answer, with their meanings, are the message's x-error-codes \
        (the payload schema's error.code allows exactly those, a family such as stripe.* as a pattern). retryable true means the same command (same message_id) may succeed later; \
        parked true means it waits in <command>.dlq for an operator's replay, whose final reply comes to the same reply_to.
        """

    /// `info`: title, version and the conventions every message follows.
    static var asyncAPIInfo: JSONValue {
        var lines = [
            "Every command, reply and event of ConnectBus, a Stripe Connect suite whose services talk only over AMQP 0-9-1 (RabbitMQ). Generated by `connectbus catalogue --asyncapi` from the same message types as docs/catalogue.json; README \"Writing a platform service\" explains it with a client.",
            "",
            "Conventions:",
            "- account: a command on a seller's connected account has a required `account` field (acct_…) in its body; send the same id in the x-stripe-account header.",
            "- replies: publish with reply_to and correlation_id; the reply comes to reply_to through the default exchange, type <command>.reply, body {\"ok\": true, \"result\": …} or {\"ok\": false, \"error\": …}.",
            "- retries: a command whose reply was lost is published again with the same message_id and body; it is not run again and its stored reply comes back with the header x-replayed: true.",
            "- schema versions: x-schema-version carries the message's version; a breaking change is a new version or a new name, so a reader checks it.",
        ]
        if case .object(let conventions) = Catalogue.conventions {
            for key in conventions.keys.sorted() {
                lines.append("- \(key.replacing("_", with: " ")): \(conventions[key]?.stringValue ?? "")")
            }
        }
        return [
            "title": "ConnectBus",
            "version": "1.0.0",
            "description": .string(lines.joined(separator: "\n")),
            "x-conventions": Catalogue.conventions,
        ]
    }

    /// The local broker of `make up` and a TLS broker (amqps, verified against a CA bundle).
    static func asyncAPIServers(security: JSONValue) -> JSONValue {
        [
            "local": [
                "host": "127.0.0.1:5672",
                "protocol": "amqp",
                "protocolVersion": "0-9-1",
                "description":
                    "The RabbitMQ node of scripts/infra-up.sh (`make up`), vhost /; another port when CONNECTBUS_AMQP_PORT is set. URL: amqp://platform:platform@127.0.0.1:5672/",
                "security": security,
            ],
            "tls": [
                "host": "{host}:{port}",
                "protocol": "amqps",
                "protocolVersion": "0-9-1",
                "description":
                    "A production broker over TLS, vhost /: amqps://<user>:<password>@<host>:5671/ ; the broker's certificate is verified against the system CA bundle or ?cacertfile=<PEM bundle> (verify=verify_none only for a test broker).",
                "variables": [
                    "host": ["description": "The broker's host name, as its certificate names it."],
                    "port": ["default": "5671", "description": "RabbitMQ's TLS listener."],
                ],
                "security": security,
            ],
        ]
    }

    /// The Stripe events notifications re-publishes (`stripe.<type>`): one channel with the
    /// event type as parameter and its message inline (so tools that do not follow `$ref`
    /// find the parameter's `location` in the payload; the same message is also a component,
    /// where generators look for message models), and its `receive` operation.
    static func asyncAPIStripeEvents(
        security: AsyncAPISecurity
    ) -> (channels: [String: JSONValue], operations: [String: JSONValue], messages: [String: JSONValue]) {
        let id = "stripe_events"
        // The message's key is its name with `.` as `_`, as for every other message:
        // generators name the model after the key and look it up by the name.
        let messageId = "stripe_event"
        let exchange = CatalogueEntry.eventsExchange
        let message: JSONValue = [
            "name": "stripe.event",
            "title": "Stripe event",
            "description": .string(Catalogue.conventions["stripe_events"]?.stringValue ?? ""),
            "contentType": "application/json",
            "headers": [
                "type": "object",
                "properties": [
                    MessageHeaders.Key.stripeEventId: ["type": "string", "pattern": "^evt_"],
                    MessageHeaders.Key.stripeAccount: [
                        "type": "string", "pattern": "^acct_",
                        "description": "The connected account, for a Connect webhook event.",
                    ],
                    MessageHeaders.Key.stripeApiVersion: ["type": "string"],
                ],
                "required": [.string(MessageHeaders.Key.stripeEventId)],
            ],
            "payload": [
                "type": "object",
                "description": "Stripe's Event object (https://docs.stripe.com/api/events/object), exactly as Stripe sent it.",
                "properties": [
                    "id": ["type": "string", "pattern": "^evt_"],
                    "object": ["const": "event"],
                    "type": ["type": "string", "examples": .array(ConsumedStripeEvents.types.map { .string($0) })],
                    "account": ["type": "string"],
                    "api_version": ["type": "string"],
                    "created": ["type": "integer"],
                    "livemode": ["type": "boolean"],
                    "data": ["type": "object", "properties": ["object": ["type": "object"]]],
                ],
                "required": ["id", "type", "data"],
            ],
            "bindings": AsyncAPIAMQP.message(type: "stripe.<event type>"),
        ]
        let channel: JSONValue = [
            "address": "stripe.{event_type}",
            "title": "Stripe events",
            "description": .string(
                "Verified Stripe webhook events re-published on \(exchange) by notifications, routing key stripe.<event type> (e.g. stripe.checkout.session.completed); bind stripe.# or one type."
            ),
            "parameters": [
                "event_type": [
                    "description": "Stripe's event type (it has dots: bind with # or the whole type).",
                    "enum": .array(ConsumedStripeEvents.types.map { .string($0) }),
                    "location": "$message.payload#/type",
                ]
            ],
            "messages": [messageId: message],
            "bindings": AsyncAPIAMQP.routingKeyChannel(exchange: exchange),
        ]
        let operation: JSONValue = [
            "action": "receive",
            "channel": ["$ref": .string("#/channels/\(id)")],
            "messages": [["$ref": .string("#/channels/\(id)/messages/\(messageId)")]],
            "summary": "Receive Stripe's events as the suite verified them.",
            "tags": [["name": "stripe"]],
            "bindings": AsyncAPIAMQP.receiveOperation,
            "security": security.readers(exchange: exchange, routingKey: "stripe.account.updated"),
        ]
        return ([id: channel], ["receive_\(id)": operation], [messageId: message])
    }
}
