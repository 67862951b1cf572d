extension Inbox {
    /// Records `messageId` (consumed from `queue`) in the caller's open transaction without a
    /// round trip of its own: a plain `INSERT` (no `ON CONFLICT`) deferred with
    /// ``PGConnection/deferWrite(_:_:planning:completion:)``, sent with the transaction's next
    /// statement or its `COMMIT`. If the message was recorded before, the insert fails with
    /// `store.unique_violation`, which aborts the rest of that pipeline — the `COMMIT`
    /// included — so the message's work can never commit twice; `completion` gets `false`
    /// then (`true` when recorded, a `StoreError` for any other failure or when dropped unsent).
    /// The one-at-a-time processor's inbox row.
    /// - Throws: `store.transaction_state` outside a transaction; `store.invalid_identifier`
    ///   for a bad schema name.
    public func recordDeferred(
        messageId: String, queue: String, on conn: PGConnection,
        completion: @escaping (Result<Bool, StoreError>) -> Void
    ) throws(StoreError) {
        let table = try table.get()
        try conn.deferWrite(
            "INSERT INTO \(table) (message_id, queue) VALUES ($1, $2)", [.text(messageId), .text(queue)]
        ) { outcome in
            switch outcome {
            case .success: completion(.success(true))
            case .failure(let error) where error.code == StoreError.Code.uniqueViolation: completion(.success(false))
            case .failure(let error): completion(.failure(error))
            }
        }
    }
}

extension Inbox {
    /// ``forget(messageIds:on:)`` deferred: the `DELETE` travels with the transaction's next
    /// statement or its `COMMIT` (a failure of it fails that statement). Nothing is queued
    /// for no ids.
    /// - Throws: `store.transaction_state` outside a transaction; `store.invalid_identifier`
    ///   for a bad schema name.
    public func forgetDeferred(messageIds: [String], on conn: PGConnection) throws(StoreError) {
        let table = try table.get()
        guard !messageIds.isEmpty else { return }
        try conn.deferWrite(
            "DELETE FROM \(table) WHERE message_id = ANY($1)", [.textArray(messageIds)], planning: .perExecution
        ) { _ in }
    }
}
