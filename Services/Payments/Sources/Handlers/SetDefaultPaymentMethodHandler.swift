import Messages
import Runtime
import StripeAPI

/// `payments.set_default_payment_method` (Stripe-bound).
///
/// 1. The buyer's Customer on the account (`not_found.customer` when none is recorded).
/// 2. The method must be the buyer's (``SavedMethodCheck``: the recorded row, or
///    `GET /v1/payment_methods/{id}` for one not recorded yet): otherwise
///    `conflict.payment_method_not_saved`, with no update sent — Stripe takes only a method
///    attached to the Customer as its default.
/// 3. `POST /v1/customers/{id}` with `invoice_settings[default_payment_method]`
///    (`<message_id>:set_default_payment_method`).
/// 4. A method read from Stripe is recorded (one transaction); the reply carries the default
///    Stripe answered. Thread-safety: `Sendable`, stateless.
struct SetDefaultPaymentMethodHandler: Sendable {
    /// SQL of the customers table.
    let customers: CustomerStore
    /// SQL of the saved methods.
    let saved: SavedPaymentMethodStore
    /// Records a method read from Stripe.
    let recorder: SavedMethodRecorder

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: SetDefaultPaymentMethod, _ context: inout HandlerContext) throws -> Reply<SetDefaultPaymentMethod.Result> {
        let account = command.account
        guard let customer = try customers.find(account: account, customerReference: command.customerReference, on: context.db) else {
            return .error(.notFound("customer", id: command.customerReference))
        }
        let owned: SavedMethodCheck.Owned
        switch try SavedMethodCheck(saved: saved).check(command.paymentMethod, customer: customer, account: account, context: context) {
        case .success(let value): owned = value
        case .failure(let error): return .error(error)
        }
        let updated: Customer
        switch try context.stripe({ client throws(StripeError) in
            try client.updateCustomer(
                customer, CustomerUpdateParams(defaultPaymentMethod: command.paymentMethod),
                options: context.idempotent("set_default_payment_method", account: account))
        }) {
        case .success(let value): updated = value
        case .failure(let error): return .error(error)
        }
        try recorder.recordChecked(owned, customer: customer, reference: command.customerReference, account: account, context: context)
        return .ok(
            SetDefaultPaymentMethod.Result(
                account: account, customerReference: command.customerReference, customer: customer,
                defaultPaymentMethod: updated.invoiceSettings?.defaultPaymentMethod?.id ?? command.paymentMethod))
    }
}
