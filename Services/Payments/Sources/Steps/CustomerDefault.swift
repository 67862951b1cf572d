import Messages
import Runtime
import StripeAPI

/// The default PaymentMethod of a buyer's Customer: Stripe's
/// `invoice_settings.default_payment_method`, read with `GET /v1/customers/{id}` on the
/// connected account (Stripe is the record: the default can also change in the Dashboard,
/// and detaching it clears it). Shared by `payments.list_payment_methods` and
/// `payments.charge_saved_payment_method`. Thread-safety: `Sendable`, stateless.
struct CustomerDefault: Sendable {
    /// The Customer's default method (`pm_…`), nil when it has none; a Stripe error as a reply error.
    /// - Throws: `HandlerError` to retry later.
    func read(customer: String, account: String, context: HandlerContext) throws -> Result<String?, ReplyError> {
        switch try context.stripe({ client throws(StripeError) in
            try client.retrieveCustomer(customer, options: RequestOptions(stripeAccount: account))
        }) {
        case .success(let found): .success(found.invoiceSettings?.defaultPaymentMethod?.id)
        case .failure(let error): .failure(error)
        }
    }
}
