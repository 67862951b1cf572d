public import StripeAPI

extension StripeRateLimiter {
    /// Makes `client` take a slot from the fleet's limit (``fleet``) before every HTTP attempt,
    /// retries included, for the attempt's endpoint at `priority()`, heartbeating while it
    /// waits, and report every `429` rate limit (not `lock_timeout`, which is a lock on one
    /// object) with its `Retry-After` so the whole fleet slows down. Without a fleet limit it
    /// changes nothing (``acquirePerCall(whileWaiting:)`` limits the process per call).
    public func attach(
        to client: StripeClient, priority: @escaping () -> StripeCallPriority,
        heartbeat: @escaping () -> Void = {}
    ) {
        guard let fleet else { return }
        client.beforeAttempt = { method, path in
            fleet.acquire(
                endpoint: StripeEndpoint.name(method: method.rawValue, path: path), priority: priority(),
                whileWaiting: heartbeat)
        }
        let previous = client.onAttempt
        client.onAttempt = { attempt in
            if attempt.httpStatus == 429, attempt.errorCode != "stripe.lock_timeout" {
                fleet.rateLimited(retryAfter: attempt.retryAfter)
            }
            previous?(attempt)
        }
    }

    /// Takes a token from this process's bucket for one Stripe call when no fleet limit is
    /// configured; with one it returns at once (attached clients wait per attempt instead).
    public func acquirePerCall(whileWaiting: () -> Void = {}) {
        guard fleet == nil else { return }
        acquire(whileWaiting: whileWaiting)
    }
}
