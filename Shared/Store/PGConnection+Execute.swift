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
        let wire = params.map { ($0 ?? .null).wireForm }
        let types = wire.map(\.oid)
        let plan = usesPreparedStatements && planning == .cached ? statementPlan(sql, types: types) : nil
        let buffer = PGParameterBuffer(wire)
        if let index = buffer.parameterWithNUL {
            throw StoreError(
                code: StoreError.Code.queryFailed, sqlState: "22021",
                message: "parameter $\(index) contains a NUL byte, which Postgres text cannot hold")
        }
        let sendMain: () -> Int32 = { [handle] in
            buffer.withPointers { values, lengths, formats in
                if let plan {
                    return PQsendQueryPrepared(handle, plan.name, Int32(wire.count), values, lengths, formats, 0)
                }
                return PQsendQueryParams(handle, sql, Int32(wire.count), types, values, lengths, formats, 0)
            }
        }
        if !deferred.isEmpty {
            // Deferred SAVEPOINT/BEGIN must reach the server before anything that can fail,
            // preparing included: send them, the preparation and the statement together.
            var steps: [() -> Int32] = []
            if let plan, plan.isNew {
                steps.append { [handle] in PQsendPrepare(handle, plan.name, sql, Int32(types.count), types) }
            }
            steps.append(sendMain)
            let pending = takeDeferred()
            let outcomes = try pipelined(pending, steps)
            if let plan, plan.isNew, case .success = outcomes[pending.count] { preparedNames[plan.key] = plan.name }
            return try lastResult(of: outcomes)
        }
        if let plan, plan.isNew {
            _ = try checked(PQprepare(handle, plan.name, sql, Int32(types.count), types))
            preparedNames[plan.key] = plan.name
        }
        let raw = buffer.withPointers { values, lengths, formats in
            if let plan {
                return PQexecPrepared(handle, plan.name, Int32(wire.count), values, lengths, formats, 0)
            }
            return PQexecParams(handle, sql, Int32(wire.count), types, values, lengths, formats, 0)
        }
        return try checked(raw)
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
        let text = deferred.isEmpty ? sql : (takeDeferred() + [sql]).joined(separator: ";\n")
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
