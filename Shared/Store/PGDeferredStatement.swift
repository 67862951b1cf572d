/// A statement a ``PGConnection`` has not sent yet: it travels with the connection's next
/// statement (or `COMMIT`) in one libpq pipeline, saving a round trip of its own.
///
/// Two kinds: transaction control (`BEGIN`, `SAVEPOINT`, `RELEASE`, `ROLLBACK TO`:
/// parameterless, no result anyone reads) and writes queued with
/// ``PGConnection/deferWrite(_:_:planning:completion:)``, whose outcome is handed to their
/// completion when the pipeline that carried them has been read (or a failure when they
/// were dropped unsent, e.g. by a savepoint's rollback).
/// Thread-safety: not `Sendable`; belongs to its connection's thread.
struct PGDeferredStatement {
    /// The statement text.
    let sql: String
    /// Its parameters (`$1`, …) in libpq's form, built when it was queued; none for
    /// transaction control.
    let parameters: PGParameters
    /// How a write is planned (transaction control is always sent unnamed).
    let planning: PGPlanning
    /// Called once with the write's outcome; `nil` for transaction control.
    let completion: ((Result<PGResult, StoreError>) -> Void)?

    /// A transaction-control statement.
    static func control(_ sql: String) -> PGDeferredStatement {
        PGDeferredStatement(sql: sql, parameters: .none, planning: .perExecution, completion: nil)
    }

    /// Whether this is a write (it has a completion) rather than transaction control.
    var isWrite: Bool { completion != nil }

    /// The failure handed to a write that was dropped before it reached the server.
    static let dropped = StoreError(
        code: StoreError.Code.queryFailed, sqlState: "25P02",
        message: "deferred write dropped unsent (its savepoint or transaction was rolled back)")
}

extension Collection<PGDeferredStatement> {
    /// Whether the first pending statement is the transaction's `BEGIN`.
    var beginsTransaction: Bool { first?.sql == "BEGIN" && first?.isWrite == false }

    /// Whether any pending statement is a write.
    var containsWrite: Bool { contains { $0.isWrite } }

    /// Hands every pending write ``PGDeferredStatement/dropped`` (none reached the server).
    func dropWrites() {
        for statement in self { statement.completion?(.failure(PGDeferredStatement.dropped)) }
    }
}
