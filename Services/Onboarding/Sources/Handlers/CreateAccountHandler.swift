#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `onboarding.create_account` (Stripe-bound): one Stripe account per seller reference.
///
/// 1. A seller reference already recorded → reply with that account; Stripe is not called.
///    Otherwise the command claims the reference (``SellerClaimStore``); while another
///    command's claim is fresh, this one is retried later (then `conflict.duplicate_reference`).
/// 2. `POST /v1/accounts` with Idempotency-Key `<message_id>:create_account` (the claimant's
///    message id), then, with a representative, `POST /v1/accounts/{id}/persons`
///    (`relationship[representative]=true`) with `<message_id>:create_person`. A crash before step 3 commits is repaired by the
///    redelivery: the same keys make Stripe replay the same account and person. A refused
///    representative still records the account, and the reply carries Stripe's error.
/// 3. One transaction: the account row, `onboarding.account.created` (and
///    `onboarding_completed` if the account is already complete), the reply.
/// Should two commands still both record (a claim taken over after it was abandoned), the
/// second insert finds the reference taken and replies with the recorded account.
/// Thread-safety: `Sendable`, stateless.
struct CreateAccountHandler: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore
    /// SQL of the seller reference claims.
    let claims: SellerClaimStore
    /// SQL of the account controls (requirement collection, dashboard).
    let controls: AccountControlStore
    /// Age after which another command's claim counts as abandoned and is taken over (with
    /// the claimant's idempotency keys, so its account, if Stripe made one, is replayed).
    static let claimLifetimeSeconds = 300.0

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError` (the runtime retries transient ones).
    func handle(_ command: CreateAccount, _ context: inout HandlerContext) throws -> Reply<CreateAccount.Result> {
        let reference = command.sellerReference
        if let existing = try accounts.find(sellerReference: reference, on: context.db) {
            return .ok(Self.result(existing, created: false))
        }
        let claim = try claims.claim(reference, messageId: context.envelope.messageId, on: context.db)
        let owner = claim.messageId
        let own = owner == context.envelope.messageId
        if !own && claim.ageSeconds < Self.claimLifetimeSeconds {
            let message = "seller reference \(reference) is being created by command \(owner)"
            if !context.isLastAttempt {
                throw HandlerError.retry(code: ReplyError.Code.duplicateReference, message: message)
            }
            return .error(ReplyError(code: ReplyError.Code.duplicateReference, message: message, retryable: true))
        }
        let created: AccountSnapshot, control: AccountControl
        switch try context.stripe({ stripe throws(StripeError) in
            try stripe.createAccount(Self.accountParams(command), idempotencyKey: "\(owner):create_account")
        }) {
        case .success(let (snapshot, c)): (created, control) = (snapshot, c)
        case .failure(let error):
            // Stripe created nothing on a definite refusal: free the reference for a
            // corrected command. Keep the claim when the outcome is unknown (retryable) or
            // the key belongs to another command (idempotency error).
            if own && !error.retryable && error.stripe?.type != "idempotency_error" {
                let claims = self.claims
                try context.transaction { db in try claims.release(reference, on: db) }
            }
            return .error(error)
        }
        var personError: ReplyError?
        if let representative = command.representative {
            let person = try context.stripe { stripe throws(StripeError) in
                try stripe.createPerson(accountId: created.accountId, Self.personParams(representative),
                                        idempotencyKey: "\(owner):create_person")
            }
            if case .failure(let error) = person {
                // The account exists at Stripe: record it all the same (one account per
                // reference, nothing orphaned) and reply with the representative's error.
                context.log.warning("representative refused; account recorded without it",
                                    ["account": created.accountId, "code": error.code])
                personError = error
            }
        }
        let start = OnboardingStateMachine.start(from: created)
        let record = AccountRecord(sellerReference: command.sellerReference, accountType: command.type?.rawValue,
                                   country: command.country, email: command.email, projection: start.projection)
        let messageId = context.envelope.messageId
        let accounts = self.accounts, claims = self.claims, controls = self.controls
        return try context.transaction { db in
            try claims.release(reference, on: db)
            guard try accounts.insert(record, createdMessageId: messageId, on: db) else {
                guard let winner = try accounts.find(sellerReference: record.sellerReference, on: db) else {
                    throw HandlerError.retry(code: "conflict.account_exists",
                                             message: "account \(created.accountId) is recorded for another seller reference")
                }
                if winner.projection.accountId != created.accountId {
                    context.log.warning("seller reference taken concurrently; Stripe account orphaned",
                                        ["account": created.accountId, "recorded": winner.projection.accountId])
                }
                return .ok(Self.result(winner, created: false))
            }
            try controls.insert(control, accountId: created.accountId, on: db)
            try AccountEventPublisher.created(record, occurredAt: created.observedAt, context: context)
            try AccountEventPublisher.publish(start, for: record, occurredAt: created.observedAt, context: context)
            if let personError { return .error(personError) }
            return .ok(Self.result(record, created: true))
        }
    }

    /// The reply for `record`; `created` is false when the reference already had the account.
    static func result(_ record: AccountRecord, created: Bool) -> CreateAccount.Result {
        let p = record.projection
        return CreateAccount.Result(account: p.accountId, sellerReference: record.sellerReference, status: p.status.message,
                                    detailsSubmitted: p.detailsSubmitted, chargesEnabled: p.chargesEnabled,
                                    payoutsEnabled: p.payoutsEnabled, created: created)
    }

    /// The capabilities requested when the command names none.
    static let defaultCapabilities = ["card_payments", "transfers"]

    /// `POST /v1/accounts` parameters: `type`, `controller[…]` or neither (Stripe applies the
    /// platform's default controller properties), `country` (absent: Stripe's default),
    /// `email`, the prefill (``AccountForm/prefill(into:businessType:businessProfile:individual:company:externalAccount:tosAcceptance:settings:)``),
    /// `capabilities[<name>][requested]` (the command's, else card_payments and transfers,
    /// unless the seller manages a full Stripe dashboard and none were named), and
    /// `metadata[…]` plus `metadata[seller_reference]`.
    static func accountParams(_ command: CreateAccount) -> FormParams {
        var params = FormParams()
        params.set("type", command.type?.rawValue)
        if let controller = command.controller {
            var c = FormParams()
            if let fees = controller.fees { c.set("fees", ["payer": fees.payer]) }
            if let losses = controller.losses { c.set("losses", ["payments": losses.payments]) }
            c.set("requirement_collection", controller.requirementCollection)
            if let dashboard = controller.stripeDashboard { c.set("stripe_dashboard", ["type": dashboard.type]) }
            AccountForm.put(&params, "controller", c)
        }
        params.set("country", command.country)
        params.set("email", command.email)
        AccountForm.prefill(into: &params, businessType: command.businessType, businessProfile: command.businessProfile,
                            individual: command.individual, company: command.company,
                            externalAccount: command.externalAccount, tosAcceptance: command.tosAcceptance,
                            settings: command.settings)
        let fullDashboard = command.type == .standard || command.controller?.stripeDashboard?.type == "full"
        if let names = command.capabilities {
            AccountForm.put(&params, "capabilities", AccountForm.capabilities(names))
        } else if !fullDashboard {
            params.set("capabilities", AccountForm.capabilities(defaultCapabilities))
        }
        var metadata = command.metadata ?? [:]
        metadata["seller_reference"] = command.sellerReference
        params.set("metadata", metadata)
        return params
    }

    /// `POST /v1/accounts/{id}/persons` parameters for the representative.
    static func personParams(_ r: Representative) -> FormParams {
        var params = FormParams()
        params.set("first_name", r.firstName)
        params.set("last_name", r.lastName)
        params.set("email", r.email)
        params.set("phone", r.phone)
        var relationship = FormParams()
        relationship.set("representative", true)
        relationship.set("title", r.title)
        params.set("relationship", relationship)
        if let dob = r.dateOfBirth {
            var d = FormParams()
            d.set("day", dob.day)
            d.set("month", dob.month)
            d.set("year", dob.year)
            params.set("dob", d)
        }
        return params
    }
}
