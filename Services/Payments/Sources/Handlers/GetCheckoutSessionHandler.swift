import Messages
import Runtime
import StripeAPI

/// `payments.get_checkout_session` (Stripe-bound, read-only): `GET /v1/checkout/sessions/{id}`
/// on the connected account, then the order named by the session's `client_reference_id`
/// (its state only while that order still has this session). Writes nothing and publishes
/// nothing. Thread-safety: `Sendable`, stateless.
struct GetCheckoutSessionHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: GetCheckoutSession, _ context: inout HandlerContext) throws -> Reply<GetCheckoutSession.Result> {
        let session: CheckoutSession
        switch try context.stripe({ client throws(StripeError) in
            try client.retrieveCheckoutSession(command.checkoutSession, options: RequestOptions(stripeAccount: command.account))
        }) {
        case .success(let found): session = found
        case .failure(let error): return .error(error)
        }
        let reference = session.clientReferenceId
        let order = try reference.flatMap { try orders.find(account: command.account, orderReference: $0, on: context.db) }
        return .ok(Self.result(session, account: command.account, order: order?.checkoutSession == session.id ? order : nil))
    }

    /// The reply for a retrieved session and the order that has it (if any).
    static func result(_ session: CheckoutSession, account: String, order: OrderRecord?) -> GetCheckoutSession.Result {
        GetCheckoutSession.Result(
            account: account, checkoutSession: session.id,
            uiMode: session.uiMode.flatMap { Messages.CheckoutUIMode(rawValue: $0.normalized.rawValue) },
            status: Messages.CheckoutSessionStatus(rawValue: session.status?.rawValue ?? "open"),
            paymentStatus: Messages.CheckoutPaymentStatus(rawValue: session.paymentStatus?.rawValue ?? "unpaid"),
            customerEmail: session.customerDetails?.email ?? session.customerEmail,
            amountTotal: session.amountTotal, currency: session.currency, paymentIntent: session.paymentIntent?.id,
            orderReference: session.clientReferenceId, orderState: order?.progress.state.rawValue)
    }
}
