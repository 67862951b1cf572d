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
    /// failures too.
    /// - Throws: `store.connection_failed` when the pipeline could not be sent.
    func pipelined(_ steps: [() -> Int32]) throws(StoreError) -> [Result<PGResult, StoreError>] {
        guard PQenterPipelineMode(handle) == 1 else {
            throw connectionError(prefix: "could not enter pipeline mode")
        }
        defer { _ = PQexitPipelineMode(handle) }
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
        // The sync point closes the pipeline; NULL here means the connection is gone.
        while let raw = PQgetResult(handle) {
            let isSync = PQresultStatus(raw) == PGRES_PIPELINE_SYNC
            PQclear(raw)
            if isSync { break }
        }
        return outcomes
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
