/// The AMQP 0-9-1 parts of the AsyncAPI document: bindings (AsyncAPI's AMQP bindings,
/// version 0.3.0) and the header schemas of commands, replies and events, as the runtime
/// writes and reads them (``MessageHeaders``, DESIGN §3 and §4).
enum AsyncAPIAMQP {
    /// The AMQP bindings version the document follows.
    static let bindingVersion = JSONValue.string("0.3.0")

    /// A durable topic exchange on vhost `/` (`connectbus.commands`, `connectbus.events`).
    static func exchange(_ name: String) -> JSONValue {
        [
            "name": .string(name), "type": "topic", "durable": true, "autoDelete": false, "vhost": "/",
        ]
    }

    /// A channel published to `exchange` with its address as routing key.
    static func routingKeyChannel(exchange name: String) -> JSONValue {
        ["amqp": ["is": "routingKey", "exchange": exchange(name), "bindingVersion": bindingVersion]]
    }

    /// The channel extension `x-command-queue`: the quorum queue that holds a command, its
    /// retry delays and dead letters (AMQP bindings have no field for a queue type).
    static func commandQueue(_ queue: String, exchange: String) -> JSONValue {
        [
            "name": .string(queue), "x-queue-type": "quorum", "durable": true,
            "dead-letter-queue": .string(queue + ".dlq"),
            "retry-queues": .string(queue + ".retry.1…N (1 s, 10 s, 60 s by default)"),
            "description": .string(
                "Declared by the service that handles the command (and `connectbus topology`), bound to \(exchange) with the routing key \(queue). Platform users publish to the exchange; they may not read the queue."
            ),
        ]
    }

    /// The event history stream: a durable queue (of type stream, in the channel's
    /// `x-stream` extension) bound to `connectbus.events` with `#`.
    static func historyChannel(stream: String) -> JSONValue {
        [
            "amqp": [
                "is": "queue",
                "queue": ["name": .string(stream), "durable": true, "exclusive": false, "autoDelete": false, "vhost": "/"],
                "bindingVersion": bindingVersion,
            ]
        ]
    }

    /// The channel extension `x-stream` of the history stream.
    static var stream: JSONValue {
        [
            "x-queue-type": "stream",
            "bound-to": ["exchange": .string(CatalogueEntry.eventsExchange), "routing-key": "#"],
            "consumer":
                "basic.qos prefetch (required), manual acks, consumer argument x-stream-offset; each delivery's header x-stream-offset is its offset",
        ]
    }

    /// A reply queue: the command's `reply_to`, a queue of the publisher's own (server-named,
    /// exclusive), reached through the default exchange.
    static var replyChannel: JSONValue {
        [
            "amqp": [
                "is": "queue",
                "queue": ["durable": false, "exclusive": true, "autoDelete": true, "vhost": "/"],
                "bindingVersion": bindingVersion,
            ]
        ]
    }

    /// How a platform publishes a command: persistent, `mandatory`, with a timestamp.
    static var sendOperation: JSONValue {
        [
            "amqp": [
                "deliveryMode": 2, "mandatory": true, "timestamp": true, "bindingVersion": bindingVersion,
            ]
        ]
    }

    /// How a consumer reads: manual acknowledgements (required on the stream).
    static var receiveOperation: JSONValue {
        ["amqp": ["ack": true, "bindingVersion": bindingVersion]]
    }

    /// The message binding: JSON, and the AMQP `type` property is the message's name.
    static func message(type: String) -> JSONValue {
        ["amqp": ["contentEncoding": "utf-8", "messageType": .string(type), "bindingVersion": bindingVersion]]
    }

    /// The AMQP basic properties every message carries, stated once (`x-amqp-properties`).
    static func properties(kind: MessageKind, name: String) -> JSONValue {
        var p: [String: JSONValue] = [
            "content_type": "application/json",
            "delivery_mode": "2 (persistent)",
            "type": .string(name),
            "timestamp": "Unix seconds when it was published",
            "app_id": "the publisher (a service name, or your platform's)",
        ]
        switch kind {
        case .command:
            p["message_id"] =
                "required: a new UUID per command; a retry of a command whose reply was lost reuses it with the same body (the suite answers the stored reply with x-replayed: true; another body under it is conflict.message_id_reused)"
            p["reply_to"] = "your reply queue (amq.gen-… or platform.…); without it the command is handled and nothing is answered"
            p["correlation_id"] = "copied onto the reply; any string, a UUID is usual"
        case .reply:
            p["message_id"] = "the reply's own id; a replayed reply keeps its first message_id (drop it if you had that one)"
            p["correlation_id"] = "the command's correlation_id (of the retry, for a replayed reply)"
        case .event:
            p["message_id"] = "UUID; delivery is at least once: dedupe by it"
            p["correlation_id"] = "the correlation_id of the command that caused it, when there was one"
        }
        return .object(p)
    }

    /// The AMQP headers of a message of `kind` at schema `version` (a JSON Schema object).
    static func headers(kind: MessageKind, version: Int) -> JSONValue {
        var properties: [String: JSONValue] = [
            MessageHeaders.Key.schemaVersion: [
                "type": "integer", "const": .int(version),
                "description": "The message's schema version (a breaking change is a new version or a new name).",
            ],
            MessageHeaders.Key.stripeAccount: [
                "type": "string", "pattern": "^acct_",
                "description":
                    "The connected account the message is about. On a command it goes with the body's required `account` field (the same acct_…); the header alone is not enough.",
            ],
            MessageHeaders.Key.traceparent: [
                "type": "string", "description": "W3C Trace Context; optional, carried from command to reply and events.",
            ],
        ]
        if kind != .command {
            properties[MessageHeaders.Key.causationId] = [
                "type": "string", "description": "The message_id of the message that caused this one.",
            ]
        }
        if kind == .reply {
            properties[MessageHeaders.Key.replayed] = [
                "type": "string", "const": "true",
                "description": "Present on a stored reply sent again to a retry under the same message_id.",
            ]
        }
        return [
            "type": "object",
            "properties": .object(properties),
            "required": kind == .command ? [] : [.string(MessageHeaders.Key.schemaVersion)],
            "additionalProperties": true,
        ]
    }
}
