extension Account {
    /// What Stripe still needs from a connected account or person before it can use a
    /// capability (`requirements` and `future_requirements`). Each list holds field paths such
    /// as `business_profile.url` or `tos_acceptance.date`.
    public struct Requirements: Codable, Sendable, Equatable {
        /// Fields needed by `current_deadline`.
        public var currentlyDue: [String]?
        /// Fields needed eventually (includes `currently_due`).
        public var eventuallyDue: [String]?
        /// Fields overdue; capabilities may be disabled.
        public var pastDue: [String]?
        /// Fields being verified by Stripe.
        public var pendingVerification: [String]?
        /// Why the account is disabled, e.g. `requirements.past_due`.
        public var disabledReason: String?
        /// When `currently_due` must be provided; Unix timestamp in seconds.
        public var currentDeadline: Int?
        /// Problems with submitted information.
        public var errors: [RequirementError]?

        /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
        public init(
            currentlyDue: [String]? = nil, eventuallyDue: [String]? = nil, pastDue: [String]? = nil,
            pendingVerification: [String]? = nil, disabledReason: String? = nil, currentDeadline: Int? = nil,
            errors: [RequirementError]? = nil
        ) {
            self.currentlyDue = currentlyDue
            self.eventuallyDue = eventuallyDue
            self.pastDue = pastDue
            self.pendingVerification = pendingVerification
            self.disabledReason = disabledReason
            self.currentDeadline = currentDeadline
            self.errors = errors
        }

        enum CodingKeys: String, CodingKey {
            case currentlyDue = "currently_due"
            case eventuallyDue = "eventually_due"
            case pastDue = "past_due"
            case pendingVerification = "pending_verification"
            case disabledReason = "disabled_reason"
            case currentDeadline = "current_deadline"
            case errors
        }
    }
}

/// A problem with information a connected account submitted.
public struct RequirementError: Codable, Sendable, Equatable {
    /// Stripe's code for the problem, e.g. `invalid_address_city_state_postal_code`.
    public var code: String?
    /// A human-readable explanation.
    public var reason: String?
    /// The field path concerned.
    public var requirement: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(code: String? = nil, reason: String? = nil, requirement: String? = nil) {
        self.code = code
        self.reason = reason
        self.requirement = requirement
    }

    enum CodingKeys: String, CodingKey {
        case code
        case reason
        case requirement
    }
}
