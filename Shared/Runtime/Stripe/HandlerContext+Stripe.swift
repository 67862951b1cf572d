import Messages
public import StripeAPI

extension HandlerContext {
    /// Runs one Stripe call with this worker's client (rate-limited, heartbeating, see
    /// `WorkerResources.callStripe`) and sorts its failure.
    ///
    /// A retryable failure (network, 409, 429, 5xx: `StripeError.isRetryable`) whose `code`
    /// is not in `answeringAtOnce` is thrown as a ``HandlerError`` asking for a retry (with
    /// ``ReplyError/stripe(_:)`` as its reason, Stripe's details kept), so the runtime
    /// redelivers the command later with the same idempotency keys (``idempotencyKey(_:)``);
    /// after the last attempt the runtime parks it in `<queue>.dlq` with its `x-failures`
    /// and answers `retryable: true, parked: true` (DESIGN §3), and `connectbus dlq replay`
    /// completes it. Any other failure is returned as `mapping(error)`: the reply error to
    /// send (`ReplyError.stripe` or the service's own), or the `StripeError` itself for a
    /// handler that maps it with what it knows of the call.
    /// - Parameters:
    ///   - mapping: turns the failure into the handler's error type.
    ///   - answeringAtOnce: Stripe error codes returned at once although retryable (e.g. a
    ///     busy Terminal reader: the cashier decides, not a delay queue).
    ///   - body: the call, on the worker's thread.
    /// - Throws: `HandlerError` (retry), or what the runtime's client factory throws.
    public func stripe<T, Failure: Error>(
        mapping: (StripeError) -> Failure, answeringAtOnce: Set<String> = [],
        _ body: (StripeClient) throws(StripeError) -> T
    ) throws -> Result<T, Failure> {
        do {
            return .success(try worker.callStripe { client in try body(client) })
        } catch let error as StripeError {
            if error.isRetryable && !answeringAtOnce.contains(error.code ?? "") {
                let next = isLastAttempt ? "parking it" : "retrying later"
                log.warning("stripe call failed; \(next)", ["error": error.description])
                throw HandlerError(outcome: .retry(ReplyError.stripe(error)))
            }
            log.warning("stripe call failed", ["error": error.description])
            return .failure(mapping(error))
        }
    }

    /// The command's step key for Stripe's `Idempotency-Key`: `<message_id>:<step>`, equal on
    /// every redelivery of the same command, different for each Stripe call it makes.
    public func idempotencyKey(_ step: String) -> String {
        "\(envelope.messageId):\(step)"
    }

    /// Options for a mutating call with the Idempotency-Key ``idempotencyKey(_:)`` of `step`,
    /// on the connected account `account` (`Stripe-Account`; `nil`: the platform).
    public func idempotent(_ step: String, account: String?) -> RequestOptions {
        RequestOptions.idempotent(idempotencyKey(step), stripeAccount: account)
    }
}
