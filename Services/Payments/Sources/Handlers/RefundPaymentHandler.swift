#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Messages
import Runtime
import StripeAPI

/// `payments.refund` (Stripe-bound): a full or partial refund of an order's payment.
///
/// 1. The order must exist (`not_found.order`) and be paid (`conflict.invalid_state`).
/// 2. The amount (default: everything left) must not exceed what is left to refund, else
///    `conflict.refund_exceeds_amount` — decided from the order, without calling Stripe.
///    Not so for a delivery that may have been handled before (redelivered after a crash,
///    or a retry): its own refund may already be in the order's total (a `charge.refunded`
///    event came first), so Stripe decides — the idempotent replay answers that refund.
/// 3. `POST /v1/refunds` for the order's PaymentIntent on the connected account
///    (`refund_application_fee` as asked; `amount` only when the command gives one, so a
///    full refund asks Stripe for what is left and a replay sends the same parameters),
///    Idempotency-Key `<message_id>:refund`; then
///    `GET /v1/charges/{id}` with `expand[]=application_fee` for the charge's refunded total
///    (refunds made elsewhere count) and the platform fee's refunded total.
/// 4. One transaction: the refund row with the part of the fee it returned (the fee's refunded
///    total less the one recorded before; an `application_fee.refunded` event that came first
///    may already hold it, then 0), the order's fee and its refunded total, the order's refunded total and state through
///    ``OrderMachine`` and `payments.order.refunded` for the increase (a `charge.refunded`
///    event that came first has already published it), the reply.
/// Thread-safety: `Sendable`, stateless.
struct RefundPaymentHandler: Sendable {
    /// SQL of the orders table.
    let orders: OrderStore
    /// SQL of the refunds table.
    let refunds: RefundStore
    /// SQL of the orders' application fees.
    let fees: ApplicationFeeStore

    /// Handles one command; see the type's steps.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: RefundPayment, _ context: inout HandlerContext) throws -> Reply<RefundPayment.Result> {
        let account = command.account
        guard let order = try orders.find(account: account, orderReference: command.orderReference, on: context.db) else {
            return .error(.notFound("order", id: command.orderReference))
        }
        guard order.progress.state.isPaid, let paymentIntent = order.paymentIntent else {
            return .error(.orderState("order \(command.orderReference) is \(order.progress.state.rawValue); only a paid order can be refunded"))
        }
        let left = OrderMachine.refundable(order.progress)
        let amount = command.amount ?? left
        let mayHaveRefunded = context.redelivered || context.envelope.headers.attempt > 0
        guard mayHaveRefunded || (left > 0 && amount <= left) else {
            return .error(
                ReplyError(
                    code: ReplyError.Code.refundExceedsAmount,
                    message: "refund of \(amount) exceeds the \(left) \(order.currency ?? "") left to refund on order \(command.orderReference)",
                    field: "amount"))
        }
        let params = RefundCreateParams(
            paymentIntent: paymentIntent, amount: command.amount, reason: command.reason?.rawValue,
            refundApplicationFee: command.refundApplicationFee, metadata: command.metadata)
        let refund: Refund
        switch try context.stripe({ client throws(StripeError) in
            try client.createRefund(params, options: context.idempotent("refund", account: account))
        }) {
        case .success(let created): refund = created
        case .failure(let error): return .error(error)
        }
        var chargeTotal: Int?
        var fee: ApplicationFee?
        if let chargeId = refund.charge?.id,
            case .success(let charge) = try context.stripe({ client throws(StripeError) in
                try client.retrieveCharge(chargeId, expand: ["application_fee"], options: RequestOptions(stripeAccount: account))
            })
        {
            chargeTotal = charge.amountRefunded
            fee = charge.applicationFee?.object
        }
        let orders = self.orders
        let refunds = self.refunds
        let fees = self.fees
        let refundAmount = refund.amount ?? amount
        let at = refund.created ?? Int(Date().timeIntervalSince1970)
        return try context.transaction { db in
            guard let current = try orders.find(account: account, orderReference: command.orderReference, lock: true, on: db) else {
                throw HandlerError.retry(code: ReplyError.Code.orderNotFound, message: "order \(command.orderReference) vanished")
            }
            // The fee's refunded total now, against the one recorded before this refund.
            var feeRefunded: Int?, feeTotal: Int?
            if let fee, let total = fee.amountRefunded {
                let before = try fees.refunded(account: account, orderReference: command.orderReference, on: db)
                try fees.record(account: account, orderReference: command.orderReference, fee: fee.id, amountRefunded: total, on: db)
                (feeRefunded, feeTotal) = (max(0, total - before), max(total, before))
            }
            try refunds.insert(
                refund: refund.id, account: account, orderReference: command.orderReference, amount: refundAmount,
                status: refund.status?.rawValue ?? "pending", applicationFeeRefunded: feeRefunded, on: db)
            // The charge's own total is exact; without it, the refunds this service recorded.
            let recorded = try refunds.total(account: account, orderReference: command.orderReference, on: db)
            let total = chargeTotal ?? max(current.progress.amountRefunded, recorded)
            let transition = try OrderProgressWriter(orders: orders).apply(
                .refunded(totalRefunded: total, at: at), to: current, original: current,
                details: PaymentDetails(refund: refund.id), context: context)
            let after = transition.progress
            return .ok(
                RefundPayment.Result(
                    account: account, orderReference: command.orderReference, refund: refund.id,
                    status: Messages.RefundStatus(rawValue: refund.status?.rawValue ?? "pending"), amount: refundAmount,
                    currency: refund.currency ?? current.currency ?? "", amountRefundedTotal: after.amountRefunded,
                    fullyRefunded: after.state == .refunded, applicationFeeRefunded: feeRefunded,
                    applicationFeeRefundedTotal: feeTotal))
        }
    }
}
