import Messages
import Runtime
import StripeAPI

/// The steps a server-side confirmation shares, whether the buyer's app sent the payment
/// method (`payments.confirm_payment`) or the platform charges a saved one
/// (`payments.charge_saved_payment_method`):
///
/// 1. ``prior(account:orderReference:context:)``: the order as recorded; one paid, or paid
///    through Checkout, is refused (`conflict.invalid_state`); its PaymentIntent
///    (`GET /v1/payment_intents/{id}`) is kept for confirming again unless `canceled`.
/// 2. ``standing(_:orderReference:)``: a kept PaymentIntent in `requires_action`,
///    `processing` or `requires_capture` is answered as it is (never a second charge);
///    `succeeded` is refused (the payment is being recorded); otherwise it is confirmed again.
/// 3. ``attempt(_:confirm:create:account:context:)``: `POST /v1/payment_intents/{id}/confirm`
///    (`<message_id>:confirm_payment`) on the kept one, else `POST /v1/payment_intents`
///    (`<message_id>:create_payment_intent`); a card error is a decline, not a failure.
/// 4. ``record(_:prior:request:input:details:context:)``: the order with its PaymentIntent,
///    then the outcome through ``OrderMachine``, in the message's transaction.
///
/// Thread-safety: `Sendable`, stateless.
struct ServerConfirmation: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// The open-or-create PaymentIntent rule (used for recording the order).
    let intents: OpenPaymentIntent

    /// The order as recorded before this command, and its PaymentIntent when it can be
    /// confirmed again.
    struct Prior {
        /// The order row, `nil` for a new order.
        let order: OrderRecord?
        /// The order's PaymentIntent unless there is none or it was canceled.
        let reusable: PaymentIntent?
    }

    /// What to do with a kept PaymentIntent.
    enum Standing {
        /// Answer with the PaymentIntent as it is (the buyer acts, or a payment is under way).
        case answerAsIs
        /// Refuse the command.
        case refuse(ReplyError)
        /// Confirm it again with the command's payment method.
        case confirmAgain
    }

    /// Step 1: the order and its PaymentIntent.
    /// - Returns: the refusal of a paid order or a Stripe error as a reply error.
    /// - Throws: `StoreError`, `HandlerError` (a Stripe failure to retry).
    func prior(account: String, orderReference: String, context: HandlerContext) throws -> Result<Prior, ReplyError> {
        guard let existing = try orders.find(account: account, orderReference: orderReference, on: context.db) else {
            return .success(Prior(order: nil, reusable: nil))
        }
        if existing.progress.state.isPaid { return .failure(.orderState("order \(orderReference) is already paid")) }
        if existing.channel == .checkout { return .failure(.orderState("order \(orderReference) is paid through Checkout")) }
        guard let id = existing.paymentIntent else { return .success(Prior(order: existing, reusable: nil)) }
        switch try context.stripe({ client throws(StripeError) in
            try client.retrievePaymentIntent(id, options: RequestOptions(stripeAccount: account))
        }) {
        case .success(let pi): return .success(Prior(order: existing, reusable: pi.status == .canceled ? nil : pi))
        case .failure(let error): return .failure(error)
        }
    }

    /// Step 2: whether a kept PaymentIntent is answered, refused or confirmed again.
    static func standing(_ pi: PaymentIntent, orderReference: String) -> Standing {
        switch pi.status {
        case .requiresAction?, .processing?, .requiresCapture?: .answerAsIs
        case .succeeded?: .refuse(.orderState("order \(orderReference) was paid; the payment is being recorded"))
        default: .confirmAgain
        }
    }

    /// Step 3: confirms the kept PaymentIntent again with `confirm`, or creates one with
    /// `create` (`confirm=true`), on the connected account `account`.
    /// - Returns: the PaymentIntent or the decline; another Stripe error as a reply error.
    /// - Throws: `HandlerError` (a Stripe failure to retry).
    func attempt(
        _ prior: Prior, confirm: PaymentIntentConfirmParams, create: PaymentIntentCreateParams, account: String,
        context: HandlerContext
    ) throws -> Result<ConfirmationAttempt, ReplyError> {
        try context.stripe { client throws(StripeError) -> ConfirmationAttempt in
            do throws(StripeError) {
                if let pi = prior.reusable {
                    return .confirmed(
                        try client.confirmPaymentIntent(pi.id, confirm, options: context.idempotent("confirm_payment", account: account)))
                }
                return .confirmed(
                    try client.createPaymentIntent(create, options: context.idempotent("create_payment_intent", account: account)))
            } catch {
                guard error.kind == .card else { throw error }
                return .declined(error)
            }
        }
    }

    /// Step 4: records the order with PaymentIntent `piId`, then applies `input` (if any)
    /// with `details`, in the message's transaction.
    /// - Throws: `StoreError`; `HandlerError.retry` when the order row vanished.
    func record(
        _ piId: String, prior: Prior, request: OpenPaymentIntent.Request, input: OrderInput?, details: PaymentDetails,
        context: HandlerContext
    ) throws {
        let identified = PaymentIntent(id: piId)  // only its id is recorded here
        try intents.record(
            OpenPaymentIntent.Opened(paymentIntent: identified, reused: prior.reusable != nil, before: prior.order), request,
            context: context)
        guard let input else { return }
        let orders = self.orders
        let writer = OrderProgressWriter(orders: orders)
        try context.transaction { db in
            guard let order = try orders.find(account: request.account, orderReference: request.orderReference, lock: true, on: db) else {
                throw HandlerError.retry(code: ReplyError.Code.orderNotFound, message: "order \(request.orderReference) vanished")
            }
            try writer.apply(input, to: order, original: order, details: details, context: context)
        }
    }
}
