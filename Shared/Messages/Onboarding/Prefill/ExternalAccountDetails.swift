/// The bank account payouts go to (Stripe API reference: Accounts, `external_account`): either
/// a bank-account token made by Stripe.js or a test token such as `btok_us_verified`, or the
/// bank details themselves (sent as `external_account[object]=bank_account`). Exactly one form.
public struct ExternalAccountDetails: Codable, Sendable, Equatable, FieldDocumented {
    /// A bank-account token, `btok_…`.
    public var token: String?
    /// The bank's country, two uppercase letters (with `account_number`).
    public var country: String?
    /// Lowercase ISO 4217 currency of the bank account (with `account_number`).
    public var currency: String?
    /// The account number (IBAN in Europe).
    public var accountNumber: String?
    /// The routing number (US), sort code (GB) or similar; absent for IBANs.
    public var routingNumber: String?
    /// The account holder's name.
    public var accountHolderName: String?
    /// `individual` or `company`.
    public var accountHolderType: String?

    /// Creates the value; give `token` or the bank details.
    public init(
        token: String? = nil, country: String? = nil, currency: String? = nil, accountNumber: String? = nil,
        routingNumber: String? = nil, accountHolderName: String? = nil, accountHolderType: String? = nil
    ) {
        self.token = token; self.country = country; self.currency = currency; self.accountNumber = accountNumber
        self.routingNumber = routingNumber; self.accountHolderName = accountHolderName
        self.accountHolderType = accountHolderType
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "token": "A bank-account token, `btok_…` (e.g. the test token `btok_us_verified`); give this or `account_number`.",
        "country": "The bank's country, two uppercase letters; required with `account_number`.",
        "currency": "Lowercase ISO 4217 currency of the bank account; required with `account_number`.",
        "account_number": "The account number (an IBAN in Europe); give this or `token`.",
        "routing_number": "The routing number (US), sort code (GB) or similar; absent for IBANs.",
        "account_holder_name": "The account holder's name.",
        "account_holder_type": "`individual` or `company`.",
    ]

    /// Checks that exactly one form is given and the bank details are complete.
    /// - Throws: the first broken rule as a `validation.*` error naming the field under `field`.
    public func validate(field: String) throws(ReplyError) {
        switch (token, accountNumber) {
        case (nil, nil): throw .invalid("\(field).token", "give token or account_number", code: ReplyError.Code.missingField)
        case (.some, .some): throw .invalid("\(field).account_number", "give token or account_number, not both")
        case (.some(let token), nil): try Validation.id(token, prefix: "btok_", field: "\(field).token")
        case (nil, .some(let number)):
            try Validation.nonEmpty(number, field: "\(field).account_number")
            guard let country else { throw .missingField("\(field).country") }
            try Validation.country(country, field: "\(field).country")
            guard let currency else { throw .missingField("\(field).currency") }
            try Validation.currency(currency, field: "\(field).currency")
        }
        if let accountHolderType, !["individual", "company"].contains(accountHolderType) {
            throw .invalid("\(field).account_holder_type", "must be individual or company")
        }
    }
}

extension ExternalAccountDetails: SchemaConstrained {
    /// The field rules of ``validate(field:)`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] {
        [
            "token": .stripeId("btok_"), "country": .country, "currency": .currency, "account_number": .nonEmpty,
            "account_holder_type": .allowed(["individual", "company"]),
        ]
    }

    /// The cross-field rules of ``validate(field:)`` in the catalogue's JSON Schema.
    public static var objectRules: [SchemaRule] {
        [.exactlyOne(of: ["token", "account_number"]), .dependentRequired("account_number", ["country", "currency"])]
    }
}
