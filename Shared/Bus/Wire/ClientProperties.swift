import CRabbitMQ

/// The client properties a ConnectBus connection sends in connection.start-ok (AMQP 0-9-1
/// §1.4.2.2), merged by rabbitmq-c into its defaults (`amqp_login_with_properties`).
///
/// - `connection_name`: shown by the broker (management UI, `rabbitmqctl list_connections`),
///   e.g. `payments/worker-2/consume`.
/// - `product`: `ConnectBus`.
/// - `capabilities`: RabbitMQ's client capabilities (rabbitmq.com/docs/consumer-cancel):
///   `consumer_cancel_notify` (the broker sends basic.cancel when a consumed queue is
///   deleted, surfaced as `bus.consumer_cancelled`), `publisher_confirms`, `basic.nack`,
///   `authentication_failure_close`; `connection.blocked` is `false` because the Bus does
///   not handle connection.blocked/unblocked notifications.
struct ClientProperties {
    /// One field of a client-properties table: a long string, a boolean or a nested table.
    enum Field {
        case string(String)
        case bool(Bool)
        case table([(String, Field)])
    }

    /// The connection's name, as passed to ``AMQPConnection``.
    let connectionName: String

    /// The entries, in the order they are encoded.
    var fields: [(String, Field)] {
        [
            ("connection_name", .string(connectionName)),
            ("product", .string("ConnectBus")),
            (
                "capabilities",
                .table([
                    ("authentication_failure_close", .bool(true)),
                    ("basic.nack", .bool(true)),
                    ("connection.blocked", .bool(false)),
                    ("consumer_cancel_notify", .bool(true)),
                    ("publisher_confirms", .bool(true)),
                ])
            ),
        ]
    }

    /// The properties as an `amqp_table_t` whose memory `arena` owns (keep it alive while
    /// rabbitmq-c reads the table).
    func table(in arena: AMQPArena) -> amqp_table_t {
        arena.fieldTable(fields)
    }
}

extension AMQPArena {
    /// An AMQP field table of strings (`S`), booleans (`t`) and nested tables (`F`), in the
    /// given order; every byte is owned by this arena.
    func fieldTable(_ fields: [(String, ClientProperties.Field)]) -> amqp_table_t {
        guard !fields.isEmpty else { return amqp_table_t(num_entries: 0, entries: nil) }
        let entries = allocateEntries(fields.count)
        for (index, (key, field)) in fields.enumerated() {
            var value = amqp_field_value_t()
            switch field {
            case .string(let text):
                value.kind = UInt8(AMQP_FIELD_KIND_UTF8.rawValue)
                value.value.bytes = bytes(text)
            case .bool(let flag):
                value.kind = UInt8(AMQP_FIELD_KIND_BOOLEAN.rawValue)
                value.value.boolean = flag ? 1 : 0
            case .table(let nested):
                value.kind = UInt8(AMQP_FIELD_KIND_TABLE.rawValue)
                value.value.table = fieldTable(nested)
            }
            (entries + index).initialize(to: amqp_table_entry_t(key: bytes(key), value: value))
        }
        return amqp_table_t(num_entries: Int32(fields.count), entries: entries)
    }
}
