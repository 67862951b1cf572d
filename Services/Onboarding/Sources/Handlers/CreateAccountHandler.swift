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
///    Otherwise the command claims the reference (``SellerClaimStore``; the read and the
///    claim are one statement); while another command's claim is fresh, this one is retried
///    later (then `conflict.duplicate_reference`).
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
        let claim: SellerClaimStore.Claim
        switch try claims.claim(reference, messageId: context.envelope.messageId, unlessRecordedIn: accounts, on: context.db) {
        case .recorded(let existing): return .ok(Self.result(existing, created: false))
        case .claim(let held): claim = held
        }
        let owner = claim.messageId
        let own = owner == context.envelope.messageId
        if !own && claim.ageSeconds < Self.claimLifetimeSeconds {
            // Retried until the other command finishes; after the last attempt the runtime
            // parks it and answers retryable and parked (a replay then finds the account).
            let message = "seller reference \(reference) is being created by command \(owner)"
            throw HandlerError.retry(code: ReplyError.Code.duplicateReference, message: message)
        }
        let created: AccountSnapshot, control: AccountControl, lossesPayments: String?
        switch try context.stripe({ client throws(StripeError) in
            let account = try client.createAccount(Self.accountParams(command), options: .idempotent("\(owner):create_account"))
            let at = try StripeAnswer.required(account.created, "created", of: "account", from: "/v1/accounts", client: client)
            return (account.snapshot(observedAt: Int64(at)), account.control, account.lossesPayments)
        }) {
        case .success(let (snapshot, c, losses)): (created, control, lossesPayments) = (snapshot, c, losses)
        case .failure(let error):
            // Stripe created nothing on a definite refusal: free the reference for a
            // corrected command. Keep the claim when the outcome is unknown (retryable) or
            // the key belongs to another command (idempotency error).
            if own && !error.retryable && error.stripe?.type != "idempotency_error" {
                let claims = self.claims
                try context.transaction { db in try claims.releaseDeferred(reference, on: db) }
            }
            return .error(error)
        }
        var personError: ReplyError?
        if let representative = command.representative {
            let person = try context.stripe { client throws(StripeError) in
                try client.createPerson(
                    account: created.accountId, Self.personParams(representative),
                    options: .idempotent("\(owner):create_person")
                ).id
            }
            if case .failure(let error) = person {
                // The account exists at Stripe: record it all the same (one account per
                // reference, nothing orphaned) and reply with the representative's error.
                context.log.warning(
                    "representative refused; account recorded without it",
                    ["account": created.accountId, "code": error.code])
                personError = error
            }
        }
        let start = OnboardingStateMachine.start(from: created)
        let record = AccountRecord(
            sellerReference: command.sellerReference, accountType: command.type?.rawValue,
            country: command.country, email: command.email, projection: start.projection)
        let messageId = context.envelope.messageId
        let accounts = self.accounts, claims = self.claims, controls = self.controls
        return try context.transaction { db in
            // The claim's release and the controls row need no answer: deferred, they travel
            // with the account's insert and with the COMMIT (no round trip of their own).
            try claims.releaseDeferred(reference, on: db)
            guard try accounts.insert(record, createdMessageId: messageId, on: db) else {
                guard let winner = try accounts.find(sellerReference: record.sellerReference, on: db) else {
                    throw HandlerError.retry(
                        code: "conflict.account_exists",
                        message: "account \(created.accountId) is recorded for another seller reference")
                }
                if winner.projection.accountId != created.accountId {
                    context.log.warning(
                        "seller reference taken concurrently; Stripe account orphaned",
                        ["account": created.accountId, "recorded": winner.projection.accountId])
                }
                return .ok(Self.result(winner, created: false))
            }
            try controls.insertDeferred(control, accountId: created.accountId, on: db)
            try AccountEventPublisher.created(record, lossesPayments: lossesPayments, occurredAt: created.observedAt, context: context)
            try AccountEventPublisher.publish(start, for: record, occurredAt: created.observedAt, context: context)
            if let personError { return .error(personError) }
            return .ok(Self.result(record, created: true))
        }
    }

    /// The reply for `record`; `created` is false when the reference already had the account.
    static func result(_ record: AccountRecord, created: Bool) -> CreateAccount.Result {
        let p = record.projection
        return CreateAccount.Result(
            account: p.accountId, sellerReference: record.sellerReference, status: p.status.message,
            detailsSubmitted: p.detailsSubmitted, chargesEnabled: p.chargesEnabled,
            payoutsEnabled: p.payoutsEnabled, created: created)
    }

    /// The capabilities requested when the command names none.
    static let defaultCapabilities = ["card_payments", "transfers"]

    /// `POST /v1/accounts` parameters: `type`, `controller[…]` or neither (Stripe applies the
    /// platform's default controller properties), `country` (absent: Stripe's default),
    /// `email`, the prefill (business type and profile, individual, company, bank account,
    /// terms, settings: ``AccountCreateParams``), `capabilities[<name>][requested]` (the
    /// command's, else card_payments and transfers, unless the seller manages a full Stripe
    /// dashboard and none were named), and `metadata[…]` plus `metadata[seller_reference]`.
    static func accountParams(_ command: CreateAccount) -> AccountCreateParams {
        let fullDashboard = command.type == .standard || command.controller?.stripeDashboard?.type == "full"
        var metadata = command.metadata ?? [:]
        metadata["seller_reference"] = command.sellerReference
        return AccountCreateParams(
            type: command.type.map { Account.AccountType(rawValue: $0.rawValue) },
            controller: command.controller.map(AccountCreateParams.Controller.init), country: command.country,
            email: command.email, businessType: command.businessType,
            businessProfile: command.businessProfile.map(BusinessProfileParams.init),
            individual: command.individual.map { PersonParams($0) }, company: command.company.map(CompanyParams.init),
            externalAccount: command.externalAccount.map(ExternalAccountParams.init),
            tosAcceptance: command.tosAcceptance.map(TosAcceptanceParams.init),
            settings: command.settings.map(AccountSettingsParams.init),
            requestedCapabilities: command.capabilities ?? (fullDashboard ? nil : defaultCapabilities), metadata: metadata)
    }

    /// `POST /v1/accounts/{id}/persons` parameters for the representative
    /// (`relationship[representative]=true` with the title).
    static func personParams(_ r: Representative) -> PersonParams {
        PersonParams(
            firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone,
            dob: r.dateOfBirth.map(DateOfBirthParams.init),
            relationship: PersonParams.Relationship(representative: true, title: r.title))
    }
}
