import CLibPQ

extension PGConnection {
    /// Returns and clears the deferred statements, counting the flush.
    func takeDeferred() -> [PGDeferredStatement] {
        defer { deferred.removeAll(keepingCapacity: true); deferredFlushes += 1 }
        return deferred
    }

    /// Sends the statements queued by `steps` (`PQsend…` calls returning 1 on success) in
    /// one libpq pipeline — one round trip — and returns every statement's outcome in order.
    /// After a failure the server skips the rest of the pipeline; skipped statements are
    /// failures too. Outcomes read before the session ended stand (a `COMMIT` answered
    /// `COMMIT` did commit); the connection is then marked broken (``isHealthy`` is `false`).
    /// - Throws: `store.connection_failed` when the pipeline could not be sent, or the
    ///   connection was already broken.
    func pipelined(_ steps: [() -> Int32]) throws(StoreError) -> [Result<PGResult, StoreError>] {
        guard !isBroken else { throw brokenError() }
        guard PQenterPipelineMode(handle) == 1 else {
            throw connectionError(prefix: "could not enter pipeline mode")
        }
        defer {
            // libpq refuses to leave pipeline mode while results are pending: the connection
            // can send nothing more, though it still says CONNECTION_OK.
            if PQexitPipelineMode(handle) != 1 { isBroken = true }
        }
        roundTrips += 1
        for step in steps where step() != 1 {
            throw connectionError(prefix: "could not send statement")
        }
        guard PQpipelineSync(handle) == 1 else {
            throw connectionError(prefix: "could not send pipeline sync")
        }
        let skipped = StoreError(
            code: StoreError.Code.queryFailed, sqlState: "25P02",
            message: "skipped after an earlier statement in the pipeline failed")
        var outcomes: [Result<PGResult, StoreError>] = []
        for _ in 0..<steps.count {
            var outcome: Result<PGResult, StoreError>?
            // Each statement yields its result and then NULL.
            while let raw = PQgetResult(handle) {
                if PQresultStatus(raw) == PGRES_PIPELINE_ABORTED {
                    PQclear(raw)
                    outcome = outcome ?? .failure(skipped)
                } else {
                    let result = Result { () throws(StoreError) in try checked(raw) }
                    if case .failure? = outcome {} else { outcome = result }
                }
            }
            outcomes.append(outcome ?? .failure(connectionError(prefix: "no result from server")))
        }
        // The sync point closes the pipeline. A session that ends after the last statement's
        // answer (a fast shutdown) sends its FATAL error instead, and libpq ends that result
        // with a NULL before it has read the end of the connection: read on until the sync,
        // or until libpq reports the connection gone (a second NULL in a row ends the wait).
        var synced = false
        var nulls = 0
        while !synced, nulls < 2, PQstatus(handle) == CONNECTION_OK {
            guard let raw = PQgetResult(handle) else {
                nulls += 1
                continue
            }
            nulls = 0
            synced = PQresultStatus(raw) == PGRES_PIPELINE_SYNC
            PQclear(raw)
        }
        if !synced { isBroken = true }
        return outcomes
    }

    /// The error for any use of a connection that ``isBroken``.
    func brokenError() -> StoreError {
        StoreError(
            code: StoreError.Code.connectionFailed,
            message: "the connection was lost during a pipeline (its sync point never came); reset it")
    }

    /// The last outcome's result, or the first failure among `outcomes`.
    func lastResult(of outcomes: [Result<PGResult, StoreError>]) throws(StoreError) -> PGResult {
        for case .failure(let error) in outcomes { throw error }
        guard case .success(let result)? = outcomes.last else {
            throw connectionError(prefix: "no result from server")
        }
        return result
    }
}
