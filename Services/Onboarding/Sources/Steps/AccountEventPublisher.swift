import Messages
import Runtime

/// Writes the events a transition asks for to the outbox, in the transition's order, with
/// the account as `x-stripe-account`. Must run inside the message's transaction (the
/// context's `publish` opens it). Stateless.
enum AccountEventPublisher {
    /// Publishes `onboarding.account.created` for a newly recorded account, with who is
    /// liable for its losses (`controller.losses.payments`, when known).
    /// - Throws: `EncodingError`, `StoreError`.
    static func created(_ record: AccountRecord, lossesPayments: String?, occurredAt: Int64, context: HandlerContext) throws {
        try context.publish(
            AccountCreated(
                account: record.projection.accountId, sellerReference: record.sellerReference,
                country: record.country ?? "", type: record.accountType.flatMap(AccountType.init(rawValue:)),
                email: record.email, occurredAt: Int(occurredAt), lossesPayments: lossesPayments), stripeAccount: record.projection.accountId)
    }

    /// Publishes every event of `transition` for `record`'s account (its seller reference
    /// and email come from `record`, the state from `transition.projection`).
    /// - Throws: `EncodingError`, `StoreError`.
    static func publish(
        _ transition: OnboardingTransition, for record: AccountRecord, occurredAt: Int64,
        context: HandlerContext
    ) throws {
        let p = transition.projection
        let at = Int(occurredAt)
        for kind in transition.events {
            switch kind {
            case .updated:
                try context.publish(
                    AccountUpdated(
                        account: p.accountId, sellerReference: record.sellerReference, status: p.status.message,
                        detailsSubmitted: p.detailsSubmitted, chargesEnabled: p.chargesEnabled,
                        payoutsEnabled: p.payoutsEnabled, requirements: p.requirements,
                        changedFields: transition.changedFields, occurredAt: at, country: record.country),
                    stripeAccount: p.accountId)
            case .onboardingCompleted:
                try context.publish(
                    AccountOnboardingCompleted(
                        account: p.accountId, sellerReference: record.sellerReference, chargesEnabled: p.chargesEnabled,
                        payoutsEnabled: p.payoutsEnabled, occurredAt: at), stripeAccount: p.accountId)
            case .requirementsDue:
                try context.publish(
                    AccountRequirementsDue(
                        account: p.accountId, sellerReference: record.sellerReference, email: record.email,
                        currentlyDue: p.currentlyDue, pastDue: p.pastDue, disabledReason: p.disabledReason,
                        currentDeadline: p.currentDeadline.map { Int($0) }, occurredAt: at), stripeAccount: p.accountId)
            case .deauthorized:
                try context.publish(
                    AccountDeauthorized(
                        account: p.accountId, sellerReference: record.sellerReference, occurredAt: at),
                    stripeAccount: p.accountId)
            }
        }
    }

    /// `onboarding.account.capability_updated`, one per change.
    static func capabilityChanges(
        _ changes: [AccountStatus.CapabilityChange], for record: AccountRecord,
        occurredAt: Int64, context: HandlerContext
    ) throws {
        for change in changes {
            try context.publish(
                AccountCapabilityUpdated(
                    account: record.projection.accountId, sellerReference: record.sellerReference, capability: change.capability,
                    status: change.status, previousStatus: change.previous, occurredAt: Int(occurredAt)),
                stripeAccount: record.projection.accountId)
        }
    }

    /// `onboarding.account.requirements_due` announcing a future deadline (once per deadline).
    static func futureRequirementsDue(
        _ status: AccountStatus, for record: AccountRecord, occurredAt: Int64,
        context: HandlerContext
    ) throws {
        let p = record.projection
        try context.publish(
            AccountRequirementsDue(
                account: p.accountId, sellerReference: record.sellerReference, email: record.email,
                currentlyDue: p.currentlyDue, pastDue: p.pastDue, disabledReason: p.disabledReason,
                currentDeadline: p.currentDeadline.map { Int($0) }, occurredAt: Int(occurredAt),
                pendingVerification: status.pendingVerification, futureDue: status.futureDue,
                futureDeadline: status.futureDeadline.map { Int($0) }), stripeAccount: p.accountId)
    }
}
