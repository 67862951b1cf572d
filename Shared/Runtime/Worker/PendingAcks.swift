import Bus
import Messages
import Store

/// The deliveries of one take that a one-at-a-time worker has finished but not acked yet,
/// and the outbox rows they committed and published whose confirms it has not awaited yet
/// (DESIGN §10 "Confirms and acks of one take").
///
/// Each delivery is still handled alone, in its own transaction, in delivery order; only the
/// waiting is shared: after a message's commit its rows are published at once, and the
/// worker goes on with the next delivery it already holds while the broker confirms them;
/// when the take is done (or ``settleAfter`` has passed since the first unsettled delivery,
/// or a failure has to be published) it waits once for every confirm and acks every
/// delivery with one `basic.ack` (`multiple`). A delivery is thus acked only after its
/// commit and after its rows are confirmed, as before.
/// Thread-safety: not `Sendable`; owned by one worker thread for one take.
final class PendingAcks {
    /// Unsettled work older than this is settled before the next delivery is handled, so
    /// slow handlers (a Stripe call each) neither hold acks nor leave published rows
    /// unconfirmed for long (the relay takes a row after its 2 s grace).
    static let settleAfter: Duration = .milliseconds(50)

    /// One committed message's rows, published and awaiting their confirm.
    struct Published {
        var messages: [OutboxMessage]
        var envelopes: [Envelope]
        var ids: [Int64]
        /// When the publishes started (ns since the Unix epoch; their spans).
        var startNanos: UInt64
        /// When the transaction that wrote the rows began (`nil`: rows not the worker's to
        /// hold); from half the relay's grace period after it the worker holds them while it
        /// awaits their confirms (``OutboxPublisher/confirm(_:holding:bus:simulatedStall:)``).
        var openedAt: ContinuousClock.Instant? = nil
    }

    /// The highest delivery tag finished and not acked.
    private(set) var lastTag: UInt64?
    /// Published rows awaiting confirms, in publish order.
    private(set) var published: [Published] = []
    private var since: ContinuousClock.Instant?

    /// Whether nothing is waiting to be settled.
    var isEmpty: Bool { lastTag == nil && published.isEmpty }

    /// Whether the oldest unsettled work is older than ``settleAfter`` at `now`.
    func isDue(at now: ContinuousClock.Instant = .now) -> Bool {
        since.map { now - $0 >= PendingAcks.settleAfter } ?? false
    }

    /// Records a finished delivery, to be acked when the take is settled.
    func finished(_ tag: UInt64) {
        if since == nil { since = .now }
        lastTag = max(lastTag ?? tag, tag)
    }

    /// Records a committed message's published rows, to be confirmed when the take is settled.
    func add(_ rows: Published) {
        if since == nil { since = .now }
        published.append(rows)
    }

    /// Forgets the published rows (after their confirms were awaited, or failed).
    func takePublished() -> [Published] {
        defer { published = [] }
        return published
    }

    /// Forgets everything (after the ack).
    func reset() {
        lastTag = nil
        published = []
        since = nil
    }
}
