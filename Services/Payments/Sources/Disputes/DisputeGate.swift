#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// The steps the dispute commands share: the gate before Stripe is called and the record
/// updated from Stripe's answer. Stateless.
enum DisputeGate {
    /// The recorded dispute, if the command may go to Stripe: `not_found.dispute` when the
    /// service has not recorded it on `account`, `conflict.dispute_not_open` when it no
    /// longer awaits a response — unless the delivery may have run before (redelivered or
    /// retried), when Stripe's idempotent replay decides.
    /// - Throws: `StoreError`.
    static func open(_ dispute: String, account: String, disputes: DisputeStore, context: HandlerContext) throws -> Result<DisputeRecord, ReplyError>
    {
        guard let record = try disputes.find(dispute, account: account, on: context.db) else {
            return .failure(
                ReplyError(code: ReplyError.Code.disputeNotFound, message: "dispute \(dispute) of \(account) not found", field: "dispute"))
        }
        let mayHaveRun = context.redelivered || context.envelope.headers.attempt > 0
        guard mayHaveRun || record.status.awaitsResponse else {
            return .failure(
                ReplyError(
                    code: ReplyError.Code.disputeNotOpen,
                    message: "dispute \(dispute) is \(record.status.rawValue); it no longer takes evidence or acceptance", field: "dispute"))
        }
        return .success(record)
    }

    /// The steps of a dispute command: ``open(_:account:disputes:context:)``, then `call`
    /// (one Stripe call on the connected account, Idempotency-Key `<message_id>:<step>`), then
    /// ``apply(_:to:disputes:recorder:context:)``.
    /// - Returns: the record after Stripe's answer, or the reply error (the gate's or Stripe's).
    /// - Throws: `HandlerError` (retry), `StoreError`, `EncodingError`.
    static func run(
        _ dispute: String, account: String, step: String, disputes: DisputeStore, recorder: DisputeEventRecorder,
        context: HandlerContext, _ call: (StripeClient, RequestOptions) throws(StripeError) -> Dispute
    ) throws -> Result<DisputeRecord, ReplyError> {
        let record: DisputeRecord
        switch try open(dispute, account: account, disputes: disputes, context: context) {
        case .success(let found): record = found
        case .failure(let error): return .failure(error)
        }
        let options = context.idempotent(step, account: account)
        switch try context.stripe({ client throws(StripeError) in try call(client, options) }) {
        case .success(let answer): return .success(try apply(answer, to: record, disputes: disputes, recorder: recorder, context: context))
        case .failure(let error): return .failure(error)
        }
    }

    /// In one transaction: the record (locked) with Stripe's `answer` applied as of its newest
    /// event (so only a forward move applies), `payments.dispute.closed` when due (stamped
    /// with the service's clock), saved.
    /// - Returns: the record after.
    /// - Throws: `StoreError`, `EncodingError`.
    static func apply(
        _ answer: Dispute, to record: DisputeRecord, disputes: DisputeStore, recorder: DisputeEventRecorder, context: HandlerContext
    ) throws -> DisputeRecord {
        try context.transaction { db in
            let current = try disputes.find(record.dispute, account: record.account, lock: true, on: db) ?? record
            let next = current.applying(answer.observation(at: current.lastEventAt))
            try recorder.save(next, at: Int(Date().timeIntervalSince1970), context: context)
            return try disputes.find(record.dispute, account: record.account, on: db) ?? next
        }
    }
}
