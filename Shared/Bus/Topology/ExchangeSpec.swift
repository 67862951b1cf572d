/// One exchange to declare (exchange.declare).
public struct ExchangeSpec: Sendable, Equatable {
    /// Exchange name, e.g. `connectbus.commands`.
    public var name: String
    /// Exchange type: `topic`, `direct`, `fanout` or `headers`.
    public var type: String
    /// Survives a broker restart.
    public var durable: Bool

    /// Creates a spec; defaults to a durable topic exchange.
    public init(name: String, type: String = "topic", durable: Bool = true) {
        self.name = name
        self.type = type
        self.durable = durable
    }
}
