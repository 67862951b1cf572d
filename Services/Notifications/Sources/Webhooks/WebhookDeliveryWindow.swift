#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Runtime
import Synchronization

/// Each webhook route's deliveries of the last ``span`` seconds — how many, how many were
/// rejected and why, how many were also signed with a secret that is not configured — for
/// `/readyz` (``readinessChecks(at:)``) and so `connectbus status`.
///
/// Counts are kept in one bucket per second (a ring of ``span`` buckets per route), so
/// recording is O(1) and memory is fixed. A request that is not a `POST` is not a delivery
/// and is not recorded. A route is degraded when it had at least ``minimumDeliveries``
/// deliveries in the window and more than half of them were rejected: the state after a
/// secret rotation went wrong, where every delivery gets 400. The counters on `/metrics`
/// (`connectbus_webhook_events_*_total`) stay the source for alerts.
/// Thread-safety: `Sendable`; one short lock per call.
final class WebhookDeliveryWindow: Sendable {
    /// Length of the window in seconds (default 300).
    let span: Int
    /// Fewest deliveries in the window for a route to be called degraded (default 5).
    let minimumDeliveries: Int

    /// One second's counts of one route.
    private struct Bucket {
        var second = Int.min
        var deliveries = 0
        var rejected: [String: Int] = [:]
        var unconfiguredSecret = 0
    }

    /// A route's counts over the window.
    struct Summary: Sendable, Equatable {
        /// Deliveries (accepted and rejected).
        var deliveries = 0
        /// Rejected deliveries by reason (``WebhookRejection/reason``).
        var rejected: [String: Int] = [:]
        /// Accepted deliveries that also carried a `v1` signature no configured secret matches.
        var unconfiguredSecret = 0

        /// All rejected deliveries.
        var rejectedCount: Int { rejected.values.reduce(0, +) }
    }

    private let buckets: Mutex<[WebhookEndpoint: [Bucket]]>

    /// Creates an empty window.
    init(span: Int = 300, minimumDeliveries: Int = 5) {
        self.span = max(1, span)
        self.minimumDeliveries = max(1, minimumDeliveries)
        let empty = [Bucket](repeating: Bucket(), count: self.span)
        buckets = Mutex(Dictionary(uniqueKeysWithValues: WebhookEndpoint.allCases.map { ($0, empty) }))
    }

    /// Records one delivery to `endpoint` at `date`: rejected for `reason`, or accepted
    /// (`reason` nil), `unconfiguredSecret` when its header also had a `v1` no secret matches.
    func record(_ endpoint: WebhookEndpoint, rejected reason: String?, unconfiguredSecret: Bool = false, at date: Date) {
        let second = Int(date.timeIntervalSince1970.rounded(.down))
        let slot = ((second % span) + span) % span
        buckets.withLock { all in
            guard var ring = all[endpoint] else { return }
            if ring[slot].second != second { ring[slot] = Bucket(second: second) }
            ring[slot].deliveries += 1
            if let reason { ring[slot].rejected[reason, default: 0] += 1 }
            if unconfiguredSecret { ring[slot].unconfiguredSecret += 1 }
            all[endpoint] = ring
        }
    }

    /// `endpoint`'s counts over the ``span`` seconds up to `date`.
    func summary(_ endpoint: WebhookEndpoint, at date: Date) -> Summary {
        let now = Int(date.timeIntervalSince1970.rounded(.down))
        return buckets.withLock { all in
            var summary = Summary()
            for bucket in all[endpoint] ?? [] where bucket.second > now - span && bucket.second <= now {
                summary.deliveries += bucket.deliveries
                summary.rejected.merge(bucket.rejected, uniquingKeysWith: +)
                summary.unconfiguredSecret += bucket.unconfiguredSecret
            }
            return summary
        }
    }

    /// Whether `summary` is a degraded route: at least ``minimumDeliveries`` deliveries and
    /// more than half rejected.
    func isDegraded(_ summary: Summary) -> Bool {
        summary.deliveries >= minimumDeliveries && summary.rejectedCount * 2 > summary.deliveries
    }

    /// One ``ReadinessCheck`` per route, named `webhooks.<endpoint>`, e.g. detail
    /// `12 of 12 deliveries in the last 300 s rejected (100%): no_matching_signature 12`.
    func readinessChecks(at date: Date) -> [ReadinessCheck] {
        WebhookEndpoint.allCases.map { endpoint in
            let summary = summary(endpoint, at: date)
            return ReadinessCheck(
                name: "webhooks.\(endpoint.rawValue)", degraded: isDegraded(summary), detail: detail(summary, endpoint))
        }
    }

    private func detail(_ summary: Summary, _ endpoint: WebhookEndpoint) -> String {
        guard summary.deliveries > 0 else { return "no deliveries in the last \(span) s" }
        let rejected = summary.rejectedCount
        var text: String
        if rejected == 0 {
            text = "\(summary.deliveries) deliveries in the last \(span) s, none rejected"
        } else {
            let percent = (rejected * 100 + summary.deliveries / 2) / summary.deliveries
            let reasons = summary.rejected.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            text = "\(rejected) of \(summary.deliveries) deliveries in the last \(span) s rejected (\(percent)%): \(reasons)"
        }
        if summary.unconfiguredSecret > 0 {
            text +=
                "; \(summary.unconfiguredSecret) also signed with a secret missing from \(endpoint.secretsVariable)"
                + " (a secret roll: add the new secret; once the overlap ends every delivery is refused)"
        }
        return text
    }
}
