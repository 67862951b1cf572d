public import Runtime
public import Store

/// The terminal gateway's gauges read from its `payments` table (see ``DatabaseGaugeSampler``):
///
/// - `connectbus_terminal_authorizations_uncaptured`: card-present payments authorized and
///   not yet captured or cancelled (`requires_capture`);
/// - `connectbus_terminal_authorization_next_expiry_timestamp_seconds`: when the first of
///   them expires (Unix seconds; Stripe cancels an uncaptured card-present authorization
///   after two days), 0 when there is none. `… - time()` is the time left to capture it.
public enum TerminalGauges {
    /// The gauges for the tables of `schema`.
    public static func all(schema: SQLIdentifier) -> [DatabaseGauge] {
        [
            DatabaseGauge(
                name: "connectbus_terminal_authorizations_uncaptured",
                help: "Card-present payments authorized and not yet captured or cancelled.",
                sql: "SELECT count(*) AS value FROM \(schema).payments WHERE state = 'requires_capture'"),
            DatabaseGauge(
                name: "connectbus_terminal_authorization_next_expiry_timestamp_seconds",
                help: "Unix time at which the first uncaptured authorization expires (0: none).",
                sql: """
                    SELECT min(expires_at) AS value FROM \(schema).payments
                    WHERE state = 'requires_capture' AND expires_at IS NOT NULL
                    """),
        ]
    }
}
