public import Messages

/// Whom a message to people is for. A buyer's message goes only to the buyer, a seller's
/// only to the seller: neither address ever stands in for the other.
public enum EmailAudience: Sendable, Equatable {
    /// The person who pays an order (`order_confirmation`, `payment_failed`).
    case buyer
    /// The connected account's owner (`onboarding_incomplete`).
    case seller
}

extension EmailTemplate {
    /// Whom the template is written for.
    public var audience: EmailAudience {
        switch self {
        case .orderConfirmation, .paymentFailed: .buyer
        case .onboardingIncomplete: .seller
        }
    }
}
