import Messages
import Runtime
import StripeAPI

/// The Stripe events on `terminal.events` (Stripe-bound: it re-fetches):
/// `terminal.reader.action_succeeded`, `terminal.reader.action_failed`,
/// `payment_intent.amount_capturable_updated`, `payment_intent.succeeded`,
/// `payment_intent.canceled`, `payment_intent.payment_failed`.
///
/// Events may arrive twice, late or out of order, so none is trusted as the state: each one
/// only says "this PaymentIntent changed". The handler re-fetches the PaymentIntent
/// (`expand[]=latest_charge`, for the charge time and `overcapture_supported`) and applies
/// it to the state machine, which never leaves a final state and applies a decline once
/// per charge; the resulting `terminal.payment.*` events are published once.
/// - PaymentIntents the gateway did not create (e.g. online payments) are ignored.
/// - An undecodable event is dead-lettered (`validation.malformed_message`, naming the field).
/// Thread-safety: `Sendable`, stateless.
struct TerminalEventHandler: Sendable {
    /// SQL of the payments table.
    let payments: PaymentStore

    /// Handles one raw Stripe event.
    /// - Throws: `HandlerError` to retry later, `StoreError`.
    func handle(_ envelope: Envelope, _ context: inout HandlerContext) throws -> HandlerOutcome {
        let event: TerminalStripeEvent
        do {
            event = try TerminalStripeEvent.parse(envelope.body, fallbackAccount: envelope.headers.stripeAccount, now: context.now)
        } catch {
            return .deadLetter(ReplyError(code: ReplyError.Code.malformedMessage,
                                          message: "Stripe event: \(error.field) is missing or malformed", field: error.field))
        }
        guard let paymentIntent = event.paymentIntent,
              let payment = try payments.find(paymentIntent: paymentIntent, on: context.db) else {
            context.log.debug("Stripe event not about a terminal payment", ["type": event.type, "event": event.id])
            return .done
        }
        if payment.state.isFinal {
            if event.type == "payment_intent.succeeded", payment.captureKey == nil, let key = event.idempotencyKey {
                return try learnCaptureKey(key, payment: payment, context: &context)
            }
            return .done
        }
        let snapshot: PaymentIntentSnapshot
        switch try PaymentIntentFetch.snapshot(paymentIntent, account: payment.account, observedAt: event.created, context: context) {
        case .success(let s): snapshot = s
        case .failure(let error): return .retry(ReplyError.stripe(error))
        }
        let captureKey = event.type == "payment_intent.succeeded" ? event.idempotencyKey : nil
        let writer = PaymentTransitionWriter(payments: payments)
        return try context.transaction { db in
            try writer.apply(.snapshot(snapshot, captureKey: captureKey), paymentIntent: paymentIntent,
                             occurredAt: event.created, db: db, context: context)
            return .done
        }
    }

    /// Records which request captured an already captured payment (so a redelivered capture
    /// command with that key is answered from the record).
    private func learnCaptureKey(_ key: String, payment: TerminalPayment, context: inout HandlerContext) throws -> HandlerOutcome {
        let payments = self.payments
        return try context.transaction { db in
            guard var current = try payments.find(paymentIntent: payment.paymentIntent, lock: true, on: db),
                  current.captureKey == nil else { return .done }
            current.captureKey = key
            try payments.update(current, on: db)
            return .done
        }
    }
}
