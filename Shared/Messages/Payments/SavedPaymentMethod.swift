/// One payment method saved for a buyer on a connected account, as a "manage cards" screen
/// shows it (from Stripe's PaymentMethod object; no secret).
public struct SavedPaymentMethod: Codable, Sendable, Equatable, FieldDocumented {
    /// The PaymentMethod id (`pm_…`) on the connected account.
    public var paymentMethod: String
    /// Its type, e.g. card, sepa_debit, us_bank_account.
    public var type: String
    /// Card brand (cards only), e.g. visa.
    public var brand: String?
    /// Last four digits of the card or account number.
    public var last4: String?
    /// Card expiry month, 1–12 (cards only).
    public var expMonth: Int?
    /// Card expiry year, four digits (cards only).
    public var expYear: Int?
    /// When it was created (Unix seconds).
    public var created: Int?
    /// Whether it is the Customer's default (`invoice_settings.default_payment_method`).
    public var isDefault: Bool?

    /// Creates the entry; optional fields default to absent.
    public init(
        paymentMethod: String, type: String, brand: String? = nil, last4: String? = nil, expMonth: Int? = nil,
        expYear: Int? = nil, created: Int? = nil, isDefault: Bool? = nil
    ) {
        self.paymentMethod = paymentMethod
        self.type = type
        self.brand = brand
        self.last4 = last4
        self.expMonth = expMonth
        self.expYear = expYear
        self.created = created
        self.isDefault = isDefault
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payment_method": "The PaymentMethod id (`pm_…`) on the connected account.",
        "type": "Its type, e.g. card, sepa_debit, us_bank_account.",
        "brand": "Card brand (cards only), e.g. visa.",
        "last4": "Last four digits of the card or account number.",
        "exp_month": "Card expiry month, 1–12 (cards only).",
        "exp_year": "Card expiry year, four digits (cards only).",
        "created": "When it was created (Unix seconds).",
        "is_default": "Whether it is the Customer's default (`invoice_settings.default_payment_method`): the one charged when no method is named.",
    ]
}
