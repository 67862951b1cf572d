/// `terminal.cancel_reader_action`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct CancelReaderAction: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.cancel_reader_action"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "Cancel what a server-driven reader is doing (e.g. waiting for a card); the PaymentIntent stays usable."

    /// The reader (`tmr_…`).
    public var reader: String
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?

    /// Creates the command; optional fields default to absent.
    public init(reader: String, account: String? = nil) {
        self.reader = reader
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "reader": "The reader (`tmr_…`).",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
    ]

    /// The reader after the cancel.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The reader (`tmr_…`).
        public var reader: String
        /// Online or offline.
        public var status: ReaderStatus?
        /// The action's state after the cancel, if any.
        public var actionStatus: ReaderActionStatus?

        /// Creates the result; optional fields default to absent.
        public init(reader: String, status: ReaderStatus? = nil, actionStatus: ReaderActionStatus? = nil) {
            self.reader = reader
            self.status = status
            self.actionStatus = actionStatus
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "reader": "The reader (`tmr_…`).",
            "status": "Online or offline.",
            "action_status": "The action's state after the cancel, if any.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(reader, prefix: "tmr_", field: "reader")
        try Validation.id(account, prefix: "acct_", field: "account")
    }
}

extension CancelReaderAction: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "reader": .stripeId("tmr_"),
            "account": .account,
        ]
    }
}
