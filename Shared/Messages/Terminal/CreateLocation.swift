/// `terminal.create_location`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CreateLocation: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.create_location"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Create a Terminal Location (a store), which readers are registered to."

    /// Name of the location, e.g. the shop's name.
    public var displayName: String
    /// Where it is.
    public var address: TerminalAddress
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?
    /// Stored on the location.
    public var metadata: [String: String]?
    /// The location's IANA time zone (e.g. `Australia/Sydney`): its daily reconciliation runs
    /// at the configured local time there; absent: `RECONCILE_TIME_ZONE`.
    public var timeZone: String?

    /// Creates the command; optional fields default to absent.
    public init(
        displayName: String, address: TerminalAddress, account: String? = nil, metadata: [String: String]? = nil,
        timeZone: String? = nil
    ) {
        self.timeZone = timeZone
        self.displayName = displayName
        self.address = address
        self.account = account
        self.metadata = metadata
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "display_name": "Name of the location, e.g. the shop's name.",
        "address": "Where it is.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
        "metadata": "Stored on the location.",
        "time_zone":
            "The location's IANA time zone (e.g. `Australia/Sydney`): its daily reconciliation runs at the configured local time there; absent: `RECONCILE_TIME_ZONE`.",
    ]

    /// The new location.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The location id (`tml_…`).
        public var location: String
        /// Its name.
        public var displayName: String

        /// Creates the result; optional fields default to absent.
        public init(location: String, displayName: String) {
            self.location = location
            self.displayName = displayName
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "location": "The location id (`tml_…`).",
            "display_name": "Its name.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.nonEmpty(displayName, field: "display_name")
        try Validation.nonEmpty(address.line1, field: "address.line1")
        try Validation.nonEmpty(address.city, field: "address.city")
        try Validation.nonEmpty(address.postalCode, field: "address.postal_code")
        try Validation.country(address.country, field: "address.country")
        try Validation.id(account, prefix: "acct_", field: "account")
        try TimeZoneRule.validate(timeZone)
    }
}

extension CreateLocation: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "display_name": .nonEmpty,
            "account": .account,
            "time_zone": TimeZoneRule.schema,
        ]
    }
}
