import CRabbitMQ
import Messages

extension AMQPConnection {
    /// Declares every exchange, queue and binding of `topology`, in that order
    /// (exchange.declare, queue.declare, queue.bind). Idempotent while the arguments match.
    /// - Throws: ``BusError`` `bus.channel_closed` with the broker's text, e.g. 406
    ///   PRECONDITION_FAILED when a queue exists with other arguments (the connection is
    ///   then unusable).
    public func declare(_ topology: Topology) throws(BusError) {
        let state = try usableState()
        let none = amqp_table_t(num_entries: 0, entries: nil)
        for exchange in topology.exchanges {
            let arena = AMQPArena()
            _ = amqp_exchange_declare(
                state, Self.channel, arena.bytes(exchange.name), arena.bytes(exchange.type),
                0, exchange.durable ? 1 : 0, 0, 0, none)
            withExtendedLifetime(arena) {}
            try check(amqp_get_rpc_reply(state), "\(connectionName): declare exchange \(exchange.name)")
        }
        for queue in topology.queues { _ = try declareQueue(queue) }
        for binding in topology.bindings {
            let arena = AMQPArena()
            _ = amqp_queue_bind(
                state, Self.channel, arena.bytes(binding.queue), arena.bytes(binding.exchange),
                arena.bytes(binding.pattern), none)
            withExtendedLifetime(arena) {}
            try check(
                amqp_get_rpc_reply(state),
                "\(connectionName): bind \(binding.queue) to \(binding.exchange) (\(binding.pattern))")
        }
        didSend()
    }

    /// Declares one queue and returns its name (the broker's generated name when
    /// `spec.name` is empty).
    /// - Throws: ``BusError`` `bus.channel_closed` if the broker refuses the declaration.
    public func declareQueue(_ spec: QueueSpec) throws(BusError) -> String {
        let state = try usableState()
        let arena = AMQPArena()
        let ok = amqp_queue_declare(
            state, Self.channel, arena.bytes(spec.name), 0, spec.durable ? 1 : 0,
            spec.exclusive ? 1 : 0, spec.autoDelete ? 1 : 0, arena.table(spec.arguments))
        withExtendedLifetime(arena) {}
        try check(amqp_get_rpc_reply(state), "\(connectionName): declare queue \(spec.name)")
        didSend()
        return ok?.pointee.queue.string ?? spec.name
    }

    /// Number of ready messages and consumers of an existing queue (passive queue.declare).
    /// - Throws: ``BusError`` `bus.channel_closed` (404) if the queue does not exist.
    public func queueStatus(_ name: String) throws(BusError) -> (messages: Int, consumers: Int) {
        let state = try usableState()
        let arena = AMQPArena()
        let ok = amqp_queue_declare(
            state, Self.channel, arena.bytes(name), 1, 0, 0, 0,
            amqp_table_t(num_entries: 0, entries: nil))
        withExtendedLifetime(arena) {}
        try check(amqp_get_rpc_reply(state), "\(connectionName): inspect queue \(name)")
        didSend()
        return (Int(ok?.pointee.message_count ?? 0), Int(ok?.pointee.consumer_count ?? 0))
    }

    /// Deletes a queue and the messages in it (queue.delete); returns how many it held.
    /// - Throws: ``BusError`` if the RPC fails.
    @discardableResult
    public func deleteQueue(_ name: String) throws(BusError) -> Int {
        let state = try usableState()
        let arena = AMQPArena()
        let ok = amqp_queue_delete(state, Self.channel, arena.bytes(name), 0, 0)
        withExtendedLifetime(arena) {}
        try check(amqp_get_rpc_reply(state), "\(connectionName): delete queue \(name)")
        didSend()
        return Int(ok?.pointee.message_count ?? 0)
    }
}
