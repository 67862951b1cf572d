public import Runtime
import Store

/// The service's own tables with a retention, pruned by the outbox relay with the runtime's
/// `inbox` and `message_log` (``RetainedTable``, ``ServiceConfig/retainedTables``), each a
/// bounded statement by its time index:
/// - `stripe_events` by `received_at` (`STRIPE_EVENT_RETENTION`, default 30 days: Stripe
///   lists and resends an event for 30 days, so an older one cannot arrive again and its
///   row no longer deduplicates anything);
/// - `emails` by `updated_at`, only rows whose send ended (`sent`, `parked`;
///   `EMAIL_RETENTION`, default 30 days): a row in `sending` or `retrying` is the send in
///   progress and stays.
public enum NotificationsRetention {
    /// `<schema>.stripe_events`, by `received_at`.
    public static let stripeEvents = RetainedTable(name: "stripe_events") { schema, olderThan, limit, conn in
        try conn.deleteRows(
            of: try SQLIdentifier(schema).quoted + ".stripe_events", key: "event_id", by: "received_at",
            olderThan: olderThan, limit: limit)
    }

    /// `<schema>.emails` whose send ended, by `updated_at` (the partial index
    /// `emails_ended_updated_at_idx` of migration 5).
    public static let emails = RetainedTable(name: "emails") { schema, olderThan, limit, conn in
        try conn.deleteRows(
            of: try SQLIdentifier(schema).quoted + ".emails", key: "notification", by: "updated_at",
            olderThan: olderThan, where: "status IN ('sent', 'parked')", limit: limit)
    }

    /// `STRIPE_EVENT_RETENTION`'s and `EMAIL_RETENTION`'s default: 30 days.
    public static let defaultRetention: Duration = .seconds(30 * 86_400)
}
