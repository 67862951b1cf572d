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

/// A delivery whose handling failed, with where it goes next.
struct FailedDelivery {
    let delivery: Delivery
    let failure: HandlingFailure
    let decision: RetryDecision

    /// The copy republished to the delay queue or DLQ: same message id and body, `x-attempt`
    /// set, the error and origin in `x-error-*` / `x-original-*` headers, the failure added
    /// to the `x-failures` history.
    var republished: Envelope {
        var envelope = delivery.envelope
        let now = Int(Date().timeIntervalSince1970)
        envelope.headers.extra[MessageHeaders.Key.failures] = FailureHistory.appending(
            FailureRecord(
                attempt: delivery.envelope.headers.attempt, at: now, queue: delivery.queue,
                code: failure.code, message: failure.message),
            to: delivery.envelope.headers.extra[MessageHeaders.Key.failures])
        envelope.headers.attempt = decision.attempt
        envelope.headers.extra[MessageHeaders.Key.errorCode] = failure.code
        envelope.headers.extra[MessageHeaders.Key.errorMessage] = String(failure.message.prefix(1000))
        envelope.headers.extra[MessageHeaders.Key.originalQueue] = delivery.queue
        if envelope.headers.extra[MessageHeaders.Key.originalRoutingKey] == nil {
            envelope.headers.extra[MessageHeaders.Key.originalRoutingKey] = delivery.routingKey
        }
        if case .deadLetter = decision {
            envelope.headers.extra[MessageHeaders.Key.failedAt] = String(now)
        }
        return envelope
    }

    /// The error reply for a dead-lettered command that asked for a reply, so its sender
    /// does not wait for a timeout. `nil` for retries, events and commands without `reply_to`.
    func errorReply(appId: String) -> (Envelope, String)? {
        guard case .deadLetter = decision, let replyTo = delivery.envelope.replyTo, !replyTo.isEmpty
        else { return nil }
        guard
            let reply = try? Envelope.reply(
                Reply<EmptyResult>.error(failure.replyError),
                to: delivery.envelope, appId: appId)
        else { return nil }
        return (reply, replyTo)
    }
}

/// Placeholder result type for error replies (never encoded as a result).
struct EmptyResult: Codable, Sendable, Equatable {}
