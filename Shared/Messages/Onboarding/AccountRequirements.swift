/// What Stripe still needs from the seller (Stripe API reference: Accounts, `requirements`).
public struct AccountRequirements: Codable, Sendable, Equatable, FieldDocumented {
    /// Fields due now, e.g. `individual.verification.document`.
    public var currentlyDue: [String]
    /// Fields past their deadline; the account is restricted until they are given.
    public var pastDue: [String]
    /// Fields that will be due later.
    public var eventuallyDue: [String]
    /// Why the account is disabled, e.g. `requirements.past_due`.
    public var disabledReason: String?
    /// Unix seconds by which `currently_due` must be given, if any.
    public var currentDeadline: Int?

    /// Creates the value; optional fields default to absent.
    public init(
        currentlyDue: [String] = [], pastDue: [String] = [], eventuallyDue: [String] = [], disabledReason: String? = nil, currentDeadline: Int? = nil
    ) {
        self.currentlyDue = currentlyDue
        self.pastDue = pastDue
        self.eventuallyDue = eventuallyDue
        self.disabledReason = disabledReason
        self.currentDeadline = currentDeadline
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "currently_due": "Fields due now, e.g. `individual.verification.document`.",
        "past_due": "Fields past their deadline; the account is restricted until they are given.",
        "eventually_due": "Fields that will be due later.",
        "disabled_reason": "Why the account is disabled, e.g. `requirements.past_due`.",
        "current_deadline": "Unix seconds by which `currently_due` must be given, if any.",
    ]
}
