import Messages
import Runtime
import StripeAPI

extension HandlerContext {
    /// Runs one Stripe call with this worker's client (rate-limited, heartbeating) and sorts
    /// its failure: a retryable failure (network, 409, 429, 5xx) while delayed retries remain
    /// is thrown as ``HandlerError/retry(code:message:)`` so the runtime redelivers the
    /// command later (with the same idempotency keys); any other failure, or a retryable one
    /// on the last attempt, is returned as the reply error to send.
    /// - Throws: `HandlerError` (retry), or what the runtime's client factory throws.
    func stripe<T>(_ body: (StripeClient) throws(StripeError) -> T) throws -> Result<T, ReplyError> {
        do {
            return .success(try worker.callStripe { client in try body(client) })
        } catch let error as StripeError {
            if error.isRetryable && envelope.headers.attempt < worker.config.retryDelays.count {
                log.warning("stripe call failed; retrying later", ["error": error.description])
                throw HandlerError.retry(code: error.stableCode, message: error.message)
            }
            log.warning("stripe call failed", ["error": error.description])
            return .failure(.paymentsStripe(error))
        }
    }

    /// Options for a mutating call on the connected account `account` with the
    /// Idempotency-Key `<message_id>:<step>` (equal on every redelivery of the command).
    func idempotent(_ step: String, account: String) -> RequestOptions {
        RequestOptions.idempotent("\(envelope.messageId):\(step)", stripeAccount: account)
    }
}
