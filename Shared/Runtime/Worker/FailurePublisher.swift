import Bus
import Messages

/// Republishes failed deliveries to their delay queue or DLQ (through the default
/// exchange, persistent, confirmed) and sends error replies for dead-lettered commands.
/// Must complete before the originals are acked, so a crash in between only duplicates.
struct FailurePublisher {
    let appId: String
    let metrics: RuntimeMetrics
    let log: Logger

    /// Publishes every copy and waits once for all confirms.
    /// - Throws: `BusError`: the originals must then not be acked.
    func publish(_ failures: [FailedDelivery], bus: AMQPConnection) throws {
        guard !failures.isEmpty else { return }
        for failed in failures {
            try bus.publish(
                failed.republished, exchange: Exchanges.default, routingKey: failed.decision.queue,
                mandatory: false)
            if let (reply, replyTo) = failed.errorReply(appId: appId) {
                try bus.publish(reply, exchange: Exchanges.default, routingKey: replyTo, mandatory: false)
            }
        }
        try bus.waitForConfirms(timeout: .seconds(30))
        for failed in failures {
            let queue = failed.delivery.queue
            metrics.failed.increment(queue, failed.failure.code)
            let fields = [
                "error_code": failed.failure.code, "error": failed.failure.message,
                "attempt": String(failed.decision.attempt), "to": failed.decision.queue,
            ]
            let log = self.log.with(
                LogContext(
                    messageId: failed.delivery.envelope.messageId,
                    correlationId: failed.delivery.envelope.correlationId,
                    stripeAccount: failed.delivery.envelope.headers.stripeAccount,
                    queue: queue))
            switch failed.decision {
            case .retry:
                metrics.retried.increment(queue)
                log.warning("message failed; retrying later", fields)
            case .deadLetter:
                metrics.deadLettered.increment(queue)
                log.error("message dead-lettered", fields)
            }
        }
    }
}
