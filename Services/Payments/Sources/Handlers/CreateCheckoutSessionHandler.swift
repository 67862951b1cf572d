#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `payments.create_checkout_session` (Stripe-bound): one open Checkout Session per order.
///
/// 1. The account must be able to take charges (own projection; no Stripe call otherwise).
/// 2. An order already paid, or paid through another channel, is refused
///    (`conflict.invalid_state`). An order with a session: `GET /v1/checkout/sessions/{id}`;
///    still `open` → reply with it (`reused`), `complete` → refused while its payment
///    settles, `expired` (or complete with a failed delayed payment) → step 3.
/// 3. `POST /v1/checkout/sessions` on the connected account (`Stripe-Account`), mode
///    `payment`, the `ui_mode` (`hosted_page` with `success_url`/`cancel_url`;
///    `embedded_page` or `elements` with `return_url` and `redirect_on_completion`) and the
///    method list named as the client's API version names them,
///    `payment_intent_data[application_fee_amount]`, metadata and `client_reference_id`
///    naming the order, Idempotency-Key `<message_id>:create_checkout_session`. With
///    `customer_reference`, the session is for the buyer's Customer (``CustomerResolver``;
///    `customer` instead of `customer_email`, which Stripe refuses together) and
///    `payment_intent_data[setup_future_usage]` saves the method for them.
/// 4. One transaction: the order row (amount total, currency, fee, session), the event
///    `payments.checkout_session.created` and the reply. A concurrent command that recorded
///    the order first makes this one retry (and then reuse the winner's session).
/// Thread-safety: `Sendable`, stateless.
struct CreateCheckoutSessionHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// The account-readiness check.
    let gate: AccountGate
    /// Finds or creates the buyer's Customer (with `customer_reference`).
    let customers: CustomerResolver

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: CreateCheckoutSession, _ context: inout HandlerContext) throws -> Reply<CreateCheckoutSession.Result> {
        if let refusal = try gate.refusal(command.account, on: context.db) { return .error(refusal) }
        let existing = try orders.find(account: command.account, orderReference: command.orderReference, on: context.db)
        if let existing {
            if existing.progress.state.isPaid { return .error(.orderState("order \(command.orderReference) is already paid")) }
            guard existing.channel == .checkout else {
                return .error(.orderState("order \(command.orderReference) is paid with PaymentIntent \(existing.paymentIntent ?? "?")"))
            }
            if let sessionId = existing.checkoutSession {
                let session: CheckoutSession
                switch try context.stripe({ client throws(StripeError) in
                    try client.retrieveCheckoutSession(sessionId, options: RequestOptions(stripeAccount: command.account))
                }) {
                case .success(let found): session = found
                case .failure(let error): return .error(error)
                }
                switch session.status {
                case .open?: return .ok(Self.result(session, account: command.account, order: command.orderReference, reused: true))
                case .complete? where existing.progress.state != .paymentFailed:
                    return .error(
                        .orderState("order \(command.orderReference) has a completed Checkout Session \(sessionId); its payment is being settled"))
                default: break
                }
            }
        }
        var params = Self.params(command)
        var resolved: CustomerResolver.Resolved?
        if let reference = command.customerReference {
            switch try customers.resolve(account: command.account, reference: reference, email: command.customerEmail, context: context) {
            case .success(let value): resolved = value
            case .failure(let error): return .error(error)
            }
            params.customer = resolved?.customer
            params.customerEmail = nil
            params.setupFutureUsage = command.setupFutureUsage?.rawValue
            if command.setupFutureUsage != nil { params.paymentIntentMetadata?["customer_reference"] = reference }
        }
        let created: CheckoutSession
        switch try context.stripe({ [params] client throws(StripeError) in
            try client.createCheckoutSession(params, options: context.idempotent("create_checkout_session", account: command.account))
        }) {
        case .success(let session): created = session
        case .failure(let error): try customers.remember(resolved, context: context); return .error(error)
        }
        try customers.remember(resolved, context: context)
        let orders = self.orders
        let messageId = context.envelope.messageId
        return try context.transaction { db in
            let uiMode = (command.uiMode ?? .hostedPage).normalized.rawValue
            if let current = try orders.find(account: command.account, orderReference: command.orderReference, lock: true, on: db) {
                guard current.checkoutSession == existing?.checkoutSession, !current.progress.state.isPaid else {
                    throw HandlerError.retry(code: "conflict.concurrent_update", message: "order \(command.orderReference) changed meanwhile")
                }
                var updated = current
                updated.checkoutSession = created.id
                updated.uiMode = uiMode
                updated.currency = created.currency ?? current.currency
                updated.applicationFeeAmount = command.applicationFeeAmount
                updated.customerEmail = command.customerEmail ?? current.customerEmail
                updated.progress.amount = created.amountTotal ?? current.progress.amount
                try orders.update(updated, on: db)
            } else {
                let order = OrderRecord(
                    account: command.account, orderReference: command.orderReference, channel: .checkout,
                    checkoutSession: created.id, uiMode: uiMode, customerEmail: command.customerEmail,
                    currency: created.currency, applicationFeeAmount: command.applicationFeeAmount,
                    progress: OrderProgress(amount: created.amountTotal))
                guard try orders.insert(order, createdMessageId: messageId, on: db) else {
                    throw HandlerError.retry(code: "conflict.concurrent_update", message: "order \(command.orderReference) was recorded meanwhile")
                }
            }
            try context.publish(
                CheckoutSessionCreated(
                    account: command.account, orderReference: command.orderReference, checkoutSession: created.id,
                    uiMode: (command.uiMode ?? .hostedPage).normalized, amountTotal: created.amountTotal, currency: created.currency,
                    applicationFeeAmount: command.applicationFeeAmount, expiresAt: created.expiresAt ?? 0,
                    occurredAt: created.created ?? Int(Date().timeIntervalSince1970)), stripeAccount: command.account)
            return .ok(Self.result(created, account: command.account, order: command.orderReference, reused: false))
        }
    }

    /// The reply for a session (`url` for `hosted_page`, `client_secret` for `embedded_page`
    /// and `elements`).
    static func result(_ session: CheckoutSession, account: String, order: String, reused: Bool) -> CreateCheckoutSession.Result {
        CreateCheckoutSession.Result(
            account: account, orderReference: order, checkoutSession: session.id, url: session.url,
            clientSecret: session.clientSecret, status: Messages.CheckoutSessionStatus(rawValue: session.status?.rawValue ?? "open"),
            expiresAt: session.expiresAt ?? 0, reused: reused)
    }

    /// `POST /v1/checkout/sessions` parameters for the command.
    static func params(_ command: CreateCheckoutSession) -> CheckoutSessionCreateParams {
        let items = command.lineItems.map { item -> CheckoutLineItemParams in
            if let data = item.priceData {
                return CheckoutLineItemParams(
                    priceData: .init(
                        currency: data.currency, unitAmount: data.unitAmount,
                        productName: data.productName), quantity: item.quantity)
            }
            return CheckoutLineItemParams(price: item.price ?? "", quantity: item.quantity)
        }
        let mode = (command.uiMode ?? .hostedPage).normalized
        let hosted = mode.isHosted
        let uiMode: CheckoutSessionUIMode? =
            switch mode {
            case .embeddedPage, .embedded: .embeddedPage
            case .elements: .elements
            case .hostedPage, .hosted: nil
            }
        var metadata = command.metadata ?? [:]
        metadata[OrderMetadata.orderReference] = command.orderReference
        metadata[OrderMetadata.origin] = OrderMetadata.originValue
        return CheckoutSessionCreateParams(
            mode: .payment, uiMode: uiMode, lineItems: items,
            successUrl: hosted ? command.successUrl : nil, cancelUrl: hosted ? command.cancelUrl : nil,
            returnUrl: hosted ? nil : command.returnUrl, customerEmail: command.customerEmail,
            clientReferenceId: command.orderReference, applicationFeeAmount: command.applicationFeeAmount,
            paymentIntentMetadata: metadata, paymentMethodTypes: command.paymentMethodTypes, metadata: metadata,
            redirectOnCompletion: hosted ? nil : command.redirectOnCompletion.map { CheckoutRedirectOnCompletion(rawValue: $0.rawValue) })
    }
}
