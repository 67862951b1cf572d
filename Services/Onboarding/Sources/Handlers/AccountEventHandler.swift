#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI
import Store

/// `stripe.account.updated`, `stripe.account.application.deauthorized`,
/// `stripe.capability.updated`, `stripe.person.*` and `stripe.account.external_account.*` on
/// `onboarding.events` (`stripe.payout.*` are passed to ``PayoutEventHandler``) (Stripe-bound: it may re-fetch). Capabilities and future
/// requirements follow ``AccountStatus`` (never backwards); person and bank-account events
/// are noted only, their effect on requirements arrives with `account.updated`. The body is Stripe's event JSON as
/// the notifications service re-publishes it.
///
/// - An undecodable event is dead-lettered (`validation.malformed_message`, naming the field).
/// - An account not recorded yet (the event overtook the create command's commit) is
///   retried through the delay queues, then dead-lettered (`not_found.account`).
/// - An event as old as the stored state but different from it triggers
///   `GET /v1/accounts/{id}`, applied as the state at fetch time.
/// - Older events change nothing; duplicates publish nothing.
/// Thread-safety: `Sendable`, stateless.
struct AccountEventHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the account status (capabilities, future requirements).
    let statuses: AccountStatusStore
    /// The `payout.*` events.
    let payouts: PayoutEventHandler

    /// Handles one raw Stripe event.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ envelope: Envelope, _ context: inout HandlerContext) throws -> HandlerOutcome {
        let payload: AccountEventPayload
        do { payload = try AccountEventPayload.parse(envelope.body) } catch {
            return .deadLetter(
                ReplyError(
                    code: ReplyError.Code.malformedMessage,
                    message: "Stripe event: \(error.field) is missing or malformed", field: error.field))
        }
        if let kind = payload.kind, kind.isPayout {
            return try payouts.handle(
                envelope, type: kind, accountId: payload.accountId ?? envelope.headers.stripeAccount, created: payload.created, &context)
        }
        guard let accountId = payload.accountId ?? envelope.headers.stripeAccount else {
            return .deadLetter(.missingField("account"))
        }
        let input: OnboardingInput
        switch payload.kind {
        case .accountUpdated:
            guard let snapshot = payload.snapshot else { return .deadLetter(.missingField("data.object")) }
            input = .event(snapshot)
        case .applicationDeauthorized:
            input = .deauthorized(at: payload.created)
        case .capabilityUpdated:
            return try applyCapability(payload, accountId: accountId, &context)
        case .personCreated, .personUpdated, .personDeleted, .externalAccountCreated, .externalAccountUpdated,
            .externalAccountDeleted, .payoutCreated, .payoutPaid, .payoutFailed, .payoutCanceled:
            // What these change in the requirements arrives with the account.updated Stripe sends alongside.
            context.log.info("account change noted", ["type": payload.type, "event": payload.eventId, "account": accountId])
            return .done
        case nil:
            context.log.info("ignored Stripe event type", ["type": payload.type, "event": payload.eventId])
            return .done
        }
        guard let peek = try accounts.find(accountId: accountId, on: context.db) else {
            throw HandlerError.retry(code: ReplyError.Code.accountNotFound, message: "account \(accountId) is not recorded (yet)")
        }
        var effective = input
        if OnboardingStateMachine.apply(input, to: peek.projection).disposition == .needsRefetch {
            let now = Int64(Date().timeIntervalSince1970)
            switch try context.stripe({ client throws(StripeError) in try client.retrieveAccount(accountId).snapshot(observedAt: now) }) {
            case .success(let snapshot): effective = .fetched(snapshot)
            case .failure(let error): return .retry(error)
            }
        }
        let accounts = self.accounts, statuses = self.statuses
        return try context.transaction { db in
            guard let current = try accounts.find(accountId: accountId, lock: true, on: db) else {
                throw HandlerError.retry(code: ReplyError.Code.accountNotFound, message: "account \(accountId) is not recorded")
            }
            if let report = payload.report {
                try Self.applyReport(report, at: payload.created, record: current, statuses: statuses, db: db, context: context)
            }
            let transition = OnboardingStateMachine.apply(effective, to: current.projection)
            switch transition.disposition {
            case .needsRefetch:
                throw HandlerError.retry(code: "conflict.concurrent_update", message: "account \(accountId) changed meanwhile")
            case .stale:
                context.log.info("stale account event ignored", ["event": payload.eventId, "account": accountId])
            case .applied where transition.projection != current.projection:
                try accounts.update(transition.projection, on: db)
                let occurredAt: Int64 = if case .fetched(let s) = effective { s.observedAt } else { payload.created }
                try AccountEventPublisher.publish(transition, for: current, occurredAt: occurredAt, context: context)
            case .applied:
                break
            }
            return .done
        }
    }

    /// Applies an `account.updated`'s capabilities, pending verification and future
    /// requirements (``AccountStatus``); publishes `capability_updated` per change and
    /// `requirements_due` when a future deadline came into view.
    static func applyReport(
        _ report: AccountStatus.Report, at: Int64, record: AccountRecord, statuses: AccountStatusStore,
        db: PGConnection, context: HandlerContext
    ) throws {
        let accountId = record.projection.accountId
        var status = try statuses.find(accountId: accountId, lock: true, on: db)
        let before = status
        let (changes, announce) = status.apply(report, at: at)
        guard status != before else { return }
        try statuses.save(status, accountId: accountId, on: db)
        try AccountEventPublisher.capabilityChanges(changes, for: record, occurredAt: at, context: context)
        if announce {
            try AccountEventPublisher.futureRequirementsDue(status, for: record, occurredAt: at, context: context)
        }
    }

    /// `capability.updated`: one capability's status, applied unless stale.
    private func applyCapability(
        _ payload: AccountEventPayload, accountId: String,
        _ context: inout HandlerContext
    ) throws -> HandlerOutcome {
        guard let capability = payload.capability else { return .deadLetter(.missingField("data.object")) }
        let accounts = self.accounts, statuses = self.statuses
        return try context.transaction { db in
            // The account's row lock serializes its capability events with each other and with
            // `account.updated`: a new account's status row does not exist yet, so without it two
            // events handled at once would both start from nothing, both announce, and the second
            // save would forget the first capability.
            guard let record = try accounts.find(accountId: accountId, lock: true, on: db) else {
                throw HandlerError.retry(code: ReplyError.Code.accountNotFound, message: "account \(accountId) is not recorded (yet)")
            }
            var status = try statuses.find(accountId: accountId, lock: true, on: db)
            let before = status
            let change = status.apply(capability: capability.name, status: capability.status, at: payload.created)
            if status != before { try statuses.save(status, accountId: accountId, on: db) }
            if let change {
                try AccountEventPublisher.capabilityChanges([change], for: record, occurredAt: payload.created, context: context)
            } else {
                context.log.info("stale or repeated capability event ignored", ["event": payload.eventId, "account": accountId])
            }
            return .done
        }
    }
}
