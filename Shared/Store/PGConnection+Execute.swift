import CLibPQ

extension PGConnection {
    /// Runs one parameterised statement (`$1`, `$2`, …) and returns its result.
    ///
    /// `sql` must be a single statement built from code constants and validated
    /// identifiers only; every value goes in `params` (`nil` or `.null` is SQL NULL).
    /// `planning` chooses between a prepared statement (`.cached`, the default, when the
    /// connection prepares statements) and an unnamed one planned for this execution
    /// (`.perExecution`; see ``PGPlanning``). Blocks until the server answers.
    /// - Throws: `StoreError` mapped from the server's SQLSTATE (`store.unique_violation`,
    ///   `store.serialization_failure`, `store.connection_failed`, `store.query_failed`);
    ///   `store.query_failed` (SQLSTATE 22021) without contacting the server when a text or
    ///   JSON parameter contains a NUL byte (it would otherwise be silently truncated).
    @discardableResult
    public func execute(_ sql: String, _ params: [PGValue?] = []) throws(StoreError) -> PGResult {
        try execute(sql, params, planning: .cached)
    }

    /// Runs one parameterised statement as ``execute(_:_:)`` does, planned as `planning` says.
    /// - Throws: as ``execute(_:_:)``.
    @discardableResult
    public func execute(
        _ sql: String, _ params: [PGValue?],
        planning: PGPlanning
    ) throws(StoreError) -> PGResult {
        guard !isBroken else { throw brokenError() }
        let parameters = try PGParameters(params)
        if !deferred.isEmpty {
            // Deferred statements must reach the server before anything that can fail,
            // preparing included: send them, the preparation and the statement together.
            return try lastResult(of: sendWithDeferred(then: (sql, parameters, planning)))
        }
        let send = statementSend(sql, parameters, planning: planning)
        if let plan = send.newPlan {
            preparedNames[plan.key] = nil
            roundTrips += 1
            let types = parameters.types
            _ = try checked(PQprepare(handle, plan.name, sql, Int32(types.count), types))
            preparedNames[plan.key] = plan.name
        }
        roundTrips += 1
        return try checked(send.execute())
    }

    /// Queues a parameterised write inside the open transaction: it is sent with the
    /// connection's next statement, or with `COMMIT`, in one libpq pipeline (no round trip
    /// of its own), and `completion` gets its outcome once that pipeline has been read — or
    /// a `store.query_failed` (SQLSTATE 25P02) when it is dropped unsent (its savepoint or
    /// transaction rolled back, the connection reset). A failure of the write makes the
    /// server skip the rest of that pipeline, so the statement it travelled with (or the
    /// `COMMIT`) fails too: nothing after a failed write is committed.
    ///
    /// For writes whose result the caller can read later: inbox and outbox rows, logs.
    /// `planning` as in ``execute(_:_:planning:)``.
    /// - Throws: `store.transaction_state` outside a transaction; `store.connection_failed`
    ///   when the connection (and so its transaction) was lost; `store.query_failed`
    ///   (SQLSTATE 22021) when a text or JSON parameter contains a NUL byte (nothing is queued).
    public func deferWrite(
        _ sql: String, _ params: [PGValue?], planning: PGPlanning = .cached,
        completion: @escaping (Result<PGResult, StoreError>) -> Void
    ) throws(StoreError) {
        try requireTransaction(for: "deferWrite")
        deferred.append(
            PGDeferredStatement(sql: sql, parameters: try PGParameters(params), planning: planning, completion: completion))
    }

    /// The libpq calls for one statement: `execute` runs it at once (`PQexecPrepared` or
    /// `PQexecParams`), `steps` queue it in a pipeline (a `PQsendPrepare` first when its
    /// prepared statement is new, whose name is then reserved in ``preparedNames``).
    private func statementSend(
        _ sql: String, _ parameters: PGParameters, planning: PGPlanning
    ) -> (steps: [() -> Int32], execute: () -> OpaquePointer?, newPlan: (name: String, key: String)?) {
        let types = parameters.types, buffer = parameters.buffer
        let plan = usesPreparedStatements && planning == .cached ? statementPlan(sql, types: types) : nil
        let count = Int32(types.count)
        let sendMain: () -> Int32 = { [handle] in
            buffer.withPointers { values, lengths, formats in
                if let plan {
                    return PQsendQueryPrepared(handle, plan.name, count, values, lengths, formats, 0)
                }
                return PQsendQueryParams(handle, sql, count, types, values, lengths, formats, 0)
            }
        }
        let execute: () -> OpaquePointer? = { [handle] in
            buffer.withPointers { values, lengths, formats in
                if let plan {
                    return PQexecPrepared(handle, plan.name, count, values, lengths, formats, 0)
                }
                return PQexecParams(handle, sql, count, types, values, lengths, formats, 0)
            }
        }
        var steps: [() -> Int32] = []
        var newPlan: (name: String, key: String)?
        if let plan, plan.isNew {
            steps.append { [handle] in PQsendPrepare(handle, plan.name, sql, count, types) }
            newPlan = (plan.name, plan.key)
            // Reserved now, so a second use in the same pipeline runs the one preparation.
            preparedNames[plan.key] = plan.name
        }
        steps.append(sendMain)
        return (steps, execute, newPlan)
    }

