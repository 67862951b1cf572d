#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

extension HandlerContext {
    /// Runs one Stripe call with this worker's client (rate-limited, heartbeating) and sorts
    /// its failure: a retryable failure (network, 409, 429, 5xx) while delayed retries remain
    /// (except ``answerAtOnce``) is thrown as ``HandlerError/retry(code:message:)`` so the runtime redelivers the
    /// command later (with the same idempotency keys); any other failure, or a retryable one
    /// on the last attempt, is returned for the handler to map to a reply error.
    /// - Throws: `HandlerError` (retry), or what the runtime's client factory throws.
    func stripe<T>(_ body: (StripeClient) throws(StripeError) -> T) throws -> Result<T, StripeError> {
        do {
            return .success(try worker.callStripe { client in try body(client) })
        } catch let error as StripeError {
            if error.isRetryable && !Self.answerAtOnce.contains(error.code ?? "")
                && envelope.headers.attempt < worker.config.retryDelays.count {
                log.warning("stripe call failed; retrying later", ["error": error.description])
                throw HandlerError.retry(code: error.stableCode, message: error.message)
            }
            log.warning("stripe call failed", ["error": error.description])
            return .failure(error)
        }
    }

    /// Retryable Stripe errors the point-of-sale app must hear about at once instead of a
    /// delayed retry: a busy reader (HTTP 409) is the cashier's decision, not a transient fault.
    static let answerAtOnce: Set<String> = ["terminal_reader_busy", "terminal_reader_offline"]

    /// The command's step key for Stripe's `Idempotency-Key`: `<message_id>:<step>`, equal on
    /// every redelivery of the same command.
    func idempotencyKey(_ step: String) -> String {
        "\(envelope.messageId):\(step)"
    }

    /// The current time in Unix seconds.
    var now: Int { Int(Date().timeIntervalSince1970) }
}
