/// A connected account's payout as Stripe reports it (Stripe API reference: Payouts, the
/// Payout object), carried by the `onboarding.payout.*` events.
public struct PayoutDetails: Codable, Sendable, Equatable, FieldDocumented {
    /// Stripe's payout id (`po_…`).
    public var id: String
    /// Amount in the smallest currency unit.
    public var amount: Int
    /// Three-letter ISO currency code, lowercase.
    public var currency: String
    /// Stripe's `status`: `pending`, `in_transit`, `paid`, `failed` or `canceled`.
    public var status: String
    /// Whether Stripe made it on the account's payout schedule (`true`) or it was created through the API.
    public var automatic: Bool
    /// Unix seconds when the payout is expected to reach the bank (Stripe's `arrival_date`).
    public var arrivalDate: Int
    /// The bank account (`ba_…`) or card it goes to, when Stripe names it.
    public var destination: String?
    /// Stripe's `failure_code` of a failed payout, e.g. `account_closed`, `no_account`, `invalid_account_number`.
    public var failureCode: String?
    /// Stripe's `failure_message` of a failed payout.
    public var failureMessage: String?

    /// Creates the value; optional fields default to absent.
    public init(
        id: String, amount: Int, currency: String, status: String, automatic: Bool, arrivalDate: Int, destination: String? = nil,
        failureCode: String? = nil, failureMessage: String? = nil
    ) {
        self.id = id
        self.amount = amount
        self.currency = currency
        self.status = status
        self.automatic = automatic
        self.arrivalDate = arrivalDate
        self.destination = destination
        self.failureCode = failureCode
        self.failureMessage = failureMessage
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "id": "Stripe's payout id (`po_…`).",
        "amount": "Amount in the smallest currency unit.",
        "currency": "Three-letter ISO currency code, lowercase.",
        "status": "Stripe's `status`: `pending`, `in_transit`, `paid`, `failed` or `canceled`.",
        "automatic": "Whether Stripe made it on the account's payout schedule (`true`) or it was created through the API.",
        "arrival_date": "Unix seconds when the payout is expected to reach the bank (Stripe's `arrival_date`).",
        "destination": "The bank account (`ba_…`) or card it goes to, when Stripe names it.",
        "failure_code": "Stripe's `failure_code` of a failed payout, e.g. `account_closed`, `no_account`, `invalid_account_number`.",
        "failure_message": "Stripe's `failure_message` of a failed payout.",
    ]
}
