#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import StripeAPI

/// Resources owned by one worker thread: its Stripe client (created on first use, with
/// the worker's heartbeat hook), the process's Stripe rate limiter and a cache for
/// service-specific per-worker objects.
///
/// Thread-safety: not `Sendable`; used only on its worker's thread.
public final class WorkerResources {
    /// The service configuration (Stripe key, base URL, version).
    public let config: ServiceConfig
    /// Shared by every worker of the process.
    public let rateLimiter: StripeRateLimiter
    let metrics: RuntimeMetrics
    /// The process's metrics registry, for a service's own counters (served at `/metrics`).
    public var registry: MetricsRegistry { metrics.registry }
    let heartbeat: () -> Void
    private let makeStripe: (ServiceConfig) throws -> StripeClient
    private var stripe: StripeClient?
    /// A token taken for the handler before it started (rate-limited one-at-a-time routes), spent by its
    /// first ``callStripe(_:)`` so a one-call handler costs one token.
    private var prepaidToken = false
    private var cache: [ObjectIdentifier: Any] = [:]
    /// The trace context of the message being handled (its consumer span), while tracing.
    let traceSlot = TraceSlot()
    /// The priority of this worker's Stripe requests in the fleet's rate limit (its route's
    /// ``Route/stripePriority``).
    public var stripePriority: StripeCallPriority = .interactive

    init(
        config: ServiceConfig, rateLimiter: StripeRateLimiter, metrics: RuntimeMetrics,
        makeStripe: @escaping (ServiceConfig) throws -> StripeClient, heartbeat: @escaping () -> Void
    ) {
        self.config = config
        self.rateLimiter = rateLimiter
        self.metrics = metrics
        self.makeStripe = makeStripe
        self.heartbeat = heartbeat
    }

    /// The default factory: a ``StripeClient`` from `STRIPE_API_KEY`, `STRIPE_API_BASE`,
    /// `STRIPE_CONNECT_BASE` and `STRIPE_API_VERSION`.
    /// - Throws: `StripeError` (`invalid_configuration`) when no key is configured.
    public static func defaultStripeClient(_ config: ServiceConfig) throws -> StripeClient {
        guard let key = config.stripeAPIKey else {
            throw StripeError(kind: .invalidConfiguration, message: "STRIPE_API_KEY is not configured")
        }
        return try StripeClient(
            config: StripeConfig(
                apiKey: key, apiBase: config.stripeAPIBase, connectBase: config.stripeConnectBase,
                apiVersion: config.stripeAPIVersion ?? StripeConfig.defaultAPIVersion))
    }

    /// This worker's Stripe client, created on first use. Its `whileWaiting` hook sends
    /// AMQP heartbeats on the worker's connections while a request is in flight.
    /// Calls made directly on it bypass the rate limiter: prefer ``callStripe(_:)``.
    /// - Throws: what the factory throws (missing key, curl initialisation).
    public func stripeClient() throws -> StripeClient {
        if let stripe { return stripe }
        let client = try makeStripe(config)
        let heartbeat = self.heartbeat
        client.whileWaiting = { heartbeat() }
        let metrics = self.metrics
        let previous = client.onAttempt
        let slot = traceSlot
        let apiBase = config.stripeAPIBase
        client.onAttempt = { attempt in
            metrics.stripeRequests.increment(attempt.method.rawValue, attempt.httpStatus.map(String.init) ?? "none")
            StripeAttemptSpan.record(attempt, parent: slot.context, apiBase: apiBase)
            slot.recordCall(attempt)
            previous?(attempt)
        }
        rateLimiter.attach(to: client, priority: { [unowned self] in self.stripePriority }, heartbeat: heartbeat)
        stripe = client
        return client
    }

    /// Runs `body` with the Stripe client after taking a token from the process's rate
    /// limiter (heartbeating while it waits), recording latency and errors in
    /// `connectbus_stripe_request_seconds` and `connectbus_stripe_errors_total` (every HTTP
    /// attempt, retries included, goes to `connectbus_stripe_requests_total{method,status}`).
    /// Take one call per Stripe request.
    /// - Throws: what `body` throws (a `StripeError` is counted by its stable code).
    public func callStripe<T>(_ body: (StripeClient) throws -> T) throws -> T {
        let client = try stripeClient()
        if prepaidToken {
            prepaidToken = false
        } else {
            rateLimiter.acquirePerCall(whileWaiting: heartbeat)
        }
        client.traceparent = traceSlot.context?.traceparent
        let start = ContinuousClock.now
        defer { metrics.stripeRequestSeconds.observe((ContinuousClock.now - start).seconds) }
        do {
            return try body(client)
        } catch let error as StripeError {
            metrics.stripeErrors.increment(error.stableCode)
            throw error
        }
    }

    /// Takes a rate-limit token before a rate-limited one-at-a-time handler runs (waiting, with
    /// heartbeats, if the process is at its limit); the handler's first ``callStripe(_:)``
    /// uses it.
    func prepayStripeToken() {
        guard !prepaidToken, rateLimiter.fleet == nil else { return }
        rateLimiter.acquire(whileWaiting: heartbeat)
        prepaidToken = true
    }

    /// A per-worker object of type `T`, created by `make` on first use and kept for the
    /// worker's life (e.g. an SMTP connection).
    /// - Throws: what `make` throws.
    public func resource<T>(_ type: T.Type = T.self, make: () throws -> T) rethrows -> T {
        if let existing = cache[ObjectIdentifier(type)] as? T { return existing }
        let created = try make()
        cache[ObjectIdentifier(type)] = created
        return created
    }
}
