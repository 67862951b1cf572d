/// `terminal.payment.fee_corrected`, described in ``messageDescription`` (the catalogue's text).
public struct TerminalPaymentFeeCorrected: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.payment.fee_corrected"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "A capture carried another application fee than the PaymentIntent had: the fee before and after, and why (published once, with the capture, in the same transaction)."

    /// The point-of-sale order id; one PaymentIntent per order.
    public var orderReference: String
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// The seller's connected account (fees exist only on direct charges).
    public var account: String?
    /// The captured total the fee is on, in the currency's smallest unit.
    public var amountCaptured: Int
    /// The authorized amount, in the currency's smallest unit.
    public var amountAuthorized: Int?
    /// Currency.
    public var currency: String
    /// The PaymentIntent's application fee before the capture (absent: none).
    public var applicationFeeAmountBefore: Int?
    /// The application fee the capture sent, in the currency's smallest unit.
    public var applicationFeeAmount: Int
    /// Why: `missing_fee`, `amount_changed`, `app_fee` or `command`.
    public var reason: FeeCorrectionReason
    /// Which path captured: `command` or `reconciliation`.
    public var capturedBy: CapturePath
    /// When it happened (the service's clock, Unix seconds).
    public var occurredAt: Int

    /// Creates the event.
    public init(
        orderReference: String, paymentIntent: String, account: String?, amountCaptured: Int,
        amountAuthorized: Int?, currency: String, applicationFeeAmountBefore: Int?, applicationFeeAmount: Int,
        reason: FeeCorrectionReason, capturedBy: CapturePath, occurredAt: Int
    ) {
        self.orderReference = orderReference
        self.paymentIntent = paymentIntent
        self.account = account
        self.amountCaptured = amountCaptured
        self.amountAuthorized = amountAuthorized
        self.currency = currency
        self.applicationFeeAmountBefore = applicationFeeAmountBefore
        self.applicationFeeAmount = applicationFeeAmount
        self.reason = reason
        self.capturedBy = capturedBy
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The point-of-sale order id; one PaymentIntent per order.",
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "account": "The seller's connected account (fees exist only on direct charges).",
        "amount_captured": "The captured total the fee is on, in the currency's smallest unit.",
        "amount_authorized": "The authorized amount, in the currency's smallest unit.",
        "currency": "Currency.",
        "application_fee_amount_before": "The PaymentIntent's application fee before the capture (absent: none).",
        "application_fee_amount": "The application fee the capture sent, in the currency's smallest unit.",
        "reason":
            "Why: `missing_fee` (the PaymentIntent had none), `amount_changed` (a tip or partial capture: recomputed on the captured total), `app_fee` (the point-of-sale app set another fee than the policy's), `command` (the capture command named it).",
        "captured_by": "Which path captured: `command` or `reconciliation`.",
        "occurred_at": "When it happened (the service's clock, Unix seconds).",
    ]
}
