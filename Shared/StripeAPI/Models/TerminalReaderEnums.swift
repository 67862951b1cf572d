/// Whether a reader is reachable (`status`).
public enum TerminalReaderStatus: StripeStringEnum {
    /// `online`.
    case online
    /// `offline`.
    case offline
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [TerminalReaderStatus] = [.online, .offline]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .online: "online"
        case .offline: "offline"
        case .unknown(let raw): raw
        }
    }
}

/// The kind of a reader action (`action.type`).
public enum TerminalReaderActionType: StripeStringEnum {
    /// `process_payment_intent`.
    case processPaymentIntent
    /// `process_setup_intent`.
    case processSetupIntent
    /// `refund_payment`.
    case refundPayment
    /// `set_reader_display`.
    case setReaderDisplay
    /// `collect_payment_method`.
    case collectPaymentMethod
    /// `confirm_payment_intent`.
    case confirmPaymentIntent
    /// `collect_inputs`.
    case collectInputs
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [TerminalReaderActionType] = [
        .processPaymentIntent, .processSetupIntent, .refundPayment, .setReaderDisplay, .collectPaymentMethod,
        .confirmPaymentIntent, .collectInputs,
    ]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .processPaymentIntent: "process_payment_intent"
        case .processSetupIntent: "process_setup_intent"
        case .refundPayment: "refund_payment"
        case .setReaderDisplay: "set_reader_display"
        case .collectPaymentMethod: "collect_payment_method"
        case .confirmPaymentIntent: "confirm_payment_intent"
        case .collectInputs: "collect_inputs"
        case .unknown(let raw): raw
        }
    }
}

/// The state of a reader action (`action.status`).
public enum TerminalReaderActionStatus: StripeStringEnum {
    /// `in_progress`.
    case inProgress
    /// `succeeded`.
    case succeeded
    /// `failed`.
    case failed
    /// A value this code does not know yet.
    case unknown(String)

    /// Every known case.
    public static let known: [TerminalReaderActionStatus] = [.inProgress, .succeeded, .failed]

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .inProgress: "in_progress"
        case .succeeded: "succeeded"
        case .failed: "failed"
        case .unknown(let raw): raw
        }
    }
}
