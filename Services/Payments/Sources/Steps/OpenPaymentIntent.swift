#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// The "one open PaymentIntent per order" rule shared by `payments.create_payment_intent`
/// and `payments.create_payment_sheet`.
///
/// An order already paid, or paid through Checkout, is refused (`conflict.invalid_state`).
/// An order with a PaymentIntent: `GET /v1/payment_intents/{id}`; anything but `succeeded`
/// or `canceled` is reused, `succeeded` is refused (the payment is being recorded),
/// `canceled` lets a new one be created. A reused one whose amount, fee or shipping differs from the
/// request is updated (`POST /v1/payment_intents/{id}`, `<message_id>:update_payment_intent`)
/// while it still waits for a payment method or confirmation; in another currency, or while
/// a payment is under way, the request is refused (`conflict.invalid_state`). Otherwise `POST /v1/payment_intents` on the
/// connected account with the application fee and `metadata[order_reference]`, with
/// Idempotency-Key `<message_id>:create_payment_intent`.
/// Thread-safety: `Sendable`, stateless.
struct OpenPaymentIntent: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore

    /// What the service wants for the order.
    struct Request: Sendable {
        /// The connected account.
        var account: String
        /// The platform's order id.
        var orderReference: String
        /// How the order is paid.
        var channel: OrderRecord.Channel
        /// Amount (smallest currency unit).
        var amount: Int
        /// Currency (lowercase ISO 4217).
        var currency: String
        /// The platform's fee (smallest currency unit).
        var applicationFeeAmount: Int?
        /// Explicit method types; `nil` for automatic payment methods.
        var paymentMethodTypes: [String]?
        /// The Customer, `cus_…`.
        var customer: String?
        /// Receipt e-mail.
        var customerEmail: String?
        /// Description on the PaymentIntent.
        var description: String?
        /// Extra metadata (the order keys are added).
        var metadata: [String: String]?
        /// Save the method to ``customer`` for later (`setup_future_usage`).
        var setupFutureUsage: SetupFutureUsage? = nil
        /// `payment_method_options[card][require_cvc_recollection]`.
        var requireCvcRecollection: Bool? = nil
        /// Stripe's `shipping`, sent with the PaymentIntent and stored with the order.
        var shipping: Shipping?
    }

    /// The order's PaymentIntent and whether it existed before.
    struct Opened: Sendable {
        /// The PaymentIntent (created, reused or updated).
        var paymentIntent: PaymentIntent
        /// It existed before this request.
        var reused: Bool
        /// A reused PaymentIntent whose amount or fee was changed for this request.
        var updated: Bool = false
        /// The order as read before the Stripe calls (`nil` for a new order).
        var before: OrderRecord?
    }

    /// Finds the open PaymentIntent of the order or creates one (Stripe calls; no
    /// transaction is open).
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func open(_ request: Request, context: HandlerContext) throws -> Result<Opened, ReplyError> {
        let existing = try orders.find(account: request.account, orderReference: request.orderReference, on: context.db)
        if let existing {
            if existing.progress.state.isPaid { return .failure(.orderState("order \(request.orderReference) is already paid")) }
            if existing.channel == .checkout {
                return .failure(.orderState("order \(request.orderReference) is paid through Checkout"))
            }
            if let id = existing.paymentIntent {
                let found: PaymentIntent
                switch try context.stripe({ client throws(StripeError) in
                    try client.retrievePaymentIntent(id, options: RequestOptions(stripeAccount: request.account))
                }) {
                case .success(let pi): found = pi
                case .failure(let error): return .failure(error)
                }
                switch found.status {
                case .succeeded?: return .failure(.orderState("order \(request.orderReference) was paid; the payment is being recorded"))
                case .canceled?: break
                default:
                    guard found.customer?.id == request.customer else {
                        return .failure(
                            ReplyError(
                                code: ReplyError.Code.customerMismatch,
                                message:
                                    "order \(request.orderReference) has an open PaymentIntent for \(found.customer?.id ?? "no Customer (a guest sheet)"), not \(request.customer ?? "a guest"); use a new order reference"
                            ))
                    }
                    return try reuse(found, request, before: existing, context: context)
                }
            }
        }
        let params = Self.params(request)
        switch try context.stripe({ client throws(StripeError) in
            try client.createPaymentIntent(params, options: context.idempotent("create_payment_intent", account: request.account))
        }) {
        case .success(let pi): return .success(Opened(paymentIntent: pi, reused: false, before: existing))
        case .failure(let error): return .failure(error)
        }
    }

    /// Reuses the order's open PaymentIntent, updating its amount and fee when they changed.
    private func reuse(
        _ found: PaymentIntent, _ request: Request, before: OrderRecord,
        context: HandlerContext
    ) throws -> Result<Opened, ReplyError> {
        let sameShipping = request.shipping == nil || request.shipping == before.shipping
        let same =
            found.amount == request.amount && found.applicationFeeAmount == request.applicationFeeAmount
            && (found.currency ?? request.currency) == request.currency && sameShipping
            && found.setupFutureUsage == request.setupFutureUsage?.rawValue
            && (found.paymentMethodOptions?.card?.requireCvcRecollection ?? false) == (request.requireCvcRecollection ?? false)
        if same { return .success(Opened(paymentIntent: found, reused: true, before: before)) }
        guard found.currency == nil || found.currency == request.currency else {
            return .failure(.orderState("order \(request.orderReference) has a PaymentIntent in \(found.currency ?? "?"); use a new order reference"))
        }
        guard found.status == .requiresPaymentMethod || found.status == .requiresConfirmation else {
            return .failure(
                .orderState(
                    "order \(request.orderReference) has a payment under way (\(found.status?.rawValue ?? "?")); its amount, fee and shipping cannot change"
                ))
        }
        var extra = FormParams()
        if found.setupFutureUsage != request.setupFutureUsage?.rawValue {
            extra["setup_future_usage"] = .string(request.setupFutureUsage?.rawValue ?? "")  // "" clears it
        }
        if (found.paymentMethodOptions?.card?.requireCvcRecollection ?? false) != (request.requireCvcRecollection ?? false) {
            extra["payment_method_options"] = ["card": ["require_cvc_recollection": .bool(request.requireCvcRecollection ?? false)]]
        }
        if !sameShipping, let shipping = request.shipping { extra = extra.merging(shipping.formParams) }
        let params = PaymentIntentUpdateParams(amount: request.amount, applicationFeeAmount: request.applicationFeeAmount, extra: extra)
        switch try context.stripe({ client throws(StripeError) in
            try client.updatePaymentIntent(found.id, params, options: context.idempotent("update_payment_intent", account: request.account))
        }) {
        case .success(let updated): return .success(Opened(paymentIntent: updated, reused: true, updated: true, before: before))
        case .failure(let error): return .failure(error)
        }
    }

    /// Records the order with its PaymentIntent inside the message's transaction (no-op for a
    /// reused one that was not updated). A concurrent command that changed the order meanwhile makes this one retry.
    /// - Throws: `HandlerError` (retry), `StoreError`.
    func record(_ opened: Opened, _ request: Request, context: HandlerContext) throws {
        let shippingChanged = request.shipping != nil && request.shipping != opened.before?.shipping
        guard !opened.reused || opened.updated || shippingChanged else { return }
        let orders = self.orders
        let pi = opened.paymentIntent
        let messageId = context.envelope.messageId
        try context.transaction { db in
            if let current = try orders.find(account: request.account, orderReference: request.orderReference, lock: true, on: db) {
                guard current.paymentIntent == opened.before?.paymentIntent, !current.progress.state.isPaid else {
                    throw HandlerError.retry(code: "conflict.concurrent_update", message: "order \(request.orderReference) changed meanwhile")
                }
                var updated = current
                updated.paymentIntent = pi.id
                updated.channel = request.channel
                updated.customer = request.customer ?? current.customer
                updated.customerEmail = request.customerEmail ?? current.customerEmail
                updated.currency = request.currency
                updated.applicationFeeAmount = request.applicationFeeAmount
                updated.shipping = request.shipping ?? current.shipping
                if opened.updated {
                    updated.progress.amount = request.amount
                } else if !opened.reused {
                    updated.progress = OrderProgress(state: .open, lastEventAt: current.progress.lastEventAt, amount: request.amount)
                }
                try orders.update(updated, on: db)
            } else {
                let order = OrderRecord(
                    account: request.account, orderReference: request.orderReference, channel: request.channel,
                    paymentIntent: pi.id, customer: request.customer, customerEmail: request.customerEmail,
                    currency: request.currency, applicationFeeAmount: request.applicationFeeAmount,
                    progress: OrderProgress(amount: request.amount), shipping: request.shipping)
                guard try orders.insert(order, createdMessageId: messageId, on: db) else {
                    throw HandlerError.retry(code: "conflict.concurrent_update", message: "order \(request.orderReference) was recorded meanwhile")
                }
            }
        }
    }

    /// `POST /v1/payment_intents` parameters: `automatic_payment_methods[enabled]=true`
    /// unless explicit method types are given.
    static func params(_ r: Request) -> PaymentIntentCreateParams {
        var metadata = r.metadata ?? [:]
        metadata[OrderMetadata.orderReference] = r.orderReference
        metadata[OrderMetadata.origin] = OrderMetadata.originValue
        var extra = FormParams()
        extra.set("receipt_email", r.customerEmail)
        extra.set("setup_future_usage", r.setupFutureUsage?.rawValue)
        if r.requireCvcRecollection == true {
            extra["payment_method_options"] = ["card": ["require_cvc_recollection": true]]
        }
        if let shipping = r.shipping { extra = extra.merging(shipping.formParams) }
        return PaymentIntentCreateParams(
            amount: r.amount, currency: r.currency, automaticPaymentMethods: r.paymentMethodTypes == nil ? true : nil,
            paymentMethodTypes: r.paymentMethodTypes, applicationFeeAmount: r.applicationFeeAmount, customer: r.customer,
            description: r.description, metadata: metadata, extra: extra)
    }
}
