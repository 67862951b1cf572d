/// Facts from Stripe that go into the published order events besides the order itself:
/// the failure of a payment, the refund id, the delayed method's type.
/// Thread-safety: a plain `Sendable` value.
struct PaymentDetails: Sendable, Equatable {
    /// Stripe's error code, e.g. `card_declined`.
    var failureCode: String?
    /// The issuer's decline code, e.g. `insufficient_funds`.
    var declineCode: String?
    /// Stripe's message, safe to show.
    var failureMessage: String?
    /// The Refund id (`re_…`).
    var refund: String?
    /// The payment method type, e.g. `sepa_debit`.
    var paymentMethodType: String?
    /// The PaymentMethod, `pm_…` (an off-session charge's saved method).
    var paymentMethod: String?
    /// The platform's page where the buyer authenticates (`payments.order.requires_action`).
    var authenticationUrl: String?
    /// Whether a failure is one the buyer must be told about (``FailureNotice``; set by
    /// ``OrderProgressWriter`` from the order before the failure and ``failedLater``).
    var buyerMustAct: Bool?
    /// The Stripe event itself is a failure after processing (``FailureNotice``).
    var failedLater = false
}
