import Bus
import Messages

extension Route {
    /// A route with handlers given directly as ``MessageHandler``s by message type, for
    /// tools, tests and messages without a Swift type.
    ///
    /// - Parameters:
    ///   - queue: queue name.
    ///   - exchange: exchange the patterns bind on (`connectbus.commands` binds a command
    ///     queue, anything else an event queue).
    ///   - patterns: routing-key patterns bound to the queue.
    ///   - handlers: handler per message `type` (exact names; `*`/`#` patterns allowed).
    public static func raw(
        queue: String, mode: Mode, exchange: String, patterns: [String],
        handlers: [String: MessageHandler]
    ) -> Route {
        var exact: [String: MessageHandler] = [:]
        var wildcard: [(pattern: String, handler: MessageHandler)] = []
        for (type, handler) in handlers.sorted(by: { $0.key < $1.key }) {
            if type.contains("*") || type.contains("#") { wildcard.append((type, handler)) } else { exact[type] = handler }
        }
        return Route(
            queue: queue, mode: mode, patterns: patterns, exchange: exchange,
            handlers: exact, patternHandlers: wildcard)
    }
}