    /// Sends the deferred statements and then `last` (a parameterised statement, or
    /// transaction control without parameters) in one pipeline, hands each deferred write
    /// its outcome, keeps the prepared statements that were created, and returns every
    /// outcome in order (deferred first, `last`'s preparation and `last` at the end).
    /// - Throws: `store.connection_failed` when the pipeline could not be sent or read (the
    ///   deferred writes get that failure too).
    func sendWithDeferred(
        then last: (sql: String, parameters: PGParameters, planning: PGPlanning)?
    ) throws(StoreError) -> [Result<PGResult, StoreError>] {
        let pending = takeDeferred()
        var steps: [() -> Int32] = []
        var writes: [(statement: PGDeferredStatement, result: Int)] = []
        var prepares: [(index: Int, key: String)] = []
        func queue(_ sql: String, _ parameters: PGParameters, _ planning: PGPlanning) {
            let (send, _, newPlan) = statementSend(sql, parameters, planning: planning)
            if let newPlan { prepares.append((steps.count, newPlan.key)) }
            steps += send
        }
        for statement in pending {
            if statement.isWrite {
                queue(statement.sql, statement.parameters, statement.planning)
                writes.append((statement, steps.count - 1))
            } else {
                steps.append { [handle] in PQsendQueryParams(handle, statement.sql, 0, nil, nil, nil, nil, 0) }
            }
        }
        if let last { queue(last.sql, last.parameters, last.planning) }
        let outcomes: [Result<PGResult, StoreError>]
        do {
            outcomes = try pipelined(steps)
        } catch {
            for prepare in prepares { preparedNames[prepare.key] = nil }
            for write in writes { write.statement.completion?(.failure(error)) }
            throw error
        }
        for prepare in prepares {
            if case .failure = outcomes[prepare.index] { preparedNames[prepare.key] = nil }
        }
        for write in writes { write.statement.completion?(outcomes[write.result]) }
        return outcomes
    }

    /// Runs a parameterised query and decodes each row with `decode`, in order.
    /// - Throws: `StoreError` as `execute` does; an error thrown by `decode` is returned as
    ///   is when it is a `StoreError`, otherwise as `store.decode` with its description.
    public func query<T>(
        _ sql: String, _ params: [PGValue?] = [],
        _ decode: (PGRow) throws -> T
    ) throws(StoreError) -> [T] {
        try query(sql, params, planning: .cached, decode)
    }

    /// Runs a parameterised query as ``query(_:_:_:)`` does, planned as `planning` says.
    /// - Throws: as ``query(_:_:_:)``.
    public func query<T>(
        _ sql: String, _ params: [PGValue?], planning: PGPlanning,
        _ decode: (PGRow) throws -> T
    ) throws(StoreError) -> [T] {
        let result = try execute(sql, params, planning: planning)
        var rows: [T] = []
        rows.reserveCapacity(result.rowCount)
        for index in 0..<result.rowCount {
            do {
                rows.append(try decode(PGRow(result: result, index: index)))
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError(code: StoreError.Code.decode, message: "row \(index): \(error)")
            }
        }
        return rows
    }

    /// Runs parameterless SQL with the simple query protocol (`PQexec`): transaction
    /// control, `SET`, and migration scripts that may hold several statements. Deferred
    /// transaction-control statements go first, in the same query string (one round trip).
    /// Returns the last statement's command tag (e.g. `COMMIT`, or `ROLLBACK` when a
    /// COMMIT ended a failed transaction).
    @discardableResult
    func command(_ sql: String) throws(StoreError) -> String {
        guard !isBroken else { throw brokenError() }
        if deferred.containsWrite {
            return try lastResult(of: sendWithDeferred(then: (sql, .none, .perExecution))).commandTag
        }
        let text = deferred.isEmpty ? sql : (takeDeferred().map(\.sql) + [sql]).joined(separator: ";\n")
        roundTrips += 1
        let result = try checked(PQexec(handle, text))
        return result.commandTag
    }

    /// The prepared statement to use for `sql` with these parameter types: an existing one,
    /// or a new name to prepare (`isNew`); `nil` when the cache is full (the text then runs
    /// unprepared).
    private func statementPlan(_ sql: String, types: [UInt32]) -> (name: String, key: String, isNew: Bool)? {
        let key = types.isEmpty ? sql : sql + "\u{1}" + types.map(String.init).joined(separator: ",")
        if let name = preparedNames[key] { return (name, key, false) }
        guard preparedNames.count < PGConnection.maxPreparedStatements else { return nil }
        preparedCounter += 1
        return ("connectbus_\(preparedCounter)", key, true)
    }

    /// Wraps a `PGresult*`, throwing for failure statuses (the result is cleared either way).
    func checked(_ raw: OpaquePointer?) throws(StoreError) -> PGResult {
        guard let raw else {
            throw connectionError(prefix: "no result from server")
        }
        let result = PGResult(raw)
        switch PQresultStatus(raw) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return result
        default:
            throw error(from: result)
        }
    }

    /// The `StoreError` for a failed result: SQLSTATE mapping, or `store.connection_failed`
    /// when libpq reports the connection lost without a SQLSTATE.
    private func error(from result: PGResult) -> StoreError {
        let sqlState = result.errorField("C")
        let primary =
            result.errorField("M")
            ?? String(cString: PQresultErrorMessage(result.raw)).trimmingTrailingWhitespace()
        var error = StoreError.fromServer(
            sqlState: sqlState, message: redact(primary),
            detail: result.errorField("D").map(redact),
            constraint: result.errorField("n"))
        if sqlState == nil, PQstatus(handle) != CONNECTION_OK {
            error.code = StoreError.Code.connectionFailed
        }
        return error
    }
}
