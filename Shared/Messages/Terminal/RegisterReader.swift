/// `terminal.register_reader`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct RegisterReader: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.register_reader"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Register a reader to a location with its registration code (the simulator's simulated codes such as simulated-wpe work) and a label."

    /// The code the reader shows (e.g. three words), or a simulated reader code.
    public var registrationCode: String
    /// A name for the reader.
    public var label: String?
    /// The location (`tml_…`) to register it to.
    public var location: String
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?

    /// Creates the command; optional fields default to absent.
    public init(registrationCode: String, label: String? = nil, location: String, account: String? = nil) {
        self.registrationCode = registrationCode
        self.label = label
        self.location = location
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "registration_code": "The code the reader shows (e.g. three words), or a simulated reader code.",
        "label": "A name for the reader.",
        "location": "The location (`tml_…`) to register it to.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
    ]

    /// The registered reader.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The reader (`tmr_…`).
        public var reader: String
        /// Its label.
        public var label: String?
        /// Its location.
        public var location: String
        /// Stripe's `device_type`.
        public var deviceType: String
        /// Online or offline.
        public var status: ReaderStatus?
        /// Its serial number.
        public var serialNumber: String?

        /// Creates the result; optional fields default to absent.
        public init(
            reader: String, label: String? = nil, location: String, deviceType: String, status: ReaderStatus? = nil, serialNumber: String? = nil
        ) {
            self.reader = reader
            self.label = label
            self.location = location
            self.deviceType = deviceType
            self.status = status
            self.serialNumber = serialNumber
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "reader": "The reader (`tmr_…`).",
            "label": "Its label.",
            "location": "Its location.",
            "device_type": "Stripe's `device_type`.",
            "status": "Online or offline.",
            "serial_number": "Its serial number.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.nonEmpty(registrationCode, field: "registration_code")
        try Validation.id(location, prefix: "tml_", field: "location")
        try Validation.id(account, prefix: "acct_", field: "account")
    }
}

extension RegisterReader: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "registration_code": .nonEmpty,
            "location": .stripeId("tml_"),
            "account": .account,
        ]
    }
}
