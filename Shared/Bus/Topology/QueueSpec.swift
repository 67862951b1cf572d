public import Messages

/// One queue to declare (queue.declare) with its `x-arguments`.
public struct QueueSpec: Sendable, Equatable {
    /// Queue name; empty asks the broker for a server-named queue
    /// (see ``AMQPConnection/declareQueue(_:)``, which returns the name).
    public var name: String
    /// Survives a broker restart (quorum queues must be durable).
    public var durable: Bool
    /// Used only by this connection and deleted when it closes.
    public var exclusive: Bool
    /// Deleted when its last consumer goes away.
    public var autoDelete: Bool
    /// `x-…` arguments, e.g. `x-queue-type`, `x-message-ttl` (integer milliseconds),
    /// `x-dead-letter-exchange`, `x-dead-letter-routing-key`.
    public var arguments: [String: HeaderValue]

    /// Creates a spec; defaults to a durable, shared, non-auto-delete queue.
    public init(
        name: String, durable: Bool = true, exclusive: Bool = false,
        autoDelete: Bool = false, arguments: [String: HeaderValue] = [:]
    ) {
        self.name = name
        self.durable = durable
        self.exclusive = exclusive
        self.autoDelete = autoDelete
        self.arguments = arguments
    }

    /// A durable quorum queue (`x-queue-type: quorum`) with extra `arguments`.
    public static func quorum(_ name: String, arguments: [String: HeaderValue] = [:]) -> QueueSpec {
        var args = arguments
        args["x-queue-type"] = .string("quorum")
        return QueueSpec(name: name, arguments: args)
    }
}
