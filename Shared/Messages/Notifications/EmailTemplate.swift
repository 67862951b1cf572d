/// The messages to people that notifications sends, one template file each.
public enum EmailTemplate: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
    /// On payments.order.paid: the order is confirmed, with amount and currency.
    case orderConfirmation = "order_confirmation"
    /// On payments.order.payment_failed: the payment failed, please order again.
    case paymentFailed = "payment_failed"
    /// On payments.order.requires_action: the bank asks the buyer to confirm an off-session payment, with the platform's link.
    case authenticationRequired = "authentication_required"
    /// On payments.order.awaiting_payment: payment received, confirming with your bank
    /// (a delayed method such as ACH Direct Debit or SEPA Debit is processing).
    case paymentProcessing = "payment_processing"
    /// On onboarding.account.requirements_due: finish setting up your account.
    case onboardingIncomplete = "onboarding_incomplete"
    /// On payments.dispute.opened: to the seller, a buyer disputed an order's payment; what it
    /// means and how to answer.
    case disputeOpened = "dispute_opened"
    /// On payments.dispute.evidence_due_soon: to the seller, the evidence for a dispute is due soon.
    case disputeEvidenceDue = "dispute_evidence_due"
    /// On onboarding.payout.failed: to the seller, a payout to their bank failed; the reason in
    /// plain words and how to update the bank account.
    case payoutFailed = "payout_failed"
}
