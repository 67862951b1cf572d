/// A platform fee collected on a connected account's charge (`object: "application_fee"`).
/// See https://docs.stripe.com/api/application_fees/object.
public struct ApplicationFee: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The fee id, `fee_…`.
    public var id: String
    /// Always `application_fee`.
    public var object: String?
    /// The connected account charged the fee.
    public var account: Expandable<Account>?
    /// Amount in the currency's smallest unit (e.g. cents).
    public var amount: Int?
    /// Amount refunded in the currency's smallest unit (e.g. cents).
    public var amountRefunded: Int?
    /// Three-letter currency code.
    public var currency: String?
    /// The charge the fee was taken from.
    public var charge: Expandable<Charge>?
    /// Whether it was fully refunded.
    public var refunded: Bool?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, account: Expandable<Account>? = nil, amount: Int? = nil,
        amountRefunded: Int? = nil, currency: String? = nil, charge: Expandable<Charge>? = nil,
        refunded: Bool? = nil, livemode: Bool? = nil, created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.account = account
        self.amount = amount
        self.amountRefunded = amountRefunded
        self.currency = currency
        self.charge = charge
        self.refunded = refunded
        self.livemode = livemode
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case account
        case amount
        case amountRefunded = "amount_refunded"
        case currency
        case charge
        case refunded
        case livemode
        case created
    }
}
