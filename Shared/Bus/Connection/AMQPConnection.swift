import CRabbitMQ
import CShims
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages

/// One AMQP 0-9-1 connection to RabbitMQ with one channel (number 1), over rabbitmq-c.
///
/// **Thread confinement.** Not `Sendable`: create it on a dedicated thread (never on
/// Swift's cooperative pool: every call blocks on the socket) and use it only there.
/// rabbitmq-c does no background work, so a thread that is busy elsewhere must call
/// ``sendHeartbeatIfDue()`` regularly (the runtime does it from curl's progress callback).
///
/// **Roles.** Use one connection for confirmed publishing (``enableConfirms()``,
/// ``publish(_:exchange:routingKey:mandatory:)``, ``waitForConfirms(timeout:)``) and
/// another for consuming (``startConsuming(queue:prefetch:consumerTag:)``,
/// ``nextDelivery(timeout:)``, ``ack(_:multiple:)``): waiting for confirms reads frames
/// and must not meet deliveries.
///
/// **Failures.** Every method throws ``BusError``. Once the broker closes the channel or
/// the connection is lost, every later call throws the same error
/// (``BusError/requiresReconnect``): close it and dial a new one
/// (``ReconnectingConnection`` does that with backoff). ``close()`` is idempotent and
/// `deinit` closes a connection that is still open.
public final class AMQPConnection {
    /// The channel every operation uses.
    static let channel: amqp_channel_t = 1

    /// The broker this connection dialled (its description hides the password).
    public let url: AMQPURL
    /// Name used in errors and logs, e.g. `payments.worker-3.consume`.
    public let connectionName: String

    /// rabbitmq-c's connection state; `nil` once closed.
    var state: amqp_connection_state_t?
    /// The first fatal error seen (channel or connection closed, socket lost).
    var failure: BusError?
    /// When this side last sent a frame, for ``sendHeartbeatIfDue()``.
    var lastSend = ContinuousClock.now
    /// Whether ``enableConfirms()`` put the channel in confirm mode.
    var confirmsEnabled = false
    /// Next publish sequence number (delivery tag of confirms), from 1.
    var nextPublishTag: UInt64 = 1
    /// Published but not yet confirmed: delivery tag → `message_id`.
    var unconfirmed: [UInt64: String] = [:]
    /// A nack or return read by a confirm wait that then timed out, reported by the wait
    /// that settles the last outstanding publish.
    var confirmProblem: BusError?
    /// Active consumers: consumer tag → queue.
    var consumers: [String: String] = [:]
    /// Whether ``corked(_:)`` holds the socket corked (nested calls cork once).
    var isCorked = false

    /// Dials `url`, logs in with SASL PLAIN and opens channel 1.
    ///
    /// - Parameters:
    ///   - url: broker URL; its `heartbeat` and `connection_timeout` query parameters win
    ///     over `heartbeatSeconds` and the default 10 s connect timeout.
    ///   - connectionName: a name for errors and logs.
    ///   - heartbeatSeconds: requested heartbeat interval in seconds (0 disables); the
    ///     broker may lower it, see ``negotiatedHeartbeat``.
    /// - Throws: ``BusError`` `bus.connection_failed` (DNS, TCP, TLS, login, vhost, channel).
    public init(url: AMQPURL, connectionName: String, heartbeatSeconds: Int = 30) throws(BusError) {
        self.url = url
        self.connectionName = connectionName
        self.state = try AMQPDialer(
            url: url, connectionName: connectionName,
            heartbeatSeconds: url.heartbeatSeconds ?? heartbeatSeconds
        ).dial()
        lastSend = .now
    }

    deinit {
        close()
    }

    /// The heartbeat interval agreed with the broker (zero when heartbeats are off).
    public var negotiatedHeartbeat: Duration {
        guard let state else { return .zero }
        return .seconds(Int(amqp_get_heartbeat(state)))
    }

    /// `true` until ``close()`` or a fatal error (then ``BusError/requiresReconnect``).
    public var isUsable: Bool { state != nil && failure == nil }

    /// Sends one heartbeat frame if at least half the negotiated heartbeat interval has
    /// passed since this side last sent a frame; otherwise does nothing. Cheap: call it
    /// as often as you like (e.g. once a second while waiting on Stripe), on the owning
    /// thread. Send errors are not thrown here: the next real call reports them.
    public func sendHeartbeatIfDue() {
        guard let state, failure == nil else { return }
        let interval = amqp_get_heartbeat(state)
        guard interval > 0 else { return }
        let now = ContinuousClock.now
        guard now - lastSend >= .milliseconds(Int(interval) * 500) else { return }
        _ = cbshim_amqp_send_heartbeat(state)
        lastSend = now
    }

    /// Closes the channel and the connection politely (channel.close, connection.close),
    /// then frees rabbitmq-c's state. Idempotent; never throws (errors while closing a
    /// connection that is already broken are ignored; after a broker channel.close only the
    /// connection is closed).
    public func close() {
        guard let state else { return }
        if failure == nil {
            _ = amqp_channel_close(state, Self.channel, AMQP_REPLY_SUCCESS)
        }
        if failure == nil || failure?.code == BusError.Code.channelClosed {
            _ = amqp_connection_close(state, AMQP_REPLY_SUCCESS)
        }
        amqp_destroy_connection(state)
        self.state = nil
        consumers = [:]
        unconfirmed = [:]
        confirmProblem = nil
    }

    /// The open state, or the error that made this connection unusable.
    func usableState() throws(BusError) -> amqp_connection_state_t {
        if let failure { throw failure }
        guard let state else {
            throw BusError(code: BusError.Code.closed, message: "connection \(connectionName) is closed")
        }
        return state
    }

    /// Notes that this side just sent a frame (heartbeat bookkeeping).
    func didSend() { lastSend = .now }
}

extension AMQPConnection {
    /// The socket's file descriptor, or -1 when closed (diagnostics and failure tests).
    var socketDescriptor: Int32 {
        guard let state else { return -1 }
        return amqp_get_sockfd(state)
    }
}
