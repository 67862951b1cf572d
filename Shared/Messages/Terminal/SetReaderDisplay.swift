/// `terminal.set_reader_display`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct SetReaderDisplay: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "terminal.set_reader_display"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Show a cart (lines, tax, total) on a server-driven reader's screen (`POST /v1/terminal/readers/{id}/set_reader_display`, `type=cart`). Nothing is charged; the amount charged stays the PaymentIntent's. A reader busy with a payment answers `conflict.reader_busy`; a total that is not the lines' sum plus tax is `validation.cart_total_mismatch`."

    /// The reader (`tmr_…`).
    public var reader: String
    /// The cart to show.
    public var cart: ReaderCart
    /// The seller's connected account for a direct charge (with application fee); absent for the
    /// platform's own readers and payments.
    public var account: String?

    /// Creates the command; optional fields default to absent.
    public init(reader: String, cart: ReaderCart, account: String? = nil) {
        self.reader = reader
        self.cart = cart
        self.account = account
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "reader": "The reader (`tmr_…`).",
        "cart": "The cart to show.",
        "account": "The seller's connected account for a direct charge (with application fee); absent for the platform's own readers and payments.",
    ]

    /// The reader showing the cart.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The reader (`tmr_…`).
        public var reader: String
        /// The display action's state (`succeeded` once shown).
        public var actionStatus: ReaderActionStatus?

        /// Creates the result; optional fields default to absent.
        public init(reader: String, actionStatus: ReaderActionStatus? = nil) {
            self.reader = reader
            self.actionStatus = actionStatus
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "reader": "The reader (`tmr_…`).",
            "action_status": "The display action's state (`succeeded` once shown).",
        ]
    }

    /// Checks the field rules.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public func validate() throws(ReplyError) {
        try Validation.id(reader, prefix: "tmr_", field: "reader")
        try cart.validate(field: "cart")
        try Validation.id(account, prefix: "acct_", field: "account")
    }
}

extension SetReaderDisplay: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema (the cart's own rules
    /// are ``ReaderCart``'s).
    public static var fieldRules: [String: SchemaRule] {
        [
            "reader": .stripeId("tmr_"),
            "account": .account,
        ]
    }
}
