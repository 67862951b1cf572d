public import Runtime
public import Store

/// The notifications service's gauge read from its `emails` table (see ``DatabaseGaugeSampler``):
/// `connectbus_emails{status}`, the e-mails per status (`sending`, `retrying`, `sent`,
/// `parked`: every attempt failed, a person must look). Every status has a series, 0 included.
public enum NotificationsGauges {
    /// The gauges for the tables of `schema`.
    public static func all(schema: SQLIdentifier) -> [DatabaseGauge] {
        [
            DatabaseGauge(
                name: "connectbus_emails", help: "E-mails by status (parked: every attempt failed).",
                labels: ["status"],
                sql: """
                    SELECT s.status, count(e.notification) AS value
                    FROM unnest(ARRAY['sending', 'retrying', 'sent', 'parked']) AS s(status)
                    LEFT JOIN \(schema).emails e ON e.status = s.status
                    GROUP BY s.status
                    """)
        ]
    }
}
