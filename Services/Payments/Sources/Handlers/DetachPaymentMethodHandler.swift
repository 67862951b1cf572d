import Messages
import Runtime
import StripeAPI

/// `payments.detach_payment_method` (Stripe-bound).
///
/// 1. The buyer's Customer on the account (`not_found.customer` when none is recorded).
/// 2. A recorded method of another customer is refused (`conflict.payment_method_not_saved`)
///    with no Stripe call; then `GET /v1/payment_methods/{id}` on the account: missing there
///    (another account's) or attached to another customer → the same refusal; attached to
///    nobody while recorded for this buyer → already detached (answered again).
/// 3. `POST /v1/payment_methods/{id}/detach` (`<message_id>:detach_payment_method`).
/// 4. One transaction: the row marked detached, the reply. Thread-safety: `Sendable`, stateless.
struct DetachPaymentMethodHandler: Sendable {
    /// SQL of the customers table.
    let customers: CustomerStore
    /// SQL of the saved methods.
    let saved: SavedPaymentMethodStore

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: DetachPaymentMethod, _ context: inout HandlerContext) throws -> Reply<DetachPaymentMethod.Result> {
        let account = command.account
        guard let customer = try customers.find(account: account, customerReference: command.customerReference, on: context.db) else {
            return .error(.notFound("customer", id: command.customerReference))
        }
        let row = try saved.find(account: account, paymentMethod: command.paymentMethod, on: context.db)
        if let row, row.customer != customer { return .error(SavedMethodCheck.notSaved(command.paymentMethod)) }
        let method: PaymentMethod
        switch try context.stripe({ client throws(StripeError) in
            try client.retrievePaymentMethod(command.paymentMethod, options: RequestOptions(stripeAccount: account))
        }) {
        case .failure(let error) where error.stripe?.code == "resource_missing": return .error(SavedMethodCheck.notSaved(command.paymentMethod))
        case .failure(let error): return .error(error)
        case .success(let value): method = value
        }
        if method.customer == nil, row != nil {
            return try done(command, context: context)  // detached earlier (e.g. a redelivery after Stripe's answer)
        }
        guard method.customer?.id == customer else { return .error(SavedMethodCheck.notSaved(command.paymentMethod)) }
        switch try context.stripe({ client throws(StripeError) in
            try client.detachPaymentMethod(command.paymentMethod, options: context.idempotent("detach_payment_method", account: account))
        }) {
        case .failure(let error): return .error(error)
        case .success: return try done(command, context: context)
        }
    }

    private func done(_ command: DetachPaymentMethod, context: HandlerContext) throws -> Reply<DetachPaymentMethod.Result> {
        let saved = self.saved
        try context.transaction { db in try saved.markDetached(account: command.account, paymentMethod: command.paymentMethod, on: db) }
        return .ok(
            DetachPaymentMethod.Result(
                account: command.account, customerReference: command.customerReference,
                paymentMethod: command.paymentMethod))
    }
}
