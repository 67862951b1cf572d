import CRabbitMQ
// CShims.h includes amqp.h too: whichever of the two modules a compile job loads first owns
// its declarations, so a file that uses them imports both (MemberImportVisibility).
import CShims
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BusError {
    /// The error for a rabbitmq-c status (`amqp_status_enum`), with its library text.
    /// Socket, TLS and heartbeat failures become `bus.connection_lost`, timeouts
    /// `bus.timeout`, anything else `bus.protocol_error`.
    static func library(_ status: Int32, _ context: String) -> BusError {
        let text = amqp_error_string2(status).map { String(cString: $0) } ?? "status \(status)"
        let lost: Set<Int32> = [
            AMQP_STATUS_CONNECTION_CLOSED.rawValue, AMQP_STATUS_SOCKET_ERROR.rawValue,
            AMQP_STATUS_SOCKET_CLOSED.rawValue, AMQP_STATUS_HEARTBEAT_TIMEOUT.rawValue,
            AMQP_STATUS_SSL_ERROR.rawValue, AMQP_STATUS_TCP_ERROR.rawValue,
        ]
        let code =
            lost.contains(status)
            ? Code.connectionLost
            : status == AMQP_STATUS_TIMEOUT.rawValue ? Code.timeout : Code.protocolError
        return BusError(code: code, message: "\(context): \(text)", libraryStatus: status)
    }

    /// The error for a failed RPC reply. A broker channel.close or connection.close is
    /// answered with its close-ok (so the broker can free the channel or socket) and
    /// becomes `bus.channel_closed` / `bus.connection_closed` with the broker's reply text.
    static func rpc(
        _ reply: amqp_rpc_reply_t, _ context: String,
        state: amqp_connection_state_t
    ) -> BusError {
        switch reply.reply_type {
        case AMQP_RESPONSE_LIBRARY_EXCEPTION:
            return library(reply.library_error, context)
        case AMQP_RESPONSE_SERVER_EXCEPTION:
            return closeMethod(reply.reply, context, state: state)
                ?? BusError(
                    code: Code.protocolError,
                    message: "\(context): unexpected method 0x\(String(reply.reply.id, radix: 16))")
        default:
            return BusError(code: Code.connectionLost, message: "\(context): no reply from the broker (EOF)")
        }
    }

    /// If `method` is channel.close or connection.close: answers it with close-ok and
    /// returns the matching error; `nil` for any other method.
    static func closeMethod(
        _ method: amqp_method_t, _ context: String,
        state: amqp_connection_state_t
    ) -> BusError? {
        guard let decoded = method.decoded else { return nil }
        switch method.id {
        case AMQPMethod.channelClose:
            let close = decoded.assumingMemoryBound(to: amqp_channel_close_t.self).pointee
            var ok = amqp_channel_close_ok_t(dummy: 0)
            _ = amqp_send_method(state, AMQPConnection.channel, AMQPMethod.channelCloseOk, &ok)
            return BusError(
                code: Code.channelClosed,
                message: "\(context): broker closed the channel: \(close.reply_text.string)",
                replyCode: Int(close.reply_code))
        case AMQPMethod.connectionClose:
            let close = decoded.assumingMemoryBound(to: amqp_connection_close_t.self).pointee
            var ok = amqp_connection_close_ok_t(dummy: 0)
            _ = amqp_send_method(state, 0, AMQPMethod.connectionCloseOk, &ok)
            return BusError(
                code: Code.connectionClosed,
                message: "\(context): broker closed the connection: \(close.reply_text.string)",
                replyCode: Int(close.reply_code))
        default:
            return nil
        }
    }
}

extension AMQPConnection {
    /// Throws (and remembers as fatal) the error of a non-normal RPC reply.
    func check(_ reply: amqp_rpc_reply_t, _ context: @autoclosure () -> String) throws(BusError) {
        guard reply.reply_type != AMQP_RESPONSE_NORMAL else { return }
        guard let state else { throw BusError(code: BusError.Code.closed, message: "connection is closed") }
        throw fail(BusError.rpc(reply, context(), state: state))
    }

    /// Throws (and remembers as fatal) the error of a non-zero rabbitmq-c status.
    func check(status: Int32, _ context: @autoclosure () -> String) throws(BusError) {
        guard status != AMQP_STATUS_OK.rawValue else { return }
        throw fail(BusError.library(status, context()))
    }

    /// Records `error` as the reason this connection is unusable (unless it is only a
    /// timeout) and returns it.
    func fail(_ error: BusError) -> BusError {
        if error.code != BusError.Code.timeout, failure == nil { failure = error }
        return error
    }
}
