import Messages
import Runtime
import StripeAPI

/// PaymentIntents the point-of-sale app created itself (the Terminal SDK's client-side
/// `createPaymentIntent`, online or forwarded after offline operation): the gateway has never
/// seen them, so a command or event naming one retrieves it
/// (`GET /v1/payment_intents/{id}?expand[]=latest_charge` with `Stripe-Account: account`, so
/// a PaymentIntent of another account is `not_found.payment_intent`), checks that it is an
/// in-person payment (`payment_method_types` contains `card_present` or `interac_present`,
/// else `conflict.not_card_present`) and builds the payment to record.
///
/// The record is written only in the transaction that also applies the outcome (capture,
/// cancel, the event's state), so a refused command records nothing. Its order reference is
/// the PaymentIntent's `metadata[order_reference]` (refused with
/// `conflict.duplicate_reference` when that order already has another PaymentIntent), else
/// the PaymentIntent id. Thread-safety: stateless.
enum PaymentAdoption {
    /// The in-person payment method types.
    static let inPersonTypes: Set<String> = ["card_present", "interac_present"]

    /// The `capture_method` values the payments table records.
    static let recordedMethods: Set<String> = ["manual", "automatic", "automatic_async", "manual_preferred"]

    /// A PaymentIntent to adopt: the payment as first recorded (`requires_payment_method`)
    /// and Stripe's snapshot to apply to it.
    struct Candidate: Sendable {
        /// The row to insert.
        var payment: TerminalPayment
        /// What Stripe says now.
        var snapshot: PaymentIntentSnapshot
        /// ``payment`` with ``snapshot`` applied (in memory).
        var current: TerminalPayment { TerminalPaymentMachine.apply(.snapshot(snapshot, captureKey: nil), to: payment).payment }
    }

    /// Retrieves `paymentIntent` on `account` and checks it (see the type's description);
    /// `orderReference` overrides the PaymentIntent's own (no duplicate check then).
    /// - Returns: the candidate, or the reply error.
    /// - Throws: `HandlerError` (retry) for transient Stripe failures, `StoreError`.
    static func candidate(
        _ paymentIntent: String, account: String?, observedAt: Int,
        context: HandlerContext, payments: PaymentStore,
        orderReference: String? = nil
    ) throws -> Result<Candidate, ReplyError> {
        let answer = try context.stripe { client throws(StripeError) in
            try client.retrievePaymentIntent(
                paymentIntent, expand: ["latest_charge"],
                options: RequestOptions(stripeAccount: account))
        }
        let pi: PaymentIntent
        switch answer {
        case .success(let value): pi = value
        case .failure(let error): return .failure(TerminalErrorMapping.reply(error, paymentIntent: paymentIntent))
        }
        let types = pi.paymentMethodTypes ?? []
        guard !inPersonTypes.isDisjoint(with: types) else {
            return .failure(
                ReplyError(
                    code: ReplyError.Code.notCardPresent,
                    message:
                        "payment_intent \(paymentIntent) is not an in-person payment (payment_method_types: \(types.joined(separator: ", ")))"))
        }
        let reference = orderReference ?? pi.metadata?["order_reference"].flatMap { $0.isEmpty ? nil : $0 } ?? pi.id
        if orderReference == nil, reference != pi.id, let owner = try payments.paymentIntent(orderReference: reference, on: context.db),
            owner != pi.id
        {
            return .failure(
                .conflict(
                    "duplicate_reference",
                    "order \(reference) already has payment_intent \(owner ?? "(being created)"); payment_intent \(pi.id) names it too"))
        }
        let method = pi.captureMethod?.rawValue ?? "automatic"
        var payment = TerminalPayment(
            orderReference: reference, paymentIntent: pi.id, account: account,
            amount: max(pi.amount ?? 0, 1), currency: pi.currency ?? "usd",
            captureMethod: recordedMethods.contains(method) ? method : "manual",
            applicationFeeAmount: pi.applicationFeeAmount)
        payment.appCreated = true
        return .success(Candidate(payment: payment, snapshot: PaymentIntentSnapshot(pi, observedAt: observedAt)))
    }
}
