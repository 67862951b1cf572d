/// The field rules commands share, each throwing a `validation.*` ``ReplyError`` that names
/// the wire field. Pure functions; thread-safe.
public enum Validation {
    /// An amount must be an integer > 0 in the currency's smallest unit (e.g. cents).
    public static func positiveAmount(_ value: Int, field: String = "amount") throws(ReplyError) {
        guard value > 0 else {
            throw .invalid(
                field, "must be a positive integer in the currency's smallest unit, got \(value)",
                code: ReplyError.Code.invalidAmount)
        }
    }

    /// An optional amount, when present, must be > 0.
    public static func positiveAmount(_ value: Int?, field: String) throws(ReplyError) {
        if let value { try positiveAmount(value, field: field) }
    }

    /// A currency must be a lowercase three-letter ISO 4217 code that ``Currency`` knows.
    public static func currency(_ value: String, field: String = "currency") throws(ReplyError) {
        guard Currency.isKnown(value) else {
            throw .invalid(
                field, "must be a lowercase ISO 4217 code such as usd or eur, got \"\(value)\"",
                code: ReplyError.Code.invalidCurrency)
        }
    }

    /// An application fee, when present, must be ≥ 0 and ≤ `amount` (both in minor units).
    public static func applicationFee(_ fee: Int?, amount: Int, field: String = "application_fee_amount") throws(ReplyError) {
        guard let fee else { return }
        guard fee >= 0, fee <= amount else {
            throw .invalid(
                field, "must be between 0 and the amount (\(amount)), got \(fee)",
                code: ReplyError.Code.feeExceedsAmount)
        }
    }

    /// The money rules every charge shares: `amount` a positive integer in the currency's
    /// smallest unit, `currency` a known lowercase ISO 4217 code, and the application fee
    /// (when given) between 0 and `amount`, checked in that order.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError``.
    public static func charge(amount: Int, currency: String, applicationFee: Int?) throws(ReplyError) {
        try positiveAmount(amount)
        try self.currency(currency)
        try Validation.applicationFee(applicationFee, amount: amount)
    }

