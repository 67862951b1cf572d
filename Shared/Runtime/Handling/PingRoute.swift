import Bus
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages

/// The `<service>.ping` command queue every placeholder service consumes: it answers
/// `{"ok":true,"result":{"service":…,"message_id":…}}` to the sender's `reply_to`, and so
/// proves the whole path (consume → transaction with inbox and outbox → confirmed publish
/// → ack) works.
///
/// Test-only behaviour: when the environment variable `CONNECTBUS_PING_DELAY_MS` is set,
/// the handler sleeps that many milliseconds first (used to test the SIGTERM drain).
public enum PingRoute {
    /// The reply's result.
    public struct Pong: Codable, Sendable, Equatable {
        /// The answering service.
        public var service: String
        /// The `message_id` of the ping.
        public var messageId: String

        /// Creates a result.
        public init(service: String, messageId: String) {
            self.service = service
            self.messageId = messageId
        }
    }

    /// Queue and message type: `<service>.ping`.
    public static func name(service: String) -> String { "\(service).ping" }

    /// The route for `service`.
    public static func make(service: String) -> Route {
        let name = name(service: service)
        let delay = ProcessInfo.processInfo.environment["CONNECTBUS_PING_DELAY_MS"].flatMap { Int($0) } ?? 0
        let handler: MessageHandler = { envelope, context in
            if delay > 0 {
                context.log.info("ping handler sleeping", ["delay_ms": String(delay)])
                DedicatedThread.sleep(.milliseconds(delay))
            }
            try context.reply(Reply<Pong>.ok(Pong(service: service, messageId: envelope.messageId)))
            return .done
        }
        return Route.raw(
            queue: name, mode: .batched, exchange: Exchanges.commands, patterns: [name],
            handlers: [name: handler])
    }
}
