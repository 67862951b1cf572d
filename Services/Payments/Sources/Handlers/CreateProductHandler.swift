import Messages
import Runtime
import StripeAPI

/// `payments.create_product` (Stripe-bound): `POST /v1/products` on the connected account,
/// Idempotency-Key `<message_id>:create_product`. Nothing is stored.
/// Thread-safety: `Sendable`, stateless.
struct CreateProductHandler: Sendable {
    /// Handles one command.
    /// - Throws: `HandlerError` to retry later.
    func handle(_ command: CreateProduct, _ context: inout HandlerContext) throws -> Reply<CreateProduct.Result> {
        let params = ProductCreateParams(name: command.name, description: command.description, metadata: command.metadata)
        switch try context.stripe({ client throws(StripeError) in
            try client.createProduct(params, options: context.idempotent("create_product", account: command.account))
        }) {
        case .success(let product):
            return .ok(CreateProduct.Result(account: command.account, product: product.id, name: product.name ?? command.name))
        case .failure(let error): return .error(error)
        }
    }
}
