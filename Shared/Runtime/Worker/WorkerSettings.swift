#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages

/// What every worker of a route shares: the route, the service's schema and name, the
/// retry policy, metrics and logger. Thread-safety: `Sendable`, immutable.
struct WorkerSettings: Sendable {
    let route: Route
    let schema: String
    let appId: String
    let policy: RedeliveryPolicy
    let metrics: RuntimeMetrics
    let log: Logger
    /// Deliveries per batch (1 for one-at-a-time routes).
    let batchSize: Int
    /// AMQP prefetch of the worker's consumer (≥ `batchSize`).
    let prefetch: Int
    /// How long the first delivery of a batch is awaited before checking for stop.
    let pollInterval: Duration

    /// The logger for one delivery's lines.
    func log(for envelope: Messages.Envelope) -> Logger {
        log.with(
            LogContext(
                messageId: envelope.messageId, correlationId: envelope.correlationId,
                stripeAccount: envelope.headers.stripeAccount, queue: route.queue))
    }
}
