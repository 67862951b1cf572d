/// The error codes of the payments commands (DESIGN §4 "Error codes per command"): each
/// command's route kind and its own codes (its `validate()` and its handler in
/// Services/Payments/Sources/Handlers with the steps it calls). The runtime's codes, the limit
/// codes of the fields and `stripe.*` are added by the catalogue
/// (``CommandErrorCodes/answerable(limits:)``).
public enum PaymentsErrorCodes {
    /// Stripe refusals payments answers with its own code (`ReplyError.paymentsStripe` in the
    /// service): `resource_missing` on a price.
    public static let stripeMapping: [DeclaredErrorCode] = [
        DeclaredErrorCode(ReplyError.Code.priceNotFound, "Stripe does not know the price (resource_missing on a price parameter)")
    ]

    /// The declaration of a Stripe-bound command of the domain: ``stripeMapping`` and `own`.
    static func stripeBound(_ own: [DeclaredErrorCode]) -> CommandErrorCodes {
        CommandErrorCodes(.stripe(mapping: stripeMapping), own)
    }
}

extension CreateCheckoutSession: DeclaresErrorCodes {
    /// `payments.create_checkout_session`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .amountTooSmall, .customerRequired, .feeExceedsAmount, .fieldNotForUIMode, .invalidAmount, .invalidCurrency, .invalidId, .invalidURL,
        .paymentMethodCurrency, .returnURLPlaceholder, .unknownPaymentMethodType, .accountNotReady, .concurrentUpdate, .invalidState,
    ])
}

extension CreateProduct: DeclaresErrorCodes {
    /// `payments.create_product`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId])
}

extension CreatePrice: DeclaresErrorCodes {
    /// `payments.create_price`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .invalidAmount, .invalidCurrency, .invalidId,
    ])
}

extension CreatePaymentSheet: DeclaresErrorCodes {
    /// `payments.create_payment_sheet`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .customerRequired, .cvcRecollectionNotCard, .feeExceedsAmount, .invalidAmount, .invalidCurrency, .invalidId,
        .paymentMethodCurrency, .unknownPaymentMethodType, .accountNotReady, .concurrentUpdate, .customerMismatch, .invalidState,
    ])
}

extension CreatePaymentIntent: DeclaresErrorCodes {
    /// `payments.create_payment_intent`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .customerRequired, .cvcRecollectionNotCard, .feeExceedsAmount, .invalidAmount, .invalidCurrency, .invalidId,
        .paymentMethodCurrency, .unknownPaymentMethodType, .accountNotReady, .concurrentUpdate, .customerMismatch, .invalidState,
    ])
}

extension CreateEphemeralKey: DeclaresErrorCodes {
    /// `payments.create_ephemeral_key`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId])
}

extension ConfirmPayment: DeclaresErrorCodes {
    /// `payments.confirm_payment`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .feeExceedsAmount, .invalidAmount, .invalidCurrency, .invalidId, .invalidURL, .orderNotFound, .accountNotReady, .concurrentUpdate,
        .customerMismatch, .invalidState, .shippingMethodUnavailable,
    ])
}

extension QuoteShipping: DeclaresErrorCodes {
    /// `payments.quote_shipping`'s error codes (an address the rules do not serve is an answer, not an error).
    public static let errorCodes = CommandErrorCodes(.database, [.invalidAmount, .invalidCurrency, .invalidId])
}

extension RefundPayment: DeclaresErrorCodes {
    /// `payments.refund`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .invalidAmount, .invalidId, .orderNotFound, .invalidState, .refundExceedsAmount,
    ])
}

extension GetCheckoutSession: DeclaresErrorCodes {
    /// `payments.get_checkout_session`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId])
}

extension GetPaymentIntent: DeclaresErrorCodes {
    /// `payments.get_payment_intent`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId])
}

extension CreateSetupSheet: DeclaresErrorCodes {
    /// `payments.create_setup_sheet`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId, .accountNotReady])
}

extension ListPaymentMethods: DeclaresErrorCodes {
    /// `payments.list_payment_methods`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId])
}

extension DetachPaymentMethod: DeclaresErrorCodes {
    /// `payments.detach_payment_method`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .invalidId, .customerNotFound, .paymentMethodNotSaved,
    ])
}

extension SetDefaultPaymentMethod: DeclaresErrorCodes {
    /// `payments.set_default_payment_method`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId, .customerNotFound, .paymentMethodNotSaved])
}

extension RegisterBuyer: DeclaresErrorCodes {
    /// `payments.register_buyer`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId, .orderNotFound, .customerMismatch])
}

extension ChargeSavedPaymentMethod: DeclaresErrorCodes {
    /// `payments.charge_saved_payment_method`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .feeExceedsAmount, .invalidAmount, .invalidCurrency, .invalidId, .invalidURL, .orderNotFound, .accountNotReady, .concurrentUpdate,
        .customerMismatch, .invalidState, .noSavedPaymentMethod, .paymentMethodNotSaved,
    ])
}

extension RegisterPaymentMethodDomain: DeclaresErrorCodes {
    /// `payments.register_payment_method_domain`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidDomain, .invalidId])
}

extension ListPaymentMethodDomains: DeclaresErrorCodes {
    /// `payments.list_payment_method_domains`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidDomain, .invalidId])
}

extension SubmitDisputeEvidence: DeclaresErrorCodes {
    /// `payments.submit_dispute_evidence`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([
        .invalidId, .tooLong, .orderNotFound, .disputeNotFound, .disputeNotOpen,
    ])
}

extension AcceptDispute: DeclaresErrorCodes {
    /// `payments.accept_dispute`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId, .orderNotFound, .disputeNotFound, .disputeNotOpen])
}

extension GetBalance: DeclaresErrorCodes {
    /// `payments.get_balance`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId])
}

extension GetStatement: DeclaresErrorCodes {
    /// `payments.get_statement`'s error codes.
    public static let errorCodes = PaymentsErrorCodes.stripeBound([.invalidId, .statementRange])
}
