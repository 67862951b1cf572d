#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import Store
import StripeAPI

/// Verified Stripe payment events on `payments.events` (batched; no Stripe calls):
/// `checkout.session.completed`, `.async_payment_succeeded`, `.async_payment_failed`,
/// `.expired`, `payment_intent.succeeded`, `.processing`, `.payment_failed` and
/// `charge.refunded`, each turned into an ``OrderInput`` for the order it names.
///
/// - Sessions and PaymentIntents carry `metadata[order_reference]`; objects without
///   `metadata[connectbus_origin]=payments` (e.g. Terminal's PaymentIntents) are ignored.
///   A refunded charge is matched by its PaymentIntent; unknown ones are ignored.
/// - An order not recorded yet (the event overtook the command's commit) is retried
///   through the delay queues, then dead-lettered (`not_found.order`).
/// - Duplicates and reordered events are settled by ``OrderMachine``: the order is paid,
///   and `payments.order.paid` published, exactly once.
/// - For Checkout orders only `payment_intent.succeeded` counts among the PaymentIntent
///   events: a decline on the Checkout page is not the end of the order (the buyer can try
///   another card), so awaiting and failed come from the session's events.
/// - Saved methods (``SavedMethodRecorder``): `payment_intent.succeeded` with
///   `setup_future_usage` and `setup_intent.succeeded` record the PaymentMethod for the
///   Customer (and its platform reference) in the same transaction.
/// - `payment_intent.payment_failed` with `authentication_required` (an off-session charge
///   the bank wants authenticated) is left to `payments.charge_saved_payment_method`, which
///   alone knows the platform's authentication link: it publishes
///   `payments.order.requires_action` from Stripe's synchronous answer.
/// - Platform events (no `account`, no `x-stripe-account`) are ignored: every charge of
///   this service is a direct charge on a connected account.
/// - `charge.dispute.*` (created, updated, closed, funds_withdrawn, funds_reinstated) keep
///   the dispute with its order and publish `payments.dispute.*` (``DisputeEventRecorder``).
/// - `application_fee.refunded` (a platform event, the one consumed) raises the refunded total
///   of the order's application fee; `charge.refunded` teaches the order its fee id.
/// - `balance.available` of a connected account publishes `payments.balance.updated`, and
///   `payments.balance.negative` when the platform carries its losses (``BalanceEventRecorder``);
///   the platform's own balance is ignored with the other platform events.
/// - An undecodable body is dead-lettered (`validation.malformed_message`).
/// Thread-safety: `Sendable`, stateless.
struct PaymentEventHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// Records saved payment methods.
    let savedMethods: SavedMethodRecorder
    /// Keeps disputes with their orders.
    let disputes: DisputeEventRecorder
    /// SQL of the orders' application fees.
    let fees: ApplicationFeeStore
    /// Publishes connected accounts' balances.
    let balances: BalanceEventRecorder

    /// Handles one raw Stripe event.
    /// - Throws: `HandlerError` to retry later, `MessageDecodingError` (poison), `StoreError`.
    func handle(_ envelope: Envelope, _ context: inout HandlerContext) throws -> HandlerOutcome {
        let now = Int(Date().timeIntervalSince1970)
        guard let event = try PaymentEvent.parse(envelope.body, fallbackAccount: envelope.headers.stripeAccount, now: now) else {
            return .done
        }
        guard let account = event.account else {
            if case .applicationFee(let fee) = event.subject {
                // The platform's own event: the fee names the connected account.
                return try feeRefunded(fee, event: event, context: context)
            }
            // A platform event: every charge of this service is on a connected account.
            context.log.info("platform Stripe event ignored", ["event": event.id, "type": event.type.rawValue])
            return .done
        }
        switch event.subject {
        case .checkoutSession(let session):
            return try checkoutSession(session, event: event, account: account, context: context)
        case .paymentIntent(let pi):
            return try paymentIntent(pi, event: event, account: account, context: context)
        case .charge(let charge):
            return try refunded(charge, event: event, context: context)
        case .setupIntent(let si):
            if event.type == .setupIntentSucceeded { try savedMethods.record(si, account: account, at: event.created, context: context) }
            return .done
        case .dispute(let dispute):
            try disputes.record(dispute, at: event.created, account: account, event: event.id, context: context)
            return .done
        case .applicationFee(let fee):
            return try feeRefunded(fee, event: event, context: context)
        case .balance(let balance):
            try balances.record(balance, at: event.created, account: account, event: event.id, context: context)
            return .done
        }
    }

    private func checkoutSession(
        _ session: CheckoutSession, event: PaymentEvent, account: String,
        context: HandlerContext
    ) throws -> HandlerOutcome {
        guard session.metadata?[OrderMetadata.origin] == OrderMetadata.originValue,
            let reference = session.metadata?[OrderMetadata.orderReference] ?? session.clientReferenceId
        else {
            context.log.info("Checkout Session of another origin ignored", ["event": event.id])
            return .done
        }
        let order = try lockedOrder(account: account, reference: reference, on: context.db)
        var updated = order
        if let pi = session.paymentIntent?.id, order.paymentIntent == nil { updated.paymentIntent = pi }
        if let email = session.customerDetails?.email ?? session.customerEmail { updated.customerEmail = email }
        if let total = session.amountTotal { updated.progress.amount = total }
        if let currency = session.currency { updated.currency = currency }
        let input: OrderInput
        var details = PaymentDetails()
        switch event.type {
        case .checkoutSessionCompleted:
            input = session.paymentStatus == .unpaid ? .paymentProcessing(at: event.created) : .paymentSucceeded(at: event.created)
        case .checkoutSessionAsyncPaymentSucceeded: input = .paymentSucceeded(at: event.created)
        case .checkoutSessionAsyncPaymentFailed:
            // Sent only for a delayed method after the session completed unpaid.
            details.failedLater = true
            input = .paymentFailed(at: event.created)
        case .checkoutSessionExpired:
            guard order.checkoutSession == session.id else { return .done }
            input = .sessionExpired(at: event.created)
        default:
            return .done
        }
        try OrderProgressWriter(orders: orders).apply(input, to: updated, original: order, details: details, context: context)
        return .done
    }

    private func paymentIntent(
        _ pi: PaymentIntent, event: PaymentEvent, account: String,
        context: HandlerContext
    ) throws -> HandlerOutcome {
        guard pi.metadata?[OrderMetadata.origin] == OrderMetadata.originValue,
            let reference = pi.metadata?[OrderMetadata.orderReference]
        else {
            context.log.info("PaymentIntent of another origin ignored", ["event": event.id])
            return .done
        }
        if event.type == .paymentIntentPaymentFailed, pi.lastPaymentError?.code == "authentication_required" {
            context.log.info("off-session authentication request left to charge_saved_payment_method", ["event": event.id])
            return .done
        }
        let order = try lockedOrder(account: account, reference: reference, on: context.db)
        if event.type == .paymentIntentSucceeded { try savedMethods.record(pi, account: account, at: event.created, context: context) }
        if let known = order.paymentIntent, known != pi.id {
            context.log.info("event for a replaced PaymentIntent ignored", ["event": event.id, "payment_intent": pi.id])
            return .done
        }
        if order.channel == .checkout && event.type != .paymentIntentSucceeded {
            // The buyer may retry on the Checkout page; the session's own events
            // (completed unpaid, async_payment_failed) decide awaiting and failed.
            context.log.info("PaymentIntent progress of a Checkout order left to the session's events", ["event": event.id])
            return .done
        }
        var updated = order
        updated.paymentIntent = pi.id
        var details = PaymentDetails()
        let input: OrderInput
        switch event.type {
        case .paymentIntentSucceeded: input = .paymentSucceeded(at: event.created)
        case .paymentIntentProcessing:
            details.paymentMethodType = pi.paymentMethodTypes?.count == 1 ? pi.paymentMethodTypes?.first : nil
            input = .paymentProcessing(at: event.created)
        case .paymentIntentPaymentFailed:
            details.failureCode = pi.lastPaymentError?.code
            details.declineCode = pi.lastPaymentError?.declineCode
            details.failureMessage = pi.lastPaymentError?.message
            // A delayed method fails only after processing, even if this overtook that event.
            details.failedLater = pi.lastPaymentError?.paymentMethod?.type.map(FailureNotice.delayedMethodTypes.contains) ?? false
            input = .paymentFailed(at: event.created)
        default:
            return .done
        }
        try OrderProgressWriter(orders: orders).apply(input, to: updated, original: order, details: details, context: context)
        return .done
    }

    private func refunded(_ charge: Charge, event: PaymentEvent, context: HandlerContext) throws -> HandlerOutcome {
        guard let pi = charge.paymentIntent?.id,
            let order = try orders.find(paymentIntent: pi, lock: true, on: context.db)
        else {
            context.log.info("refund of a charge without an order ignored", ["event": event.id])
            return .done
        }
        if let fee = charge.applicationFee?.id {
            // Learn the order's fee, so `application_fee.refunded` finds the order.
            try fees.record(account: order.account, orderReference: order.orderReference, fee: fee, amountRefunded: 0, on: context.db)
        }
        try OrderProgressWriter(orders: orders).apply(
            .refunded(totalRefunded: charge.amountRefunded ?? 0, at: event.created),
            to: order, original: order, context: context)
        return .done
    }

    /// `application_fee.refunded` (the platform's event; the fee names the connected account):
    /// the refunded total of the order that has the fee. A fee no order is known to have (a
    /// Terminal payment's, or one whose refund this service has not seen yet) is acknowledged
    /// and logged: the refund that caused it records the total itself.
    private func feeRefunded(_ fee: ApplicationFee, event: PaymentEvent, context: HandlerContext) throws -> HandlerOutcome {
        guard let account = fee.account?.id ?? event.account, let total = fee.amountRefunded,
            let order = try fees.refunded(fee: fee.id, account: account, amountRefunded: total, on: context.db)
        else {
            context.log.info("refund of an application fee without a known order ignored", ["event": event.id, "fee": fee.id])
            return .done
        }
        context.log.info("application fee refund recorded", ["fee": fee.id, "order_reference": order, "amount_refunded": String(total)])
        return .done
    }

    /// Reads the order with a row lock, or asks for a retry when it is not recorded yet.
    private func lockedOrder(account: String, reference: String, on db: PGConnection) throws -> OrderRecord {
        guard let order = try orders.find(account: account, orderReference: reference, lock: true, on: db) else {
            throw HandlerError.retry(
                code: ReplyError.Code.orderNotFound,
                message: "order \(reference) of \(account) is not recorded (yet)")
        }
        return order
    }
}
