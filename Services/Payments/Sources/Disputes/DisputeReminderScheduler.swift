import Bus
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
public import Runtime
public import Store

/// Publishes `payments.dispute.evidence_due_soon` through the service's outbox, once per
/// dispute, when a dispute still awaiting a response comes within
/// ``PaymentsSettings/disputeEvidenceReminderSeconds`` of its `evidence_due_by` (and the
/// deadline has not passed). With many replicas each runs a scheduler; one transaction marks
/// the disputes (`due_soon_published_at`, rows other replicas hold skipped) and writes their
/// events, and the runtime's relay publishes them, so each reminder is published once.
///
/// Thread-safety: `Sendable`; ``start()`` runs a dedicated thread that owns its own Postgres
/// connection (re-opened after failures, which are logged and retried every tick).
public final class DisputeReminderScheduler: ServicePart {
    /// How often the thread looks for due reminders.
    public static let tick: Duration = .seconds(30)

    let databaseURL: String
    let schema: String
    let appId: String
    let reminderSeconds: Int
    let log: Logger
    private let loop: BackgroundLoop

    /// A scheduler for the service's `schema` in the database at `databaseURL`;
    /// `reminderSeconds` before the deadline (0: never).
    public init(databaseURL: String, schema: String, appId: String, reminderSeconds: Int, log: Logger) {
        self.databaseURL = databaseURL
        self.schema = schema
        self.appId = appId
        self.reminderSeconds = reminderSeconds
        self.log = log
        loop = BackgroundLoop(
            name: "\(appId).dispute-reminders", backoff: Backoff(initial: Self.tick, cap: Self.tick), firstStepAfter: .seconds(1))
    }

    /// The part's name (and its thread's): `<service>.dispute-reminders`.
    public var name: String { loop.name }

    /// Starts the thread (does nothing when reminders are off, or already started).
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    public func start() throws {
        guard reminderSeconds > 0 else { return }
        try loop.start(part: name) { [self] in ReminderTask(scheduler: self) }
    }

    /// Asks the thread to end; does not wait (``join(timeout:)``).
    public func stop() { loop.stop() }

    /// Waits up to `timeout` for the thread to end (at most one tick plus a database round trip).
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    /// The thread: every tick a connection opened when needed and one ``publishDue(now:on:)``
    /// at the system clock; a failure is logged and retried a tick later with a fresh connection.
    private struct ReminderTask: BackgroundTask {
        let scheduler: DisputeReminderScheduler
        var db: PGConnection?

        mutating func connect() throws {
            if db == nil { db = try PGConnection(url: scheduler.databaseURL, applicationName: "\(scheduler.appId).dispute-reminders") }
        }

        func step() throws -> BackgroundLoop.Next {
            guard let db else { return .again }
            let published = try scheduler.publishDue(now: Int(Date().timeIntervalSince1970), on: db)
            if published > 0 { scheduler.log.info("dispute evidence reminders published", ["disputes": String(published)]) }
            return .idle(DisputeReminderScheduler.tick)
        }

        mutating func failed(_ error: any Error, retryIn: Duration) {
            scheduler.log.warning("dispute reminder check failed", ["error": String(describing: error)])
            db = nil
        }
    }

    /// Claims the reminders due at `now` (Unix seconds) and writes their events to the
    /// outbox, in one transaction per batch of at most 100.
    /// - Returns: how many were published.
    /// - Throws: `StoreError`, `EncodingError`.
    public func publishDue(now: Int, on db: PGConnection) throws -> Int {
        guard reminderSeconds > 0 else { return 0 }
        let disputes = DisputeStore(schema: try SQLIdentifier(schema))
        let outbox = OutboxWriter(schema: schema)
        var published = 0
        while true {
            let claimed = try db.transaction { db -> Int in
                let due = try disputes.claimReminders(now: now, until: now + reminderSeconds, on: db)
                for record in due {
                    let event = DisputePublisher.dueSoon(record, at: now)
                    var envelope = try Envelope.make(event, appId: appId, stripeAccount: record.account)
                    envelope.correlationId = envelope.messageId
                    _ = try outbox.enqueue(
                        OutboxMessage(envelope, exchange: Exchanges.events, routingKey: DisputeEvidenceDueSoon.messageName, mandatory: false),
                        on: db)
                }
                return due.count
            }
            published += claimed
            if claimed < 100 { return published }
        }
    }
}
