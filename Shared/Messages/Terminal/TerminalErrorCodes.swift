/// The error codes of the terminal-gateway commands (DESIGN §4 "Error codes per command"):
/// each command's route kind and its own codes (its `validate()` and its handler in
/// Services/TerminalGateway/Sources/Handlers with the steps it calls, such as the payment
/// state machine). The runtime's codes, the limit codes of the fields and `stripe.*` are added
/// by the catalogue (``CommandErrorCodes/answerable(limits:)``).
public enum TerminalErrorCodes {
    /// Stripe's Terminal and PaymentIntent refusals the gateway answers with its own code
    /// (`TerminalErrorMapping` in the service), for every Stripe-bound terminal command.
    public static let stripeMapping: [DeclaredErrorCode] = [
        DeclaredErrorCode(ReplyError.Code.paymentIntentNotFound, "Stripe does not know the PaymentIntent"),
        DeclaredErrorCode(ReplyError.Code.readerNotFound, "Stripe does not know the reader"),
        DeclaredErrorCode("not_found.location", "Stripe does not know the location"),
        DeclaredErrorCode(ReplyError.Code.readerBusy, "the reader is busy with another action (terminal_reader_busy)"),
        DeclaredErrorCode(ReplyError.Code.readerOffline, "the reader is offline (terminal_reader_offline)"),
        DeclaredErrorCode(
            ReplyError.Code.timeout, "the reader did not answer (terminal_reader_timeout); retryable on the same PaymentIntent"),
        DeclaredErrorCode(ReplyError.Code.invalidState, "the PaymentIntent is not in a state that allows the operation"),
        DeclaredErrorCode(
            ReplyError.Code.captureExceedsAuthorized, "the amount is above what the authorization covers (Stripe's amount_too_large)"),
    ]

    /// The declaration of a Stripe-bound command of the domain: ``stripeMapping`` and `own`.
    static func stripeBound(_ own: [DeclaredErrorCode]) -> CommandErrorCodes {
        CommandErrorCodes(.stripe(mapping: stripeMapping), own)
    }
}

extension CreateConnectionToken: DeclaresErrorCodes {
    /// `terminal.create_connection_token`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([.invalidId])
}

extension CreateLocation: DeclaresErrorCodes {
    /// `terminal.create_location`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([.invalidId, .invalidTimeZone])
}

extension RegisterReader: DeclaresErrorCodes {
    /// `terminal.register_reader`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([.invalidId])
}

extension ListReaders: DeclaresErrorCodes {
    /// `terminal.list_readers`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([.invalidId])
}

extension CreateTerminalPaymentIntent: DeclaresErrorCodes {
    /// `terminal.create_payment_intent`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .feeExceedsAmount, .interacManualCaptureRequested, .invalidAmount, .invalidCurrency, .invalidId, .duplicateReference,
        .interacManualCapture, .interacUnavailable, .orderInProgress,
    ])
}

extension ProcessPayment: DeclaresErrorCodes {
    /// `terminal.process_payment`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .invalidId, .alreadyCaptured, .authorizationExpired,
    ])
}

extension CapturePayment: DeclaresErrorCodes {
    /// `terminal.capture_payment`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .feeExceedsAmount, .invalidAmount, .invalidId, .alreadyCaptured, .authorizationExpired, .duplicateReference, .notCardPresent,
    ])
}

extension IncrementAuthorization: DeclaresErrorCodes {
    /// `terminal.increment_authorization`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .feeExceedsAmount, .invalidAmount, .invalidId, .alreadyCaptured, .amountNotIncreased, .authorizationExpired, .duplicateReference,
        .incrementalAuthorizationUnsupported, .notCardPresent,
    ])
}

extension CollectPaymentMethod: DeclaresErrorCodes {
    /// `terminal.collect_payment_method`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .invalidId, .alreadyCaptured, .authorizationExpired,
    ])
}

extension TerminalConfirmPayment: DeclaresErrorCodes {
    /// `terminal.confirm_payment`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .invalidId, .alreadyCaptured, .authorizationExpired, .collectionExpired,
    ])
}

extension TerminalRefundPayment: DeclaresErrorCodes {
    /// `terminal.refund_payment`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .invalidAmount, .invalidId, .alreadyCaptured, .alreadyRefunded, .authorizationExpired, .duplicateReference, .notCardPresent,
        .refundExceedsAmount, .refundInPerson,
    ])
}

extension CancelPayment: DeclaresErrorCodes {
    /// `terminal.cancel_payment`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .invalidId, .alreadyCaptured, .authorizationExpired, .duplicateReference, .notCardPresent,
    ])
}

extension CancelReaderAction: DeclaresErrorCodes {
    /// `terminal.cancel_reader_action`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .invalidId, .alreadyCaptured, .authorizationExpired,
    ])
}

extension SetReaderDisplay: DeclaresErrorCodes {
    /// `terminal.set_reader_display`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .cartTotalMismatch, .invalidAmount, .invalidCurrency, .invalidId,
    ])
}

extension Reconcile: DeclaresErrorCodes {
    /// `terminal.reconcile`'s error codes.
    public static let errorCodes = TerminalErrorCodes.stripeBound([
        .invalidId, .invalidTimeZone, .alreadyCaptured, .authorizationExpired, .duplicateReference, .notCardPresent,
    ])
}

extension CompleteOrder: DeclaresErrorCodes {
    /// `terminal.complete_order`'s error codes.
    public static let errorCodes = CommandErrorCodes(.database, [.invalidId, .invalidState])
}

extension MarkPaidOtherwise: DeclaresErrorCodes {
    /// `terminal.mark_paid_otherwise`'s error codes.
    public static let errorCodes = CommandErrorCodes(.database, [])
}

extension AbandonOrder: DeclaresErrorCodes {
    /// `terminal.abandon_order`'s error codes.
    public static let errorCodes = CommandErrorCodes(.database, [.invalidState])
}
