/// A card's non-sensitive details (in a payment method or a charge).
public struct CardDetails: Codable, Sendable, Equatable {
    /// e.g. `visa`, `mastercard`.
    public var brand: String?
    /// The last four digits.
    public var last4: String?
    /// Expiry month, 1–12.
    public var expMonth: Int?
    /// Four-digit expiry year.
    public var expYear: Int?
    /// `credit`, `debit`, `prepaid` or `unknown`.
    public var funding: String?
    /// Issuing country.
    public var country: String?
    /// Identifies the card number across objects.
    public var fingerprint: String?
    /// The network used (charges).
    public var network: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        brand: String? = nil, last4: String? = nil, expMonth: Int? = nil, expYear: Int? = nil,
        funding: String? = nil, country: String? = nil, fingerprint: String? = nil,
        network: String? = nil
    ) {
        self.brand = brand
        self.last4 = last4
        self.expMonth = expMonth
        self.expYear = expYear
        self.funding = funding
        self.country = country
        self.fingerprint = fingerprint
        self.network = network
    }

    enum CodingKeys: String, CodingKey {
        case brand
        case last4
        case expMonth = "exp_month"
        case expYear = "exp_year"
        case funding
        case country
        case fingerprint
        case network
    }
}

/// An in-person card's details (Terminal), in a payment method or a charge.
public struct CardPresentDetails: Codable, Sendable, Equatable {
    /// e.g. `visa`, `interac`.
    public var brand: String?
    /// The last four digits.
    public var last4: String?
    /// Expiry month, 1–12.
    public var expMonth: Int?
    /// Four-digit expiry year.
    public var expYear: Int?
    /// `credit`, `debit`, `prepaid` or `unknown`.
    public var funding: String?
    /// The network used.
    public var network: String?
    /// `contact_emv`, `contactless_emv`, `magnetic_stripe_track2`, …
    public var readMethod: String?
    /// The authorized amount in the currency's smallest unit (e.g. cents).
    public var amountAuthorized: Int?
    /// Whether more than the authorized amount may be captured.
    public var overcaptureSupported: Bool?
    /// Whether the authorization may be incremented.
    public var incrementalAuthorizationSupported: Bool?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        brand: String? = nil, last4: String? = nil, expMonth: Int? = nil, expYear: Int? = nil,
        funding: String? = nil, network: String? = nil, readMethod: String? = nil,
        amountAuthorized: Int? = nil, overcaptureSupported: Bool? = nil,
        incrementalAuthorizationSupported: Bool? = nil
    ) {
        self.brand = brand
        self.last4 = last4
        self.expMonth = expMonth
        self.expYear = expYear
        self.funding = funding
        self.network = network
        self.readMethod = readMethod
        self.amountAuthorized = amountAuthorized
        self.overcaptureSupported = overcaptureSupported
        self.incrementalAuthorizationSupported = incrementalAuthorizationSupported
    }

    enum CodingKeys: String, CodingKey {
        case brand
        case last4
        case expMonth = "exp_month"
        case expYear = "exp_year"
        case funding
        case network
        case readMethod = "read_method"
        case amountAuthorized = "amount_authorized"
        case overcaptureSupported = "overcapture_supported"
        case incrementalAuthorizationSupported = "incremental_authorization_supported"
    }
}
