import Messages
import Runtime
import StripeAPI

/// `payments.list_payment_methods` (Stripe-bound, read-only): the buyer's Customer on the
/// account (none recorded → an empty list, no Stripe call), then
/// `GET /v1/customers/{id}/payment_methods` (`limit=100`, optional `type`) on the account,
/// newest first, and the Customer's default (``CustomerDefault``: `GET /v1/customers/{id}`),
/// marked `is_default`. Writes and publishes nothing. Thread-safety: `Sendable`, stateless.
struct ListPaymentMethodsHandler: Sendable {
    /// SQL of the customers table.
    let customers: CustomerStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: ListPaymentMethods, _ context: inout HandlerContext) throws -> Reply<ListPaymentMethods.Result> {
        guard let customer = try customers.find(account: command.account, customerReference: command.customerReference, on: context.db) else {
            return .ok(ListPaymentMethods.Result(account: command.account, customerReference: command.customerReference, paymentMethods: []))
        }
        var filters = FormParams()
        filters.set("type", command.type)
        let params = ListParams(limit: 100, filters: filters)
        switch try context.stripe({ client throws(StripeError) in
            try client.listCustomerPaymentMethods(customer, params, options: RequestOptions(stripeAccount: command.account))
        }) {
        case .failure(let error): return .error(error)
        case .success(let list):
            let defaultMethod: String?
            switch try CustomerDefault().read(customer: customer, account: command.account, context: context) {
            case .success(let value): defaultMethod = value
            case .failure(let error): return .error(error)
            }
            let methods = list.data.sorted { ($0.created ?? 0, $0.id) > ($1.created ?? 0, $1.id) }.map {
                Self.saved($0, defaultMethod: defaultMethod)
            }
            return .ok(
                ListPaymentMethods.Result(
                    account: command.account, customerReference: command.customerReference,
                    customer: customer, paymentMethods: methods, defaultPaymentMethod: defaultMethod))
        }
    }

    /// The reply's view of a PaymentMethod (`is_default` when it is `defaultMethod`).
    static func saved(_ method: PaymentMethod, defaultMethod: String?) -> SavedPaymentMethod {
        SavedPaymentMethod(
            paymentMethod: method.id, type: method.type ?? "unknown", brand: method.card?.brand,
            last4: method.card?.last4, expMonth: method.card?.expMonth, expYear: method.card?.expYear,
            created: method.created, isDefault: method.id == defaultMethod)
    }
}
