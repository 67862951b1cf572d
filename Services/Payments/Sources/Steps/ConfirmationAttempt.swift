import StripeAPI

/// What a server-side confirmation got from Stripe (`payments.confirm_payment`,
/// `payments.charge_saved_payment_method`): the PaymentIntent, or the card error of a decline.
enum ConfirmationAttempt {
    /// Stripe answered with the PaymentIntent (succeeded, requires_action, processing, …).
    case confirmed(PaymentIntent)
    /// The card was declined (`card_error`, with the PaymentIntent id in `objectId`).
    case declined(StripeError)

    /// The order input for a PaymentIntent's status (`nil`: nothing settled yet).
    static func input(_ pi: PaymentIntent, at: Int) -> OrderInput? {
        switch pi.status {
        case .succeeded?: .paymentSucceeded(at: at)
        case .processing?: .paymentProcessing(at: at)
        default: nil
        }
    }
}
