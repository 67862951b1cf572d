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

    /// Creates a failure description.
    public init(code: String, message: String, disposition: Disposition) {
        self.code = code
        self.message = message
        self.disposition = disposition
    }
}
