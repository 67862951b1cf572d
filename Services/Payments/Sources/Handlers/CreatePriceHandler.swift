import Messages
import Runtime
import StripeAPI

/// `payments.create_price` (Stripe-bound): a one-time `POST /v1/prices` on the connected
/// account, Idempotency-Key `<message_id>:create_price`. Nothing is stored.
/// Thread-safety: `Sendable`, stateless.
struct CreatePriceHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: CreatePrice, _ context: inout HandlerContext) throws -> Reply<CreatePrice.Result> {
        let params = PriceCreateParams(
            currency: command.currency, unitAmount: command.unitAmount, product: command.product,
            nickname: command.nickname, lookupKey: command.lookupKey)
        switch try context.stripe({ client throws(StripeError) in
            try client.createPrice(params, options: context.idempotent("create_price", account: command.account))
        }) {
        case .success(let price):
            return .ok(
                CreatePrice.Result(
                    account: command.account, price: price.id, product: command.product,
                    unitAmount: price.unitAmount ?? command.unitAmount, currency: price.currency ?? command.currency))
        case .failure(let error): return .error(error)
        }
    }
}
