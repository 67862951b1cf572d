import StripeAPI

extension PaymentIntentSnapshot {
    /// The snapshot of a PaymentIntent fetched with `expand[]=latest_charge` (without the
    /// expansion, the charge's time and over-capture support are unknown: `nil`/`false`).
    /// - Parameter observedAt: when it was observed (Unix seconds).
    init(_ pi: PaymentIntent, observedAt: Int) {
        let status: Status =
            switch pi.status {
            case .requiresPaymentMethod: .requiresPaymentMethod
            case .requiresCapture: .requiresCapture
            case .succeeded: .succeeded
            case .canceled: .canceled
            default: .inFlight
            }
        let charge = pi.latestCharge?.object
        let decline = pi.lastPaymentError.map {
            Decline(code: $0.code, declineCode: $0.declineCode, message: $0.message)
        }
        self.init(
            id: pi.id, status: status, amount: pi.amount ?? 0, amountCapturable: pi.amountCapturable ?? 0,
            amountReceived: pi.amountReceived ?? 0, latestCharge: pi.latestCharge?.id,
            chargeCreated: charge?.created,
            overcaptureSupported: charge?.paymentMethodDetails?.cardPresent?.overcaptureSupported ?? false,
            decline: decline, cancellationReason: pi.cancellationReason,
            applicationFeeAmount: pi.applicationFeeAmount, observedAt: observedAt)
        incrementalAuthorizationSupported = charge?.paymentMethodDetails?.cardPresent?.incrementalAuthorizationSupported ?? false
    }
}
