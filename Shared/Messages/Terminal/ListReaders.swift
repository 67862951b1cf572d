/// `terminal.list_readers`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct ListReaders: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.list_readers"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "List the registered readers (all pages), optionally of one location or status."

    /// Only readers of this location (`tml_…`).
    public var location: String?
    /// Only online or only offline readers.
    public var status: ReaderStatus?
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?

    /// Creates the command; optional fields default to absent.
    public init(location: String? = nil, status: ReaderStatus? = nil, account: String? = nil) {
        self.location = location
        self.status = status
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "location": "Only readers of this location (`tml_…`).",
        "status": "Only online or only offline readers.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
    ]

    /// The readers.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The readers.
        public var readers: [ReaderSummary]

        /// Creates the result; optional fields default to absent.
        public init(readers: [ReaderSummary]) {
            self.readers = readers
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "readers": "The readers."
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(location, prefix: "tml_", field: "location")
        try Validation.id(account, prefix: "acct_", field: "account")
    }
}

extension ListReaders: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "location": .stripeId("tml_"),
            "account": .account,
        ]
    }
}
