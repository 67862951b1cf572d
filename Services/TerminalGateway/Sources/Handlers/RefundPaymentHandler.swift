import Messages
import Runtime
import StripeAPI

/// `terminal.refund_payment` (Stripe-bound): refunds a captured card-present payment.
///
/// The payment (or an app-created one, through ``PaymentAdoption``) must be captured
/// (`conflict.invalid_state` otherwise); Stripe's PaymentIntent is fetched
/// (`expand[]=latest_charge`): an `interac_present` charge is refused with
/// `conflict.refund_in_person` (Interac refunds are made on the reader). Then `POST /v1/refunds`
/// (`payment_intent`, `amount`, `reason`) with key `<message_id>:refund`, so a redelivery
/// gets the same refund. More than is left → `conflict.refund_exceeds_amount`; fully
/// refunded → `conflict.already_refunded`. Nothing is stored: the reply carries the refund.
/// Thread-safety: `Sendable`, stateless.
struct RefundPaymentHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one command.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ command: TerminalRefundPayment, _ context: inout HandlerContext) throws -> Reply<TerminalRefundPayment.Result> {
        let account = try payments.find(paymentIntent: command.paymentIntent, on: context.db)?.account ?? command.account
        let fetched = try context.stripe { client throws(StripeError) in
            try client.retrievePaymentIntent(
                command.paymentIntent, expand: ["latest_charge"],
                options: RequestOptions(stripeAccount: account))
        }
        let pi: PaymentIntent
        switch fetched {
        case .success(let value): pi = value
        case .failure(let error): return .error(TerminalErrorMapping.reply(error, paymentIntent: command.paymentIntent))
        }
        let types = Set(pi.paymentMethodTypes ?? [])
        guard !PaymentAdoption.inPersonTypes.isDisjoint(with: types) else {
            return .error(
                ReplyError(
                    code: ReplyError.Code.notCardPresent,
                    message: "payment_intent \(pi.id) is not an in-person payment; refund it with payments.refund"))
        }
        if pi.latestCharge?.object?.paymentMethodDetails?.type == "interac_present" {
            return .error(
                ReplyError(
                    code: ReplyError.Code.refundInPerson,
                    message:
                        "payment_intent \(pi.id) was paid with Interac (interac_present): refund it on the reader with the customer's card"))
        }
        guard pi.status == .succeeded else {
            return .error(
                .conflict(
                    "invalid_state",
                    "payment_intent \(pi.id) is not captured (\(pi.status.map { "\($0)" } ?? "unknown")); cancel it instead"))
        }
        let params = RefundCreateParams(paymentIntent: pi.id, amount: command.amount, reason: command.reason?.rawValue)
        let answer = try context.stripe { client throws(StripeError) in
            try client.createRefund(params, options: .idempotent(context.idempotencyKey("refund"), stripeAccount: account))
        }
        switch answer {
        case .success(let refund):
            return .ok(
                TerminalRefundPayment.Result(
                    refund: refund.id, paymentIntent: pi.id, amount: refund.amount ?? 0,
                    status: refund.status.map { "\($0.rawValue)" } ?? "succeeded"))
        case .failure(let error) where error.code == "charge_already_refunded":
            return .error(.conflict("already_refunded", "payment_intent \(pi.id) is already fully refunded"))
        case .failure(let error) where error.param == "amount" || error.code == "amount_too_large":
            return .error(ReplyError(code: ReplyError.Code.refundExceedsAmount, message: error.message))
        case .failure(let error):
            return .error(TerminalErrorMapping.reply(error, paymentIntent: pi.id))
        }
    }
}
