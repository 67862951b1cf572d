/// How a statement's plan is chosen (`PGConnection.execute(_:_:planning:)`).
///
/// A prepared statement's plan is cached by the server: after five executions Postgres
/// may switch to one generic plan, costed once against the table as it was then, and keeps
/// it until the table is analyzed again. For a queue-like table that is often empty (the
/// outbox, the inbox), that plan can be costed against zero rows — a sequential scan and
/// sort, or a semi-join that re-runs a `LIMIT` sub-select for every row — and stay in use
/// when a backlog of 100,000 rows arrives. `.perExecution` runs the statement unnamed
/// (`PQexecParams`), so the server plans it for these parameter values and the table's
/// current size every time, for a fraction of a millisecond per statement.
/// Thread-safety: a plain `Sendable` value.
public enum PGPlanning: Sendable, Equatable {
    /// Prepared once per connection, plan cached by the server (hot statements whose plan
    /// cannot depend on the table's size: inserts, primary-key lookups of one row).
    case cached
    /// Planned for each execution (statements that scan or look up many rows of a table
    /// whose size swings).
    case perExecution
}
