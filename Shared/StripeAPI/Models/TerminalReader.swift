/// A Terminal reader (`object: "terminal.reader"`).
/// See https://docs.stripe.com/api/terminal/readers/object.
public struct TerminalReader: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The reader id, `tmr_…`.
    public var id: String
    /// Always `terminal.reader`.
    public var object: String?
    /// The reader's label.
    public var label: String?
    /// e.g. `bbpos_wisepos_e`, `stripe_s700`, `simulated_wisepos_e`.
    public var deviceType: String?
    /// The serial number.
    public var serialNumber: String?
    /// `online` or `offline`.
    public var status: TerminalReaderStatus?
    /// The location, as id or expanded.
    public var location: Expandable<TerminalLocation>?
    /// The current or last action.
    public var action: TerminalReaderAction?
    /// The reader's local IP address.
    public var ipAddress: String?
    /// The software version.
    public var deviceSwVersion: String?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, label: String? = nil, deviceType: String? = nil,
        serialNumber: String? = nil, status: TerminalReaderStatus? = nil,
        location: Expandable<TerminalLocation>? = nil, action: TerminalReaderAction? = nil,
        ipAddress: String? = nil, deviceSwVersion: String? = nil, livemode: Bool? = nil,
        metadata: [String: String]? = nil
    ) {
        self.id = id
        self.object = object
        self.label = label
        self.deviceType = deviceType
        self.serialNumber = serialNumber
        self.status = status
        self.location = location
        self.action = action
        self.ipAddress = ipAddress
        self.deviceSwVersion = deviceSwVersion
        self.livemode = livemode
        self.metadata = metadata
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case label
        case deviceType = "device_type"
        case serialNumber = "serial_number"
        case status
        case location
        case action
        case ipAddress = "ip_address"
        case deviceSwVersion = "device_sw_version"
        case livemode
        case metadata
    }
}

/// What a reader is doing or last did (`action`).
public struct TerminalReaderAction: Codable, Sendable, Equatable {
    /// The kind of action.
    public var type: TerminalReaderActionType?
    /// `in_progress`, `succeeded` or `failed`.
    public var status: TerminalReaderActionStatus?
    /// Why it failed, e.g. `card_declined`.
    public var failureCode: String?
    /// A message when it failed.
    public var failureMessage: String?
    /// Details of a `process_payment_intent` action.
    public var processPaymentIntent: TerminalProcessPaymentIntentAction?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        type: TerminalReaderActionType? = nil, status: TerminalReaderActionStatus? = nil,
        failureCode: String? = nil, failureMessage: String? = nil,
        processPaymentIntent: TerminalProcessPaymentIntentAction? = nil
    ) {
        self.type = type
        self.status = status
        self.failureCode = failureCode
        self.failureMessage = failureMessage
        self.processPaymentIntent = processPaymentIntent
    }

    enum CodingKeys: String, CodingKey {
        case type
        case status
        case failureCode = "failure_code"
        case failureMessage = "failure_message"
        case processPaymentIntent = "process_payment_intent"
    }
}

/// The PaymentIntent a reader is processing.
public struct TerminalProcessPaymentIntentAction: Codable, Sendable, Equatable {
    /// The PaymentIntent, as id or expanded.
    public var paymentIntent: Expandable<PaymentIntent>?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(paymentIntent: Expandable<PaymentIntent>? = nil) {
        self.paymentIntent = paymentIntent
    }

    enum CodingKeys: String, CodingKey {
        case paymentIntent = "payment_intent"
    }
}
