import Messages
import Runtime
import StripeAPI

/// `onboarding.add_person` and `onboarding.update_person` (Stripe-bound): Persons of a
/// recorded account. `POST /v1/accounts/{id}/persons` (Idempotency-Key
/// `<message_id>:add_person`, so a redelivery replays the same person) and
/// `POST /v1/accounts/{id}/persons/{person}` (`<message_id>:update_person`).
/// Refusals before Stripe: `not_found.account`, `conflict.invalid_state` (deauthorized).
/// Nothing is stored: the person lives at Stripe, its effect on requirements arrives with
/// `account.updated`. Thread-safety: `Sendable`, stateless.
struct PersonHandlers: Sendable {
    /// SQL of the accounts table.
    let accounts: AccountStore

    /// Handles `onboarding.add_person`.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func add(_ command: AddPerson, _ context: inout HandlerContext) throws -> Reply<AddPerson.Result> {
        if let refusal = try refusal(command.account, context) { return .error(refusal) }
        let params = PersonParams(command.person, relationship: command.relationship)
        let key = context.idempotencyKey("add_person")
        switch try context.stripe({ client throws(StripeError) in
            try client.createPerson(account: command.account, params, options: .idempotent(key)).id
        }) {
        case .success(let id): return .ok(AddPerson.Result(account: command.account, person: id))
        case .failure(let error): return .error(error)
        }
    }

    /// Handles `onboarding.update_person`.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func update(_ command: UpdatePerson, _ context: inout HandlerContext) throws -> Reply<UpdatePerson.Result> {
        if let refusal = try refusal(command.account, context) { return .error(refusal) }
        let params = PersonParams(command.details, relationship: command.relationship)
        let key = context.idempotencyKey("update_person")
        switch try context.stripe({ client throws(StripeError) in
            try client.updatePerson(account: command.account, person: command.person, params, options: .idempotent(key)).id
        }) {
        case .success(let id): return .ok(AddPerson.Result(account: command.account, person: id))
        case .failure(let error): return .error(error)
        }
    }

    private func refusal(_ account: String, _ context: HandlerContext) throws -> ReplyError? {
        guard let record = try accounts.find(accountId: account, on: context.db) else { return .notFound("account", id: account) }
        if record.projection.deauthorized { return .conflict("invalid_state", "account \(account) disconnected the platform") }
        return nil
    }
}
