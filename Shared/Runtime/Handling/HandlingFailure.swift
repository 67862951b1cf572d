public import Messages

/// A classified handler failure: the stable code and safe message that go into metrics,
/// logs and `x-error-*` headers, and whether a retry may help.
public struct HandlingFailure: Sendable, Equatable {
    /// How the runtime reacts to the failure.
    public enum Disposition: Sendable, Equatable {
        /// Transient: retry through the delay queues, then dead-letter.
        case retry
        /// Permanent or poison: dead-letter at once.
        case deadLetter
    }

    /// Stable code, e.g. `store.serialization_failure`, `message.undecodable`.
    public var code: String
    /// Safe message (no secrets).
    public var message: String
    /// Retry or dead-letter.
    public var disposition: Disposition
    /// The full reply error when the failure came with one (the offending `field`, Stripe's
    /// `type`/`code`/`decline_code`/`param`/`Request-Id`); `nil` for failures that only have
    /// a code and a message.
    public var details: ReplyError?

    /// Creates a failure description.
    public init(code: String, message: String, disposition: Disposition, details: ReplyError? = nil) {
        self.code = code
        self.message = message
        self.disposition = disposition
        self.details = details
    }

    /// The error a sender gets in its reply when the message is dead-lettered: the full
    /// ``details`` when known, else code and message. A permanent failure is not
    /// retryable. A transient one that outlasted the retry ladder (DESIGN §3) is
    /// `retryable: true` and `parked: true`: it waits in `<queue>.dlq`, and
    /// `connectbus dlq replay` completes it and sends the final reply to the same `reply_to`.
    public var replyError: ReplyError {
        var error = details ?? ReplyError(code: code, message: message, retryable: false)
        error.code = code
        error.message = message
        error.retryable = disposition == .retry
        error.parked = disposition == .retry ? true : nil
        return error
    }
}
