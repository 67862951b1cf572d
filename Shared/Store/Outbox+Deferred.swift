extension Outbox {
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
        try conn.deferWrite(Outbox.insertOne(table), Outbox.parameters(message)) { outcome in
            completion(outcome.flatMap(Outbox.returnedId))
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
        try conn.deferWrite(Outbox.insertBatch(table), Outbox.batchParameters(messages)) { outcome in
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

    /// The id an `INSERT … RETURNING id` of one row returned.
    static func returnedId(_ result: PGResult) -> Result<Int64, StoreError> {
        guard result.rowCount == 1 else {
            return .failure(StoreError(code: StoreError.Code.decode, message: "column \"id\": INSERT … RETURNING returned no row"))
        }
        return Result { () throws(StoreError) in try PGRow(result: result, index: 0).int("id") }
    }
}

extension Outbox {
    /// Deletes the published rows `ids` inside the caller's open transaction, deferred: the
    /// `DELETE` travels with its next statement or its `COMMIT` and commits with it (a
    /// rollback keeps the rows, to be deleted by a later statement). Rows another
    /// transaction holds are skipped (`FOR UPDATE SKIP LOCKED`, as in
    /// ``deletePublished(_:on:)``), looked up by primary key, planned per execution. The
    /// one-at-a-time processor's deletion, carried by the next message's transaction.
    /// Nothing is queued for no ids.
    /// - Throws: `store.transaction_state` outside a transaction; `store.invalid_identifier`
    ///   for a bad schema name.
    public func deletePublishedDeferred(_ ids: [Int64], on conn: PGConnection) throws(StoreError) {
        let table = try table.get()
        guard !ids.isEmpty else { return }
        try conn.deferWrite(
            """
            DELETE FROM \(table) WHERE id = ANY(ARRAY(
                SELECT o.id FROM \(table) AS o WHERE o.id = ANY($1::int8[]) FOR UPDATE OF o SKIP LOCKED))
            """, [.intArray(ids)], planning: .perExecution
        ) { _ in }
    }
}
