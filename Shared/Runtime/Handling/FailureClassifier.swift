import Bus
import Messages
import Store
import StripeAPI

/// Decides, in one place, whether an error thrown by a handler is transient (retry
/// through the delay queues) or permanent/poison (dead-letter now), and which stable
/// code and safe message describe it.
///
/// - ``HandlerError``: its own outcome.
/// - `MessageDecodingError`, unknown message type, `ReplyError` (validation): dead-letter.
/// - `StoreError`: retry when `isTransient`, else dead-letter.
/// - `StripeError`: retry when `isRetryable` (network, 409, 429, 5xx), else dead-letter.
/// - `BusError`: retry. Anything else: retry (then dead-letter after the last attempt).
public enum FailureClassifier {
    /// Classifies `error`.
    public static func classify(_ error: any Error) -> HandlingFailure {
        switch error {
        case let error as HandlerError:
            return classify(error.outcome)
        case let error as MessageDecodingError:
            let reply = error.replyError
            return HandlingFailure(
                code: reply.code, message: reply.message, disposition: .deadLetter,
                details: reply)
        case let error as ReplyError:
            return HandlingFailure(
                code: error.code, message: error.message,
                disposition: error.retryable ? .retry : .deadLetter, details: error)
        case let error as StoreError:
            return HandlingFailure(
                code: error.code, message: error.message,
                disposition: error.isTransient ? .retry : .deadLetter)
        case let error as StripeError:
            let reply = ReplyError.stripe(error)
            return HandlingFailure(
                code: reply.code, message: reply.message,
                disposition: error.isRetryable ? .retry : .deadLetter, details: reply)
        case let error as BusError:
            return HandlingFailure(code: error.code, message: error.message, disposition: .retry)
        default:
            return HandlingFailure(
                code: ReplyError.Code.internal, message: String(describing: error),
                disposition: .retry)
        }
    }

    /// The failure a non-`done` outcome stands for.
    public static func classify(_ outcome: HandlerOutcome) -> HandlingFailure {
        switch outcome {
        case .done:
            return HandlingFailure(
                code: ReplyError.Code.internal, message: "done thrown as an error",
                disposition: .retry)
        case .retry(let reason):
            return HandlingFailure(
                code: reason.code, message: reason.message, disposition: .retry,
                details: reason)
        case .deadLetter(let reason):
            return HandlingFailure(
                code: reason.code, message: reason.message, disposition: .deadLetter,
                details: reason)
        }
    }

    /// `delivery.redelivery_limit`: the broker delivered the message `count` times without
    /// it being settled (each time the worker died or lost its connection before the ack);
    /// dead-letters at once, without running the handler (``RedeliveryPolicy/redeliveryLimit``).
    public static func redeliveryLimit(count: Int, limit: Int, queue: String) -> HandlingFailure {
        HandlingFailure(
            code: ReplyError.Code.redeliveryLimit,
            message:
                "redelivered \(count) times without being settled (limit \(limit), REDELIVERY_LIMIT): each delivery ended "
                + "with \(queue)'s worker dead or disconnected before its ack, so the message was parked without running "
                + "its handler; look for crashes in the service's log, then replay it (connectbus dlq replay)",
            disposition: .deadLetter)
    }

    /// The failure for a message whose type has no handler on its queue:
    /// `validation.missing_type` when the AMQP `type` property is missing (only event queues
    /// get there: a command queue takes the type from its name), `validation.unknown_message`
    /// otherwise. Both dead-letter at once.
    public static func unknownType(_ type: String, queue: String) -> HandlingFailure {
        if type.isEmpty {
            return HandlingFailure(
                code: ReplyError.Code.missingType,
                message:
                    "the message has no AMQP type property; \(queue) carries several message types, so set type to the message name (e.g. the event's routing key)",
                disposition: .deadLetter)
        }
        return HandlingFailure(
            code: ReplyError.Code.unknownMessage,
            message: "no handler for message type \(type) on \(queue)", disposition: .deadLetter)
    }
}
