#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `terminal.reconcile` (Stripe-bound), sent by operators or by the ``ReconcileScheduler``.
///
/// 0. Not in a dry run: record the listed `payment_intents` the gateway never saw, then ask
///    Stripe (``StripeSweep``): every uncaptured in-person PaymentIntent of the command's
///    `account` (else of every account selling in the run's zone) is recorded or refreshed, and
///    one still on its way to an authorization is reported `left`.
/// 1. Lease up to ``batchLimit`` payments still `requires_capture` (authorized at least
///    `older_than_seconds` ago; of `account` if given; at locations in `time_zone` if given)
///    with `FOR UPDATE SKIP LOCKED`, so replicas running reconciliations at once never share a payment.
/// 2. For each, ``ReconcileDecision``: capture (`POST …/capture`, key
///    `<message_id>:capture:<pi>`, with the fee ``CaptureFeePolicy`` decides for the full
///    authorized amount) when the order was completed and not paid otherwise,
///    cancel (`POST …/cancel`, `cancellation_reason=abandoned`, key `<message_id>:cancel:<pi>`)
///    when paid otherwise or abandoned by the platform, or when nobody spoke and the grace
///    (``ReconcileGrace`` in the payment's zone, on the settings' clock) is over; otherwise
///    `left` (`within grace until …`), untouched. A Stripe refusal leaves the payment (`left`)
///    after recording Stripe's state.
///    A redelivered run re-leases its own rows and replays the same keys: nothing twice.
/// 3. One transaction: every payment's new state and `terminal.payment.*` event (with
///    `terminal.payment.fee_corrected` for a capture whose fee was corrected), leases
///    released, `terminal.reconciliation.completed` with the counts and every decision (the
///    report; a scheduled run names its zone and local date), the reply.
/// `dry_run` reports the decisions on what the gateway recorded, without leasing or calling Stripe.
/// Thread-safety: `Sendable`, stateless.
struct ReconcileHandler: Sendable {
    /// The most payments one run handles (the next run takes the rest).
    static let batchLimit = 100
    /// How long a run's lease on a payment lasts (a crashed run's payments are free again after it).
    static let leaseSeconds = 600
    /// Header marking a scheduled run (`x-reconcile-trigger: schedule`).
    static let triggerHeader = "x-reconcile-trigger"
    /// Header naming the local date a scheduled daily run closes (`YYYY-MM-DD`).
    static let localDateHeader = "x-reconcile-local-date"

    /// SQL of the payments table.
    let payments: PaymentStore
    /// SQL of the orders table.
    let orders: OrderStore
    /// SQL of the locations and readers (which accounts sell in person, in which zone).
    let locations: LocationStore
    /// The grace, the default zone and the clock.
    var settings = TerminalGatewaySettings()

