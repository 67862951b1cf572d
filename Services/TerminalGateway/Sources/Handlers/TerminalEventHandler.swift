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
/// - PaymentIntents the gateway has never seen: an in-person one (created by the
///   point-of-sale app, maybe forwarded after offline operation) is recorded
///   (``PaymentAdoption``); others (e.g. online payments) are ignored.
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
            return .deadLetter(
                ReplyError(
                    code: ReplyError.Code.malformedMessage,
                    message: "Stripe event: \(error.field) is missing or malformed", field: error.field))
        }
        guard let paymentIntent = event.paymentIntent else {
            context.log.debug("Stripe event not about a PaymentIntent", ["type": event.type, "event": event.id])
            return .done
        }
        guard let payment = try payments.find(paymentIntent: paymentIntent, on: context.db) else {
            return try adopt(paymentIntent, event: event, context: &context)
        }
        if let collected = event.collected {
            return try publishCollected(collected, payment: payment, event: event, context: &context)
        }
        if payment.state.isFinal {
            if event.kind == .paymentIntentSucceeded, payment.captureKey == nil, let key = event.idempotencyKey {
                return try learnCaptureKey(key, payment: payment, context: &context)
            }
            return .done
        }
        let snapshot: PaymentIntentSnapshot
        switch try PaymentIntentFetch.snapshot(paymentIntent, account: payment.account, observedAt: event.created, context: context) {
        case .success(let s): snapshot = s
        case .failure(let error): return .retry(ReplyError.stripe(error))
        }
        let captureKey = event.kind == .paymentIntentSucceeded ? event.idempotencyKey : nil
        let writer = PaymentTransitionWriter(payments: payments)
        let payments = self.payments
        return try context.transaction { db in
            let t = try writer.apply(
                .snapshot(snapshot, captureKey: captureKey), paymentIntent: paymentIntent,
                occurredAt: event.created, db: db, context: context)
            // A payment the app handed to a reader: the reader event names it.
            if let reader = event.reader, var p = t?.payment, p.reader == nil {
                p.reader = reader
                try payments.update(p, on: db)
            }
            return .done
        }
    }

    /// A PaymentIntent the gateway has never seen: one the point-of-sale app created (maybe
    /// offline, forwarded hours later) is retrieved on the event's account and recorded with
    /// its current state in one transaction (its `terminal.payment.*` events follow); an
    /// online payment (not card-present) is ignored; a transient Stripe failure retries.
    private func adopt(_ paymentIntent: String, event: TerminalStripeEvent, context: inout HandlerContext) throws -> HandlerOutcome {
        let candidate: PaymentAdoption.Candidate
        switch try PaymentAdoption.candidate(
            paymentIntent, account: event.account, observedAt: event.created,
            context: context, payments: payments)
        {
        case .success(let c): candidate = c
        case .failure(let error)
        where error.code == ReplyError.Code.notCardPresent
            || error.code == ReplyError.Code.paymentIntentNotFound:
            context.log.debug("Stripe event not about a terminal payment", ["type": event.type, "event": event.id])
            return .done
        case .failure(let error) where error.code == ReplyError.Code.duplicateReference:
            // Recorded under its own id rather than lost (PaymentStore.adopt's fallback).
            context.log.warning("app-created PaymentIntent names an order that has another", ["payment_intent": paymentIntent])
            switch try PaymentAdoption.candidate(
                paymentIntent, account: event.account, observedAt: event.created,
                context: context, payments: payments, orderReference: paymentIntent)
            {
            case .success(let c): return try record(c, event: event, context: &context)
            case .failure(let error): return .retry(error)
            }
        case .failure(let error):
            return .retry(error)
        }
        return try record(candidate, event: event, context: &context)
    }

    /// Records `candidate` and applies its snapshot in one transaction.
    private func record(
        _ candidate: PaymentAdoption.Candidate, event: TerminalStripeEvent,
        context: inout HandlerContext
    ) throws -> HandlerOutcome {
        var candidate = candidate
        if let reader = event.reader { candidate.payment.reader = reader }
        let writer = PaymentTransitionWriter(payments: payments)
        let payments = self.payments
        let messageId = context.envelope.messageId
        let captureKey = event.kind == .paymentIntentSucceeded ? event.idempotencyKey : nil
        return try context.transaction { db in
            try payments.adopt(candidate.payment, messageId: messageId, on: db)
            try writer.apply(
                .snapshot(candidate.snapshot, captureKey: captureKey), paymentIntent: candidate.payment.paymentIntent,
                occurredAt: event.created, db: db, context: context)
            return .done
        }
    }

    /// `terminal.payment.method_collected` for a card a reader read (nothing charged yet).
    private func publishCollected(
        _ collected: TerminalStripeEvent.CollectedMethod, payment: TerminalPayment,
        event: TerminalStripeEvent, context: inout HandlerContext
    ) throws -> HandlerOutcome {
        try context.transaction { _ in
            try context.publish(
                TerminalPaymentMethodCollected(
                    orderReference: payment.orderReference, paymentIntent: payment.paymentIntent, account: payment.account,
                    reader: event.reader ?? payment.reader ?? "", paymentMethod: collected.paymentMethod, brand: collected.brand,
                    last4: collected.last4, funding: collected.funding, walletType: collected.walletType, occurredAt: event.created),
                stripeAccount: payment.account)
            return .done
        }
    }

    /// Records which request captured an already captured payment (so a redelivered capture
    /// command with that key is answered from the record).
    private func learnCaptureKey(_ key: String, payment: TerminalPayment, context: inout HandlerContext) throws -> HandlerOutcome {
        let payments = self.payments
        return try context.transaction { db in
            guard var current = try payments.find(paymentIntent: payment.paymentIntent, lock: true, on: db),
                current.captureKey == nil
            else { return .done }
            current.captureKey = key
            try payments.update(current, on: db)
            return .done
        }
    }
}
