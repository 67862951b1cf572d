import Store

/// The client span of a message's database transaction (`COMMIT <schema>`), child of its
/// consumer span: from `BEGIN` (with the inbox row) to the end of `COMMIT`. Attributes follow
/// OpenTelemetry's database conventions: `db.system.name` `postgresql`, `db.namespace` (the
/// service's schema), `db.operation.name` `COMMIT`; the outbox rows it wrote are counted in
/// `connectbus.outbox.rows` and a batch's size is `db.operation.batch.size`; a failed
/// commit sets `error.type` to the store's error code.
enum TransactionSpan {
    /// Records the span of a Stripe-bound message's transaction (`scope`), ended now;
    /// `failure` is what its `COMMIT` threw.
    static func record(_ scope: MessageScope, parent: TraceContext?, failure: (any Error)?) {
        guard parent != nil else { return }
        let code: String? = failure.map { error in
            if let store = error as? StoreError { return store.code }
            return error is MessageScope.Duplicate ? "duplicate" : String(describing: type(of: error))
        }
        record(
            parent: parent, schema: scope.schema, startNanos: scope.transactionStartNanos,
            outboxRows: scope.writtenOutbox.count, failure: code)
    }

    /// Records, for each traced message of a batch (``TraceSlot/batch``, emptied), the span of
    /// the batch's one transaction, begun at `startNanos` and ended now.
    static func recordBatch(_ slot: TraceSlot, schema: String, startNanos: UInt64, size: Int, failure: String?) {
        guard !slot.batch.isEmpty else { return }
        for parent in slot.batch {
            record(
                parent: parent, schema: schema, startNanos: startNanos, outboxRows: 0, batchSize: size,
                failure: failure)
        }
        slot.batch = []
    }

    /// Records the span of a transaction that began at `startNanos` under `parent`.
    static func record(
        parent: TraceContext?, schema: String, startNanos: UInt64?, outboxRows: Int,
        batchSize: Int = 1, failure: String? = nil
    ) {
        guard let startNanos, var span = OpenSpan.child("COMMIT \(schema)", kind: .client, of: parent) else { return }
        span = span.startingAt(startNanos)
        span.set("db.system.name", .string("postgresql"))
        span.set("db.namespace", .string(schema))
        span.set("db.operation.name", .string("COMMIT"))
        span.set("connectbus.outbox.rows", .int(outboxRows))
        if batchSize > 1 { span.set("db.operation.batch.size", .int(batchSize)) }
        if let failure { span.set("error.type", .string(failure)) }
        span.end(error: failure)
    }
}

extension OpenSpan {
    /// The same span, started at `nanos` instead (a span whose start was taken before it
    /// was known to be traced).
    func startingAt(_ nanos: UInt64) -> OpenSpan {
        var copy = self
        copy.start = nanos
        return copy
    }
}
