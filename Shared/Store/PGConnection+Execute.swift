import CLibPQ

extension PGConnection {
    /// Runs one parameterised statement (`$1`, `$2`, …) and returns its result.
    ///
    /// `sql` must be a single statement built from code constants and validated
    /// identifiers only; every value goes in `params` (`nil` or `.null` is SQL NULL).
    /// Blocks until the server answers.
    /// - Throws: `StoreError` mapped from the server's SQLSTATE (`store.unique_violation`,
    ///   `store.serialization_failure`, `store.connection_failed`, `store.query_failed`).
    @discardableResult
    public func execute(_ sql: String, _ params: [PGValue?] = []) throws(StoreError) -> PGResult {
        let wire = params.map { ($0 ?? .null).wireForm }
        let types = wire.map(\.oid)
        let name = usesPreparedStatements ? try preparedStatement(sql, types: types) : nil
        let buffer = PGParameterBuffer(wire)
        if !deferred.isEmpty {
            return try pipelined(takeDeferred()) {
                buffer.withPointers { values, lengths, formats in
                    if let name {
                        return PQsendQueryPrepared(handle, name, Int32(wire.count), values, lengths, formats, 0)
                    }
                    return PQsendQueryParams(handle, sql, Int32(wire.count), types, values, lengths, formats, 0)
                }
            }
        }
        let raw = buffer.withPointers { values, lengths, formats in
            if let name {
                return PQexecPrepared(handle, name, Int32(wire.count), values, lengths, formats, 0)
            }
            return PQexecParams(handle, sql, Int32(wire.count), types, values, lengths, formats, 0)
        }
        return try checked(raw)
    }

    /// Runs a parameterised query and decodes each row with `decode`, in order.
    /// - Throws: `StoreError` as `execute` does; an error thrown by `decode` is returned as
    ///   is when it is a `StoreError`, otherwise as `store.decode` with its description.
    public func query<T>(_ sql: String, _ params: [PGValue?] = [],
                         _ decode: (PGRow) throws -> T) throws(StoreError) -> [T] {
        let result = try execute(sql, params)
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

    /// The statement name prepared for `sql` with these parameter types, preparing it
    /// (`PQprepare`) on first use; `nil` when the cache is full (the text then runs
    /// unprepared).
    /// - Throws: the error the statement itself would raise (syntax, unknown column, failed
    ///   transaction).
    private func preparedStatement(_ sql: String, types: [UInt32]) throws(StoreError) -> String? {
        let key = types.isEmpty ? sql : sql + "\u{1}" + types.map(String.init).joined(separator: ",")
        if let name = preparedNames[key] { return name }
        guard preparedNames.count < PGConnection.maxPreparedStatements else { return nil }
        let name = "connectbus_\(preparedNames.count + 1)"
        _ = try checked(PQprepare(handle, name, sql, Int32(types.count), types))
        preparedNames[key] = name
        return name
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
        let primary = result.errorField("M")
            ?? String(cString: PQresultErrorMessage(result.raw)).trimmingTrailingWhitespace()
        var error = StoreError.fromServer(sqlState: sqlState, message: redact(primary),
                                          detail: result.errorField("D").map(redact),
                                          constraint: result.errorField("n"))
        if sqlState == nil, PQstatus(handle) != CONNECTION_OK {
            error.code = StoreError.Code.connectionFailed
        }
        return error
    }
}
