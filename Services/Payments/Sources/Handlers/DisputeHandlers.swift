import Messages
import Runtime
import StripeAPI

/// `payments.submit_dispute_evidence` (Stripe-bound): stages or submits evidence.
///
/// 1. The dispute must be recorded on the account (`not_found.dispute`) and still await a
///    response (`conflict.dispute_not_open`: under review or closed) — decided from the
///    record, without calling Stripe. Not so for a delivery that may have run before
///    (redelivered, or a retry): Stripe decides, and the idempotent replay answers it.
/// 2. `POST /v1/disputes/{id}` on the connected account with `evidence[…]` and `submit`,
///    Idempotency-Key `<message_id>:submit_dispute_evidence`.
/// 3. One transaction: the record updated from Stripe's answer (never backwards, see
///    ``DisputeRecord/applying(_:)``), `payments.dispute.closed` if Stripe already closed it,
///    the reply. The `charge.dispute.updated` webhook that follows changes nothing more.
/// Thread-safety: `Sendable`, stateless.
struct SubmitDisputeEvidenceHandler: Sendable {
    /// SQL of the disputes table.
    let disputes: DisputeStore
    /// Publishes what the answer changed.
    let recorder: DisputeEventRecorder

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: SubmitDisputeEvidence, _ context: inout HandlerContext) throws -> Reply<SubmitDisputeEvidence.Result> {
        let submit = command.submit ?? false
        let evidence = command.evidence.map { Dictionary($0.given, uniquingKeysWith: { _, last in last }) }
        let params = DisputeUpdateParams(evidence: evidence, submit: submit)
        switch try DisputeGate.run(
            command.dispute, account: command.account, step: "submit_dispute_evidence", disputes: disputes, recorder: recorder,
            context: context, { client, options throws(StripeError) in try client.updateDispute(command.dispute, params, options: options) })
        {
        case .success(let after):
            return .ok(
                SubmitDisputeEvidence.Result(
                    account: after.account, dispute: after.dispute, orderReference: after.orderReference, status: after.status,
                    submitted: submit, hasEvidence: after.hasEvidence, submissionCount: after.submissionCount,
                    evidenceDueBy: after.evidenceDueBy))
        case .failure(let error): return .error(error)
        }
    }
}

/// `payments.accept_dispute` (Stripe-bound): closes the dispute as lost.
///
/// Same gate as ``SubmitDisputeEvidenceHandler`` (`not_found.dispute`,
/// `conflict.dispute_not_open`), then `POST /v1/disputes/{id}/close` on the connected account
/// (Idempotency-Key `<message_id>:accept_dispute`), then one transaction: the record closed,
/// `payments.dispute.closed` (outcome `lost`; `won` for an inquiry Stripe closes as
/// `warning_closed`) published once, the reply. Thread-safety: `Sendable`, stateless.
struct AcceptDisputeHandler: Sendable {
    /// SQL of the disputes table.
    let disputes: DisputeStore
    /// Publishes what the answer changed.
    let recorder: DisputeEventRecorder

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: AcceptDispute, _ context: inout HandlerContext) throws -> Reply<AcceptDispute.Result> {
        switch try DisputeGate.run(
            command.dispute, account: command.account, step: "accept_dispute", disputes: disputes, recorder: recorder,
            context: context, { client, options throws(StripeError) in try client.closeDispute(command.dispute, options: options) })
        {
        case .success(let after):
            return .ok(
                AcceptDispute.Result(account: after.account, dispute: after.dispute, orderReference: after.orderReference, status: after.status))
        case .failure(let error): return .error(error)
        }
    }
}