    /// One payment's outcome in this run.
    private struct Outcome {
        var payment: TerminalPayment
        var decision: ReconcileDecision
        var snapshot: PaymentIntentSnapshot?
        var failure: String?
        /// The fee a capture sent (and the correction to announce once it is recorded).
        var fee = CaptureFeePolicy.Decision(fee: nil)
        /// The idempotency key of the capture this run made (recorded with it, so a capture
        /// command that comes later is refused without asking Stripe).
        var captureKey: String?
    }

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: Reconcile, _ context: inout HandlerContext) throws -> Reply<Reconcile.Result> {
        let messageId = context.envelope.messageId
        let now = settings.clock.now
        let defaultZone = settings.reconcileTimeZone
        let before = command.olderThanSeconds.map { now - $0 }
        let dryRun = command.dryRun ?? false
        var refused = dryRun ? [] : try adopt(command.paymentIntents ?? [], account: command.account, context: context)
        if !dryRun {
            let accounts: [String?] =
                if let account = command.account { [account] } else {
                    try locations.sellingAccounts(zone: command.timeZone, defaultZone: defaultZone, on: context.db)
                }
            let found = try StripeSweep.run(accounts: accounts, now: now, payments: payments, context: context)
            for (account, ids) in found.unknown { refused += try adopt(ids, account: account, context: context) }
            refused += found.pending
        }
        let candidates =
            dryRun
            ? try payments.reconcilable(
                authorizedBefore: before, account: command.account, limit: Self.batchLimit,
                zone: command.timeZone, defaultZone: defaultZone, on: context.db)
            : try payments.claimForReconciliation(
                messageId: messageId, authorizedBefore: before, account: command.account,
                limit: Self.batchLimit, leaseSeconds: Self.leaseSeconds,
                zone: command.timeZone, defaultZone: defaultZone, on: context.db)
        let flags = try orders.flags(candidates.map(\.orderReference), on: context.db)
        let zones = try payments.zones(of: candidates.map(\.paymentIntent), defaultZone: defaultZone, on: context.db)
        var outcomes: [Outcome] = []
        for payment in candidates {
            let cancellableAt = settings.reconcileGrace.cancellableAt(
                authorizedAt: payment.authorizedAt ?? now,
                zone: zones[payment.paymentIntent] ?? defaultZone)
            var decision = ReconcileDecision.decide(flags[payment.orderReference], graceOver: now >= cancellableAt)
            if decision.action == .left { decision.reason += " until \(Self.iso8601(cancellableAt))" }
            var outcome = Outcome(payment: payment, decision: decision)
            if !dryRun, decision.action != .left { try run(&outcome, context: context) }
            outcomes.append(outcome)
        }
        let trigger = context.envelope.headers.extra[Self.triggerHeader] ?? "command"
        let localDate = context.envelope.headers.extra[Self.localDateHeader]
        if dryRun { return .ok(Self.result(outcomes, dryRun: true)) }
        let payments = self.payments
        return try context.transaction { db in
            let writer = PaymentTransitionWriter(payments: payments)
            for outcome in outcomes {
                if let snapshot = outcome.snapshot,
                    let t = try writer.apply(
                        .snapshot(snapshot, captureKey: outcome.captureKey), paymentIntent: outcome.payment.paymentIntent,
                        occurredAt: now, db: db, context: context),
                    t.effects.contains(.captured)
                {
                    try PaymentEventPublisher.publishFeeCorrection(
                        outcome.fee, before: outcome.payment.applicationFeeAmount, captured: t.payment,
                        capturedBy: .reconciliation, occurredAt: now, context: context)
                }
                try payments.releaseReconciliation(paymentIntent: outcome.payment.paymentIntent, messageId: messageId, on: db)
            }
            let result = Self.result(outcomes, dryRun: false, refused: refused)
            try context.publish(
                ReconciliationCompleted(
                    captured: result.captured, canceled: result.canceled, left: result.left,
                    trigger: trigger, occurredAt: now, payments: result.payments,
                    timeZone: command.timeZone, localDate: localDate),
                stripeAccount: command.account)
            context.log.info(
                "reconciliation completed",
                [
                    "captured": String(result.captured), "canceled": String(result.canceled),
                    "left": String(result.left), "trigger": trigger,
                ])
            return .ok(result)
        }
    }

    /// Captures or cancels one payment at Stripe; a refusal is recorded with Stripe's state.
    private func run(_ outcome: inout Outcome, context: HandlerContext) throws {
        let p = outcome.payment
        let options = RequestOptions.idempotent(
            context.idempotencyKey((outcome.decision.action == .captured ? "capture:" : "cancel:") + p.paymentIntent),
            stripeAccount: p.account)
        let capture = outcome.decision.action == .captured
        if capture {
            outcome.fee = CaptureFeePolicy.decide(
                for: p, total: p.amountAuthorized ?? p.amount, explicit: nil, policy: settings.captureFeePolicy)
        }
        let params = PaymentIntentCaptureParams(applicationFeeAmount: outcome.fee.fee)
        let answer = try context.stripe { client throws(StripeError) in
            capture
                ? try client.capturePaymentIntent(p.paymentIntent, params, options: options)
                : try client.cancelPaymentIntent(
                    p.paymentIntent, PaymentIntentCancelParams(cancellationReason: "abandoned"),
                    options: options)
        }
        switch answer {
        case .success(let pi):
            outcome.snapshot = PaymentIntentSnapshot(pi, observedAt: context.now)
            if capture { outcome.captureKey = options.idempotencyKey }
        case .failure(let error):
            outcome.failure = "\(capture ? "capture" : "cancel") failed: \(error.stableCode)"
            if case .success(let s) = try PaymentIntentFetch.snapshot(
                p.paymentIntent, account: p.account,
                observedAt: context.now, context: context)
            {
                outcome.snapshot = s
            }
        }
    }

    /// Records the listed PaymentIntents the gateway has never seen (created by the
    /// point-of-sale app) with Stripe's current state, each in its own statement before the
    /// run, so the run leases and reconciles them like the others (their authorization is
    /// not announced separately; the run's `terminal.payment.captured`/`…canceled` is).
    /// - Returns: the refused ones (`left`, the reason names the stable code).
    private func adopt(_ ids: [String], account: String?, context: HandlerContext) throws -> [ReconciledPayment] {
        var refused: [ReconciledPayment] = []
        for id in ids where try payments.find(paymentIntent: id, on: context.db) == nil {
            switch try PaymentAdoption.candidate(id, account: account, observedAt: context.now, context: context, payments: payments) {
            case .failure(let error):
                refused.append(ReconciledPayment(paymentIntent: id, action: .left, reason: "\(error.code): \(error.message)"))
            case .success(let candidate):
                try payments.adopt(candidate.payment, messageId: context.envelope.messageId, on: context.db)
                if let current = try payments.find(paymentIntent: id, on: context.db) {
                    let next = TerminalPaymentMachine.apply(.snapshot(candidate.snapshot, captureKey: nil), to: current).payment
                    if next != current { try payments.update(next, on: context.db) }
                }
            }
        }
        return refused
    }

    /// `2026-12-01T13:00:00Z` for Unix seconds `t`.
    static func iso8601(_ t: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(t)).formatted(.iso8601)
    }

    /// The reply: counts and one line per payment (`left` for failures and refused PaymentIntents).
    private static func result(_ outcomes: [Outcome], dryRun: Bool, refused: [ReconciledPayment] = []) -> Reconcile.Result {
        let payments =
            refused
            + outcomes.map { o in
                ReconciledPayment(
                    paymentIntent: o.payment.paymentIntent, orderReference: o.payment.orderReference,
                    action: o.failure == nil ? o.decision.action : .left,
                    reason: o.failure ?? (dryRun && o.decision.action != .left ? "would: " : "") + o.decision.reason)
            }
        return Reconcile.Result(
            captured: payments.filter { $0.action == .captured }.count,
            canceled: payments.filter { $0.action == .canceled }.count,
            left: payments.filter { $0.action == .left }.count, payments: payments)
    }
}
