public import Messages

/// Whom a message to people is for. A buyer's message goes only to the buyer, a seller's
/// only to the seller: neither address ever stands in for the other.
public enum EmailAudience: Sendable, Equatable {
    /// The person who pays an order (`order_confirmation`, `payment_failed`, `payment_processing`).
    case buyer
    /// The connected account's owner (`onboarding_incomplete`, `dispute_opened`,
    /// `dispute_evidence_due`, `payout_failed`: a dispute is the seller's business, never the buyer's mail).
    case seller
}

extension EmailTemplate {
    /// Whom the template is written for.
    public var audience: EmailAudience {
        switch self {
        case .orderConfirmation, .paymentFailed, .authenticationRequired, .paymentProcessing: .buyer
        case .onboardingIncomplete, .disputeOpened, .disputeEvidenceDue, .payoutFailed: .seller
        }
    }
}
