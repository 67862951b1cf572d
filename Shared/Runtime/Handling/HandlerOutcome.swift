public import Messages

/// What a handler decided about one message.
///
/// - `done`: commit the message's work and ack it.
/// - `retry`: roll back the message's work and republish it to the next delay queue
///   (`<queue>.retry.<n>`), or park it in `<queue>.dlq` after the last attempt.
/// - `deadLetter`: roll back and park the message in `<queue>.dlq` at once (poison input,
///   a permanent failure no retry can fix).
public enum HandlerOutcome: Sendable, Equatable {
    /// Commit and ack.
    case done
    /// Roll back; retry later with the given reason (becomes `x-error-code`/`x-error-message`).
    case retry(ReplyError)
    /// Roll back; dead-letter now with the given reason.
    case deadLetter(ReplyError)
}

/// Thrown by a handler to ask for a retry or a dead letter from deep inside its code.
///
/// The runtime treats it exactly like returning the corresponding ``HandlerOutcome``.
public struct HandlerError: Error, Sendable, Equatable {
    /// The requested outcome (`.retry` or `.deadLetter`; `.done` is treated as a retry).
    public var outcome: HandlerOutcome

    /// Asks for `outcome`, keeping every detail of its ``ReplyError`` (field, Stripe info).
    public init(outcome: HandlerOutcome) {
        self.outcome = outcome
    }

    /// Asks for a delayed retry.
    public static func retry(code: String, message: String) -> HandlerError {
        HandlerError(outcome: .retry(ReplyError(code: code, message: message, retryable: true)))
    }

    /// Asks for an immediate dead letter.
    public static func deadLetter(code: String, message: String) -> HandlerError {
        HandlerError(outcome: .deadLetter(ReplyError(code: code, message: message, retryable: false)))
    }
}
