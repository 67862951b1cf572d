import CRabbitMQ
import Messages

extension AMQPProperties {
    /// Reads rabbitmq-c's decoded properties (only the fields whose flag is set). The
    /// strings are copied, so the result outlives the frame, envelope or message.
    init(_ c: amqp_basic_properties_t) {
        let flags = c._flags
        func has(_ flag: Int32) -> Bool { flags & amqp_flags_t(flag) != 0 }
        self.init(
            contentType: has(AMQP_BASIC_CONTENT_TYPE_FLAG) ? c.content_type.string : nil,
            messageId: has(AMQP_BASIC_MESSAGE_ID_FLAG) ? c.message_id.string : nil,
            correlationId: has(AMQP_BASIC_CORRELATION_ID_FLAG) ? c.correlation_id.string : nil,
            type: has(AMQP_BASIC_TYPE_FLAG) ? c.type.string : nil,
            timestamp: has(AMQP_BASIC_TIMESTAMP_FLAG) ? c.timestamp : nil,
            appId: has(AMQP_BASIC_APP_ID_FLAG) ? c.app_id.string : nil,
            replyTo: has(AMQP_BASIC_REPLY_TO_FLAG) ? c.reply_to.string : nil,
            deliveryMode: has(AMQP_BASIC_DELIVERY_MODE_FLAG) ? c.delivery_mode : nil,
            headers: has(AMQP_BASIC_HEADERS_FLAG) ? c.headers.headerValues : [:])
    }

    /// Calls `body` with these properties as `amqp_basic_properties_t`; every string and the
    /// headers table are copied into an ``AMQPArena`` that lives until `body` returns.
    func withCProperties<R, E: Error>(
        _ body: (UnsafePointer<amqp_basic_properties_t>) throws(E) -> R
    ) throws(E) -> R {
        let arena = AMQPArena()
        var c = amqp_basic_properties_t()
        var flags: amqp_flags_t = 0
        func set(_ value: String?, _ flag: Int32, _ field: inout amqp_bytes_t) {
            guard let value else { return }
            field = arena.bytes(value)
            flags |= amqp_flags_t(flag)
        }
        set(contentType, AMQP_BASIC_CONTENT_TYPE_FLAG, &c.content_type)
        set(messageId, AMQP_BASIC_MESSAGE_ID_FLAG, &c.message_id)
        set(correlationId, AMQP_BASIC_CORRELATION_ID_FLAG, &c.correlation_id)
        set(type, AMQP_BASIC_TYPE_FLAG, &c.type)
        set(appId, AMQP_BASIC_APP_ID_FLAG, &c.app_id)
        set(replyTo, AMQP_BASIC_REPLY_TO_FLAG, &c.reply_to)
        if let timestamp {
            c.timestamp = timestamp
            flags |= amqp_flags_t(AMQP_BASIC_TIMESTAMP_FLAG)
        }
        if let deliveryMode {
            c.delivery_mode = deliveryMode
            flags |= amqp_flags_t(AMQP_BASIC_DELIVERY_MODE_FLAG)
        }
        if !headers.isEmpty {
            c.headers = arena.table(headers)
            flags |= amqp_flags_t(AMQP_BASIC_HEADERS_FLAG)
        }
        c._flags = flags
        return try withExtendedLifetime(arena) { () throws(E) -> R in
            try withUnsafePointer(to: &c) { (p) throws(E) -> R in try body(p) }
        }
    }
}
