/// The one error type of the Bus module: a stable machine code, a safe message and the
/// broker's or library's own details.
///
/// `code` is stable and usable as a metric label (see the static constants). `message`
/// carries the broker's reply text (e.g. `NOT_FOUND - no queue 'x' in vhost '/'`) or
/// rabbitmq-c's error string, and never a password: URLs appear only in their redacted
/// form (``AMQPURL/description``). Whether an error means the connection must be dialled
/// again is decided here, in ``isConnectionLost`` and ``requiresReconnect``.
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable machine code, e.g. `bus.channel_closed`.
    public var code: String
    /// Human-readable, secret-free explanation.
    public var message: String
    /// AMQP reply code sent by the broker (e.g. 404, 406, 312 for NO_ROUTE, 320), if any.
    public var replyCode: Int?
    /// rabbitmq-c status (`amqp_status_enum`, negative), if the library reported one.
    public var libraryStatus: Int32?
    /// `message_id` of the message concerned (e.g. the returned or nacked message), if known.
    public var messageId: String?

    /// Creates an error; prefer the static constructors, which use the stable codes.
    public init(
        code: String, message: String, replyCode: Int? = nil,
        libraryStatus: Int32? = nil, messageId: String? = nil
    ) {
        self.code = code
        self.message = message
        self.replyCode = replyCode
        self.libraryStatus = libraryStatus
        self.messageId = messageId
    }

    /// `code: message`, safe to log.
    public var description: String { "\(code): \(message)" }

    /// `true` when the TCP/TLS connection is gone or was closed by the broker (socket
    /// error, heartbeat timeout, connection.close, refused dial): drop the
    /// ``AMQPConnection`` and dial again (``ReconnectingConnection`` does it with backoff).
    public var isConnectionLost: Bool {
        [Code.connectionFailed, Code.connectionLost, Code.connectionClosed].contains(code)
    }

    /// `true` when the ``AMQPConnection`` that threw can no longer be used as set up: the
    /// connection is lost, its only channel was closed by the broker, it was closed, or the
    /// broker cancelled its consumer. Dial again and redo the set-up
    /// (``ReconnectingConnection/run(_:)`` does both).
    public var requiresReconnect: Bool {
        isConnectionLost || [Code.channelClosed, Code.closed, Code.consumerCancelled].contains(code)
    }

    /// The stable codes this module throws.
    public enum Code {
        /// The URL could not be parsed (the message names the part, never the password).
        public static let invalidURL = "bus.invalid_url"
        /// Dialling, the TLS handshake, login or opening the channel failed.
        public static let connectionFailed = "bus.connection_failed"
        /// The socket failed or the heartbeat timed out after the connection was open.
        public static let connectionLost = "bus.connection_lost"
        /// The broker closed the connection (connection.close), e.g. a forced close.
        public static let connectionClosed = "bus.connection_closed"
        /// The broker closed the channel (channel.close), e.g. 404 NOT_FOUND, 406 PRECONDITION_FAILED.
        public static let channelClosed = "bus.channel_closed"
        /// A `mandatory` publish matched no queue and came back as basic.return.
        public static let unroutable = "bus.unroutable"
        /// The broker answered a confirmed publish with basic.nack.
        public static let nacked = "bus.nacked"
        /// A wait (confirms, reply, RPC) ran past its deadline.
        public static let timeout = "bus.timeout"
        /// The broker cancelled the consumer (basic.cancel), e.g. its queue was deleted.
        public static let consumerCancelled = "bus.consumer_cancelled"
        /// The connection was already closed by ``AMQPConnection/close()``.
        public static let closed = "bus.closed"
        /// Any other library or protocol failure (the message says which).
        public static let protocolError = "bus.protocol_error"
        /// A reply arrived but its body could not be decoded.
        public static let invalidReply = "bus.invalid_reply"
    }
}
