/// Settings the platform sets on an account (Stripe API reference: Accounts, `settings`): the
/// statement descriptor buyers see and the payout schedule.
public struct AccountSettings: Codable, Sendable, Equatable, FieldDocumented {
    /// `settings[payments]`.
    public struct Payments: Codable, Sendable, Equatable, FieldDocumented {
        /// What buyers' statements show, 5–22 characters, not only digits, none of `<>\'"*`.
        public var statementDescriptor: String?
        /// Creates the value.
        public init(statementDescriptor: String? = nil) { self.statementDescriptor = statementDescriptor }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "statement_descriptor":
                "What buyers' statements show (`settings[payments][statement_descriptor]`): 5–22 characters, none of < > \\ ' \" *."
        ]
    }

    /// `settings[payouts][schedule]`.
    public struct PayoutSchedule: Codable, Sendable, Equatable, FieldDocumented {
        /// `manual`, `daily`, `weekly` or `monthly`.
        public var interval: String
        /// Days a charge waits before it is paid out (≥ 0; Stripe's minimum for the country applies).
        public var delayDays: Int?
        /// With `weekly`: `monday` … `sunday`.
        public var weeklyAnchor: String?
        /// With `monthly`: day of the month, 1–31.
        public var monthlyAnchor: Int?
        /// Creates the value.
        public init(interval: String, delayDays: Int? = nil, weeklyAnchor: String? = nil, monthlyAnchor: Int? = nil) {
            self.interval = interval; self.delayDays = delayDays; self.weeklyAnchor = weeklyAnchor
            self.monthlyAnchor = monthlyAnchor
        }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "interval": "`manual`, `daily`, `weekly` or `monthly`.",
            "delay_days": "Days a charge waits before it is paid out (≥ 0; Stripe's minimum for the country applies).",
            "weekly_anchor": "With `weekly`: `monday` … `sunday`.",
            "monthly_anchor": "With `monthly`: day of the month, 1–31.",
        ]
    }

    /// `settings[payouts]`.
    public struct Payouts: Codable, Sendable, Equatable, FieldDocumented {
        /// When payouts happen.
        public var schedule: PayoutSchedule?
        /// Creates the value.
        public init(schedule: PayoutSchedule? = nil) { self.schedule = schedule }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = ["schedule": "When payouts happen."]
    }

    /// Payment settings.
    public var payments: Payments?
    /// Payout settings.
    public var payouts: Payouts?

    /// Creates the value; absent parts are not sent.
    public init(payments: Payments? = nil, payouts: Payouts? = nil) { self.payments = payments; self.payouts = payouts }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payments": "Payment settings (`settings[payments]`).",
        "payouts": "Payout settings (`settings[payouts]`).",
    ]

    static let intervals = ["manual", "daily", "weekly", "monthly"]
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Checks the descriptor and the schedule.
    /// - Throws: `validation.invalid_value` naming the field under `field`.
    public func validate(field: String) throws(ReplyError) {
        if let descriptor = payments?.statementDescriptor {
            let f = "\(field).payments.statement_descriptor"
            guard (5...22).contains(descriptor.count) else { throw .invalid(f, "must be 5 to 22 characters") }
            if descriptor.contains(where: { "<>\\'\"*".contains($0) }) { throw .invalid(f, "must not contain < > \\ ' \" *") }
        }
        if let schedule = payouts?.schedule {
            let f = "\(field).payouts.schedule"
            guard Self.intervals.contains(schedule.interval) else {
                throw .invalid("\(f).interval", "must be manual, daily, weekly or monthly")
            }
            if let d = schedule.delayDays, d < 0 { throw .invalid("\(f).delay_days", "must be 0 or more") }
            if let w = schedule.weeklyAnchor, !Self.weekdays.contains(w) {
                throw .invalid("\(f).weekly_anchor", "must be a weekday name such as monday")
            }
            if let m = schedule.monthlyAnchor, !(1...31).contains(m) { throw .invalid("\(f).monthly_anchor", "must be 1 to 31") }
        }
    }
}

extension AccountSettings.Payments: SchemaConstrained {
    /// The field rules of ``AccountSettings/validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "statement_descriptor": SchemaRule([
                "minLength": .int(5), "maxLength": .int(22),
                "not": .object(["pattern": .string("[<>\\\\'\"*]")]),
            ])
        ]
    }
}

extension AccountSettings.PayoutSchedule: SchemaConstrained {
    /// The field rules of ``AccountSettings/validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "interval": .allowed(AccountSettings.intervals), "delay_days": .nonNegative,
            "weekly_anchor": .allowed(AccountSettings.weekdays),
            "monthly_anchor": SchemaRule(["minimum": .int(1), "maximum": .int(31)]),
        ]
    }
}
