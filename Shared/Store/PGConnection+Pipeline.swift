import CLibPQ

extension PGConnection {
    /// Returns and clears the deferred statements, counting the flush.
    func takeDeferred() -> [String] {
        defer { deferred.removeAll(keepingCapacity: true); deferredFlushes += 1 }
        return deferred
    }

    /// Sends `pending` parameterless statements and then the statement queued by `send`
    /// (a `PQsend…` call returning 1 on success) in one libpq pipeline, and returns the
    /// last statement's result.
    ///
    /// One round trip instead of `pending.count + 1`. The first failure (server or
    /// connection) is thrown; later statements of the pipeline are then skipped by the
    /// server, as they would have failed in an aborted transaction anyway.
    /// - Throws: `StoreError` for the first failed statement, or `store.connection_failed`.
    func pipelined(_ pending: [String], _ send: () -> Int32) throws(StoreError) -> PGResult {
        guard PQenterPipelineMode(handle) == 1 else {
            throw connectionError(prefix: "could not enter pipeline mode")
        }
        defer { _ = PQexitPipelineMode(handle) }
        for sql in pending where PQsendQueryParams(handle, sql, 0, nil, nil, nil, nil, 0) != 1 {
            throw connectionError(prefix: "could not send \(sql)")
        }
        guard send() == 1, PQpipelineSync(handle) == 1 else {
            throw connectionError(prefix: "could not send statement")
        }
        var firstError: StoreError?
        var last: PGResult?
        for _ in 0...pending.count {
            // Each statement yields its result(s) and then NULL.
            while let raw = PQgetResult(handle) {
                let status = PQresultStatus(raw)
                if status == PGRES_PIPELINE_ABORTED {
                    PQclear(raw)
                    continue
                }
                do {
                    last = try checked(raw)
                } catch {
                    if firstError == nil { firstError = error }
                }
            }
        }
        // The sync point closes the pipeline; NULL here means the connection is gone.
        while let raw = PQgetResult(handle) {
            let isSync = PQresultStatus(raw) == PGRES_PIPELINE_SYNC
            PQclear(raw)
            if isSync { break }
        }
        if let firstError { throw firstError }
        guard let last else { throw connectionError(prefix: "no result from server") }
        return last
    }
}
