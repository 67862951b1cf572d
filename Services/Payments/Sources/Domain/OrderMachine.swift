/// The order payment state machine: a pure function of (progress, input) → transition.
///
/// Rules (events may arrive twice, late or in any order):
/// - Success wins: any unpaid state moves to `paid` with the single `.paid` effect; once
///   paid, success inputs are duplicates, and processing/failure inputs are stale.
/// - Processing and failure apply only when not older than the newest input applied
///   (`lastEventAt`); at the same second a failure outranks processing (a delayed method
///   fails after it processed), so a reordered pair ends `payment_failed`.
/// - Refunds carry the running total: only a larger total applies, with the difference as
///   the refunded amount; a refund of an unpaid order first marks it paid (the charge was
///   captured, so the order was paid).
/// - Authentication required (an off-session charge) applies to an unpaid order not older
///   than the newest input, once: a second request while it waits is a duplicate.
/// - An expired session matters only to an `open` order.
/// Thread-safety: stateless.
public enum OrderMachine {
    /// Applies `input` to `progress`.
    public static func apply(_ input: OrderInput, to progress: OrderProgress) -> OrderTransition {
        var next = progress
        switch input {
        case .paymentSucceeded(let at):
            guard !progress.state.isPaid else { return unchanged(progress, .duplicate) }
            next.state = .paid
            next.lastEventAt = max(progress.lastEventAt, at)
            return OrderTransition(progress: next, effects: [.paid], disposition: .applied)

        case .paymentProcessing(let at):
            if progress.state.isPaid { return unchanged(progress, .stale) }
            if progress.state == .awaitingPayment { return unchanged(progress, .duplicate) }
            if at < progress.lastEventAt || (progress.state == .paymentFailed && at == progress.lastEventAt) {
                return unchanged(progress, .stale)
            }
            next.state = .awaitingPayment
            next.lastEventAt = at
            return OrderTransition(progress: next, effects: [.awaitingPayment], disposition: .applied)

        case .paymentFailed(let at):
            if progress.state.isPaid || at < progress.lastEventAt { return unchanged(progress, .stale) }
            if progress.state == .paymentFailed { return unchanged(progress, .duplicate) }
            next.state = .paymentFailed
            next.lastEventAt = at
            return OrderTransition(progress: next, effects: [.paymentFailed], disposition: .applied)

        case .authenticationRequired(let at):
            if progress.state.isPaid || at < progress.lastEventAt { return unchanged(progress, .stale) }
            if progress.state == .requiresAction { return unchanged(progress, .duplicate) }
            next.state = .requiresAction
            next.lastEventAt = at
            return OrderTransition(progress: next, effects: [.requiresAction], disposition: .applied)

        case .refunded(let total, let at):
            guard total > progress.amountRefunded else { return unchanged(progress, .duplicate) }
            var effects: [OrderEffect] = []
            if !progress.state.isPaid { effects.append(.paid) }
            let full = progress.amount.map { total >= $0 } ?? false
            next.amountRefunded = total
            next.state = full ? .refunded : .partiallyRefunded
            next.lastEventAt = max(progress.lastEventAt, at)
            effects.append(.refunded(amount: total - progress.amountRefunded, total: total, full: full))
            return OrderTransition(progress: next, effects: effects, disposition: .applied)

        case .sessionExpired:
            guard progress.state == .open else { return unchanged(progress, .stale) }
            return OrderTransition(progress: progress, effects: [.sessionExpired], disposition: .applied)
        }
    }

    /// How much may still be refunded: the amount minus what was refunded (0 when unpaid
    /// or the amount is unknown).
    public static func refundable(_ progress: OrderProgress) -> Int {
        guard progress.state.isPaid, let amount = progress.amount else { return 0 }
        return max(0, amount - progress.amountRefunded)
    }

    private static func unchanged(_ progress: OrderProgress, _ disposition: OrderTransition.Disposition) -> OrderTransition {
        OrderTransition(progress: progress, effects: [], disposition: disposition)
    }
}
