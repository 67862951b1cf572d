import Messages

/// The card-present payment state machine: pure functions from (payment, input) to a
/// transition, and the capture rules. No I/O; thread-safe.
///
/// Rules: final states (`captured`, `canceled`) never change; a decline is applied once per
/// charge and sends the payment back to `requires_payment_method` on the same PaymentIntent;
/// an authorization expires ``captureWindowSeconds`` after it happened; a capture is allowed
/// only from `requires_capture`, before expiry, up to the authorized amount or, as an
/// over-capture, up to ``OvercapturePolicy``'s limit.
public enum TerminalPaymentMachine {
    /// How long a card-present authorization can be captured: two days.
    public static let captureWindowSeconds = 2 * 86_400

    /// Applies `input` to `payment`.
    public static func apply(_ input: TerminalPaymentInput, to payment: TerminalPayment) -> TerminalPaymentTransition {
        guard !payment.state.isFinal else { return TerminalPaymentTransition(payment: payment) }
        var next = payment
        switch input {
        case .processStarted(let reader, let key):
            guard payment.state == .requiresPaymentMethod || payment.state == .processing else {
                return TerminalPaymentTransition(payment: payment)
            }
            next.state = .processing
            next.reader = reader
            next.processKey = key
            return TerminalPaymentTransition(payment: next)
        case .readerActionCanceled:
            guard payment.state == .processing else { return TerminalPaymentTransition(payment: payment) }
            next.state = .requiresPaymentMethod
            return TerminalPaymentTransition(payment: next)
        case .snapshot(let snapshot, let captureKey):
            return apply(snapshot, captureKey: captureKey, to: payment)
        }
    }

    private static func apply(
        _ s: PaymentIntentSnapshot, captureKey: String?,
        to payment: TerminalPayment
    ) -> TerminalPaymentTransition {
        var next = payment
        switch s.status {
        case .inFlight:
            return TerminalPaymentTransition(payment: payment)
        case .requiresPaymentMethod:
            next.amount = s.amount
            guard payment.state != .requiresCapture, let decline = s.decline, let charge = s.latestCharge,
                charge != payment.lastChargeId
            else {
                return TerminalPaymentTransition(payment: next)
            }
            next.state = .requiresPaymentMethod
            next.lastChargeId = charge
            next.declineCode = decline.declineCode
            next.failureCode = decline.code
            next.failureMessage = decline.message
            return TerminalPaymentTransition(payment: next, effects: [.declined])
        case .requiresCapture:
            guard payment.state != .requiresCapture else { return TerminalPaymentTransition(payment: payment) }
            authorize(&next, s)
            return TerminalPaymentTransition(payment: next, effects: [.authorized])
        case .succeeded:
            if next.amountAuthorized == nil { authorize(&next, s) }
            next.state = .captured
            next.amountCaptured = s.amountReceived
            next.applicationFeeAmount = s.applicationFeeAmount ?? next.applicationFeeAmount
            next.captureKey = captureKey ?? next.captureKey
            return TerminalPaymentTransition(payment: next, effects: [.captured])
        case .canceled:
            next.state = .canceled
            next.cancellationReason = s.cancellationReason
            return TerminalPaymentTransition(payment: next, effects: [.canceled])
        }
    }

    private static func authorize(_ p: inout TerminalPayment, _ s: PaymentIntentSnapshot) {
        p.state = .requiresCapture
        p.amount = s.amount
        p.amountAuthorized = s.amountCapturable > 0 ? s.amountCapturable : s.amount
        p.overcaptureSupported = s.overcaptureSupported
        p.lastChargeId = s.latestCharge ?? p.lastChargeId
        let at = s.chargeCreated ?? s.observedAt
        p.authorizedAt = at
        p.expiresAt = at + captureWindowSeconds
    }

    /// Decides what the capture command with `captureKey` (`<message_id>:capture`) may do.
    ///
    /// - Parameters:
    ///   - amountToCapture: the command's amount, or `nil` for the full authorized amount.
    ///   - now: the current time, Unix seconds (compared with ``TerminalPayment/expiresAt``).
    public static func planCapture(
        _ payment: TerminalPayment, amountToCapture: Int?, captureKey: String,
        now: Int
    ) -> CaptureDecision {
        switch payment.state {
        case .captured:
            if payment.captureKey == captureKey { return .alreadyCapturedByThisCommand }
            if payment.captureKey == nil {
                return .askStripeWhoCaptured(total: amountToCapture ?? payment.amountAuthorized ?? payment.amount)
            }
            return .refuse(
                .conflict(
                    "already_captured",
                    "payment_intent \(payment.paymentIntent) was already captured (\(payment.amountCaptured ?? 0) \(payment.currency))"))
        case .canceled:
            if payment.cancellationReason == "automatic" { return .refuse(expired(payment)) }
            return .refuse(.conflict("invalid_state", "payment_intent \(payment.paymentIntent) is canceled"))
        case .requiresPaymentMethod, .processing:
            return .refresh
        case .requiresCapture:
            break
        }
        if let expiresAt = payment.expiresAt, now >= expiresAt { return .refuse(expired(payment)) }
        let authorized = payment.amountAuthorized ?? payment.amount
        let total = amountToCapture ?? authorized
        guard total > authorized else { return .capture(total: total) }
        guard
            let limit = OvercapturePolicy.maximumCapturable(
                authorized: authorized, currency: payment.currency,
                overcaptureSupported: payment.overcaptureSupported)
        else {
            return .refuse(
                ReplyError(
                    code: ReplyError.Code.captureExceedsAuthorized,
                    message:
                        "amount_to_capture \(total) exceeds the authorized \(authorized) \(payment.currency) and the card does not allow over-capture"
                ))
        }
        guard total <= limit else {
            return .refuse(
                ReplyError(
                    code: ReplyError.Code.captureExceedsAuthorized,
                    message:
                        "amount_to_capture \(total) exceeds the over-capture limit \(limit) \(payment.currency) (authorized \(authorized))"))
        }
        return .capture(total: total)
    }

    private static func expired(_ payment: TerminalPayment) -> ReplyError {
        ReplyError(
            code: ReplyError.Code.authorizationExpired,
            message: "the authorization of payment_intent \(payment.paymentIntent) expired"
                + (payment.expiresAt.map { " at \($0)" } ?? "") + "; it can no longer be captured")
    }
}
