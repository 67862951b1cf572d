/// `notifications.backfill`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` (see its fields) or a ``ReplyError``. ``validate()`` checks the field rules.
public struct BackfillStripeEvents: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "notifications.backfill"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Sweep Stripe's event log (`GET /v1/events`) now for events whose webhook never arrived, for the platform and every connected account the service knows; each missed event is stored and published once, marked `x-stripe-source: backfill`. The reply comes when the sweep is recorded, not when it ends; `connectbus status` shows its progress."

    /// Unix seconds: list events created at or after this time (Stripe keeps 30 days);
    /// absent = from each scope's high-water mark minus the safety window.
    public var since: Int?

    /// Creates the command; optional fields default to absent.
    public init(since: Int? = nil) {
        self.since = since
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "since":
            "Unix seconds (>= 0): list events created at or after this time (Stripe keeps 30 days); absent = from each scope's high-water mark minus the safety window."
    ]

    /// What was recorded.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// Always true: the sweep is recorded and starts within seconds.
        public var requested: Bool
        /// The `since` asked for, if any.
        public var since: Int?

        /// Creates the result; optional fields default to absent.
        public init(requested: Bool, since: Int? = nil) {
            self.requested = requested
            self.since = since
        }

        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "requested": "Always true: the sweep is recorded and starts within seconds.",
            "since": "The `since` asked for, if any.",
        ]
    }

    /// Checks the field rules.
    /// - Throws: `validation.invalid_value` naming `since` when it is negative.
    public func validate() throws(ReplyError) {
        if let since, since < 0 { throw .invalid("since", "must be Unix seconds (>= 0), got \(since)") }
    }
}

extension BackfillStripeEvents: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        ["since": .nonNegative]
    }
}