    /// A string must not be empty (after trimming spaces).
    public static func nonEmpty(_ value: String, field: String) throws(ReplyError) {
        if value.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) { throw .missingField(field) }
    }

    /// A Stripe id must start with `prefix`, e.g. `acct_` for a connected account.
    public static func id(_ value: String, prefix: String, field: String) throws(ReplyError) {
        guard value.hasPrefix(prefix), value.count > prefix.count else {
            throw .invalid(field, "must be a Stripe id starting with \(prefix)", code: ReplyError.Code.invalidId)
        }
    }

    /// An optional Stripe id, when present, must start with `prefix`.
    public static func id(_ value: String?, prefix: String, field: String) throws(ReplyError) {
        if let value { try id(value, prefix: prefix, field: field) }
    }

    /// A connected account id: `acct_…`.
    public static func account(_ value: String, field: String = "account") throws(ReplyError) {
        try id(value, prefix: "acct_", field: field)
    }

    /// A URL must be absolute with a host; `https` is required unless `allowHTTP`, or the
    /// host is `localhost` / `127.0.0.1` (local development pages).
    public static func url(_ value: String, field: String, allowHTTP: Bool = false) throws(ReplyError) {
        let lower = value.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") {
            scheme = "https://"
        } else if lower.hasPrefix("http://") {
            scheme = "http://"
        } else {
            throw .invalid(field, "must be an absolute https URL", code: ReplyError.Code.invalidURL)
        }
        let rest = value.dropFirst(scheme.count)
        let authority = rest.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        guard !authority.isEmpty, !rest.contains(" ") else {
            throw .invalid(field, "must be an absolute URL with a host", code: ReplyError.Code.invalidURL)
        }
        let host = authority.split(separator: ":").first.map(String.init)?.lowercased() ?? ""
        let local = host == "localhost" || host == "127.0.0.1"
        guard scheme == "https://" || allowHTTP || local else {
            throw .invalid(field, "must use https", code: ReplyError.Code.invalidURL)
        }
    }

    /// An optional URL, when present, follows ``url(_:field:allowHTTP:)``.
    public static func url(_ value: String?, field: String, allowHTTP: Bool = false) throws(ReplyError) {
        if let value { try url(value, field: field, allowHTTP: allowHTTP) }
    }

    /// An e-mail address must have one `@` with text on both sides and a dot in the domain.
    public static func email(_ value: String?, field: String = "email") throws(ReplyError) {
        guard let value else { return }
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !value.contains(" ") else {
            throw .invalid(field, "must be an e-mail address")
        }
    }

    /// A list must have at least one element.
    public static func nonEmpty<T>(_ values: [T], field: String) throws(ReplyError) {
        if values.isEmpty { throw .invalid(field, "must have at least one element") }
    }

    /// A country must be a two-letter ISO 3166-1 alpha-2 code, uppercase (`US`, `FR`).
    public static func country(_ value: String, field: String = "country") throws(ReplyError) {
        guard value.count == 2, value.unicodeScalars.allSatisfy({ $0 >= "A" && $0 <= "Z" }) else {
            throw .invalid(field, "must be a two-letter uppercase ISO 3166-1 code such as US")
        }
    }

    /// A payment method type must be a lowercase Stripe identifier such as `card` or `sepa_debit`,
    /// and a list must not repeat one.
    public static func paymentMethodTypes(_ values: [String]?, field: String = "payment_method_types") throws(ReplyError) {
        guard let values else { return }
        try nonEmpty(values, field: field)
        for (i, v) in values.enumerated() {
            guard !v.isEmpty, v.unicodeScalars.allSatisfy({ ($0 >= "a" && $0 <= "z") || $0 == "_" || ($0 >= "0" && $0 <= "9") }) else {
                throw .invalid("\(field)[\(i)]", "must be a Stripe payment method type such as card or sepa_debit")
            }
        }
        if Set(values).count != values.count { throw .invalid(field, "must not repeat a type") }
    }
}

extension Validation {
    /// Names of Stripe capabilities (`card_payments`, `transfers`): at least one, no repeats,
    /// each a lowercase Stripe identifier.
    /// - Throws: `validation.invalid_value` naming `field`.
    public static func capabilityNames(_ values: [String]?, field: String = "capabilities") throws(ReplyError) {
        guard let values else { return }
        if values.isEmpty { throw .invalid(field, "give at least one capability, or leave the field out") }
        if Set(values).count != values.count { throw .invalid(field, "must not repeat a capability") }
        for (i, v) in values.enumerated()
        where v.isEmpty
            || v.unicodeScalars.contains(where: {
                !(($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "_")
            })
        {
            throw .invalid("\(field)[\(i)]", "must be a Stripe capability name such as card_payments")
        }
    }
}

extension DateOfBirth {
    /// Checks day 1–31, month 1–12 and a four-digit year.
    /// - Throws: `validation.invalid_value` naming `<field>.day|month|year`.
    public func validateRange(field: String) throws(ReplyError) {
        if !(1...31).contains(day) { throw .invalid("\(field).day", "must be 1 to 31") }
        if !(1...12).contains(month) { throw .invalid("\(field).month", "must be 1 to 12") }
        if !(1900...9999).contains(year) { throw .invalid("\(field).year", "must be a four-digit year from 1900") }
    }
}

extension DateOfBirth: SchemaConstrained {
    /// The field rules of ``validateRange(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "day": SchemaRule(["minimum": .int(1), "maximum": .int(31)]),
            "month": SchemaRule(["minimum": .int(1), "maximum": .int(12)]),
            "year": SchemaRule(["minimum": .int(1900), "maximum": .int(9999)]),
        ]
    }
}
