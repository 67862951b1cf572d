/// One binding to declare (queue.bind): messages published to `exchange` whose routing key
/// matches `pattern` (topic syntax: `*` one word, `#` zero or more) go to `queue`.
public struct BindingSpec: Sendable, Equatable, Hashable {
    /// Destination queue.
    public var queue: String
    /// Source exchange.
    public var exchange: String
    /// Routing key or topic pattern.
    public var pattern: String

    /// Creates a binding.
    public init(queue: String, exchange: String, pattern: String) {
        self.queue = queue
        self.exchange = exchange
        self.pattern = pattern
    }
}
