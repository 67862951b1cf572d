extension PGConnection {
    /// Runs `body` inside `BEGIN … COMMIT`; on any error thrown by `body`, issues
    /// `ROLLBACK` and rethrows that original error.
    ///
    /// `BEGIN` is not sent on its own: it travels with the first statement of `body` (one
    /// libpq pipeline), and a `body` that sends nothing costs no round trip at all.
    /// A COMMIT that the server turns into a rollback (because a statement failed and the
    /// error was swallowed inside `body`) is reported as `store.query_failed` with SQLSTATE
    /// `25P02`, so a caller never believes lost work was committed.
    /// - Throws: the error thrown by `body`; `StoreError` from BEGIN/COMMIT (a
    ///   `store.serialization_failure` or `store.connection_failed` there is transient: rerun
    ///   the whole transaction); `store.transaction_state` when already inside a transaction
    ///   (use `savepoint` to nest).
    @discardableResult
    public func transaction<T>(_ body: (PGConnection) throws -> T) throws -> T {
        guard !isInTransaction else {
            throw StoreError(
                code: StoreError.Code.transactionState,
                message: "transaction() called inside a transaction; use savepoint() to nest")
        }
        deferred = [.control("BEGIN")]
        let value: T
        do {
            value = try body(self)
        } catch {
            let unsent = deferred
            deferred.removeAll()
            unsent.dropWrites()
            if !unsent.beginsTransaction { rollbackQuietly("ROLLBACK") }
            throw error
        }
        if deferred.beginsTransaction && !deferred.containsWrite {
            // Nothing reached the server: there is nothing to commit.
            deferred.removeAll()
            return value
        }
        let tag: String
        do {
            tag = try command("COMMIT")
        } catch {
            if isInTransaction { rollbackQuietly("ROLLBACK") }
            throw error
        }
        guard tag != "ROLLBACK" else {
            throw StoreError(
                code: StoreError.Code.queryFailed, sqlState: "25P02",
                message: "transaction was rolled back at COMMIT because a statement in it failed")
        }
        return value
    }

    /// Starts a transaction that spans calls (for callers that cannot use
    /// ``transaction(_:)``'s closure); end it with `execute("COMMIT")` or
    /// `execute("ROLLBACK")`. As in ``transaction(_:)``, `BEGIN` is not sent on its own: it
    /// travels with the next statement, in one round trip.
    /// - Throws: `store.transaction_state` when already inside a transaction.
    public func beginDeferred() throws(StoreError) {
        guard !isInTransaction else {
            throw StoreError(
                code: StoreError.Code.transactionState,
                message: "beginDeferred() called inside a transaction")
        }
        deferred = [.control("BEGIN")]
    }

    /// Runs `body` inside `SAVEPOINT name … RELEASE SAVEPOINT name`; on any error thrown by
    /// `body`, rolls back to the savepoint (undoing only `body`'s work and clearing a failed
    /// statement's error state), releases it and rethrows the original error. The
    /// surrounding transaction stays usable.
    ///
    /// SAVEPOINT, RELEASE and ROLLBACK TO are deferred and travel with the next statement
    /// (one pipeline), so a savepoint adds no round trip of its own. Must be called inside
    /// a transaction. `name` must be a valid identifier (`^[a-z_][a-z0-9_]*$`).
    /// - Throws: the error thrown by `body`; `StoreError` `store.invalid_identifier` for a bad
    ///   name, `store.transaction_state` outside a transaction, `store.connection_failed`
    ///   when the connection (and so its transaction) was lost.
    @discardableResult
    public func savepoint<T>(_ name: String, _ body: (PGConnection) throws -> T) throws -> T {
        let identifier = try SQLIdentifier(name)
        try requireTransaction(for: "savepoint(\(name))")
        let mark = deferred.count
        let flushes = deferredFlushes
        deferred.append(.control("SAVEPOINT \(identifier.quoted)"))
        // Still unsent: nothing of `body` reached the server, so the savepoint can vanish
        // (with any writes `body` deferred, when it failed).
        var unsent: Bool { deferredFlushes == flushes && deferred.count > mark }
        let value: T
        do {
            value = try body(self)
        } catch {
            if unsent {
                let dropped = Array(deferred[mark...])
                deferred.removeSubrange(mark...)
                dropped.dropWrites()
            } else {
                deferred += [
                    .control("ROLLBACK TO SAVEPOINT \(identifier.quoted)"), .control("RELEASE SAVEPOINT \(identifier.quoted)"),
                ]
            }
            throw error
        }
        if unsent && !deferred[mark...].containsWrite {
            deferred.removeSubrange(mark...)
        } else {
            deferred.append(.control("RELEASE SAVEPOINT \(identifier.quoted)"))
        }
        return value
    }

    /// Ends the transaction begun with ``beginDeferred()`` without keeping anything: unsent
    /// deferred statements are dropped (their writes' completions get the dropped failure)
    /// and `ROLLBACK` is sent only when `BEGIN` reached the server. Errors are ignored (a
    /// broken connection shows on its next use). Does nothing outside a transaction.
    public func rollback() {
        let unsent = deferred
        deferred.removeAll()
        unsent.dropWrites()
        guard !unsent.beginsTransaction, isInTransaction else { return }
        rollbackQuietly("ROLLBACK")
    }

    /// Checks that a transaction is open for `operation`, which must run inside one.
    ///
    /// A connection that libpq reports lost (`PQstatus` not `CONNECTION_OK`) has no
    /// transaction either: the server rolled it back when the session ended. That is the
    /// transient `store.connection_failed`, so the caller reruns its whole unit of work on a
    /// new connection, rather than the `store.transaction_state` of a caller that never
    /// opened one (which no retry mends).
    /// - Throws: `store.connection_failed` when the connection is lost;
    ///   `store.transaction_state` when it is usable and outside a transaction.
    public func requireTransaction(for operation: String) throws(StoreError) {
        guard !isInTransaction else { return }
        guard isHealthy else {
            throw StoreError(
                code: StoreError.Code.connectionFailed,
                message: "\(operation): the connection was lost, and the transaction with it")
        }
        throw StoreError(
            code: StoreError.Code.transactionState, message: "\(operation) must run inside a transaction")
    }

    /// Runs a rollback statement, ignoring its failure (the original error matters more; a
    /// broken connection shows up on the next call).
    private func rollbackQuietly(_ sql: String) {
        _ = try? command(sql)
    }
}
