extension OutboxWriter {
    /// Writes `message` in the caller's open transaction without a round trip of its own
    /// (``PGConnection/deferWrite(_:_:planning:completion:)``: it travels with the
    /// transaction's next statement or its `COMMIT`); `completion` gets the row's id, or the
    /// `StoreError` of the insert (or of its being dropped unsent). Same statement as
    /// ``enqueue(_:on:)``.
    /// - Throws: `store.transaction_state` outside a transaction; `store.invalid_identifier`
    ///   for a bad schema name; `store.query_failed` (SQLSTATE 22021) for a NUL byte in a
    ///   text parameter.
    public func enqueueDeferred(
        _ message: OutboxMessage, on conn: PGConnection,
        completion: @escaping (Result<Int64, StoreError>) -> Void
    ) throws(StoreError) {
        let table = try table.get()
        try conn.deferWrite(OutboxTable.insertOne(table), OutboxTable.parameters(message)) { outcome in
            completion(outcome.flatMap(OutboxTable.returnedId))
        }
    }

    /// Writes `messages` in order with one statement in the caller's open transaction, sent
    /// with its next statement or its `COMMIT` (as ``enqueue(batch:on:)``, deferred);
    /// `completion` gets their ids in the same order. Nothing is queued, and `completion` gets
    /// no ids at once, for no messages.
    /// - Throws: as ``enqueueDeferred(_:on:completion:)``.
    public func enqueueDeferred(
        batch messages: [OutboxMessage], on conn: PGConnection,
        completion: @escaping (Result<[Int64], StoreError>) -> Void
    ) throws(StoreError) {
        let table = try table.get()
        guard !messages.isEmpty else { return completion(.success([])) }
        try conn.deferWrite(OutboxTable.insertBatch(table), OutboxTable.batchParameters(messages)) { outcome in
            completion(
                outcome.flatMap { result in
                    Result { () throws(StoreError) in
                        try (0..<result.rowCount).map { index throws(StoreError) in
                            try PGRow(result: result, index: index).int("id")
                        }
                    }
                })
        }
    }
}
