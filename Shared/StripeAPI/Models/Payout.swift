/// A payout of a Stripe balance to a bank account or card (`object: "payout"`), as Stripe
/// sends it in `payout.*` events. See https://docs.stripe.com/api/payouts/object.
public struct Payout: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The payout id, `po_…`.
    public var id: String
    /// Amount in the currency's smallest unit (e.g. cents).
    public var amount: Int
    /// Three-letter currency code, lowercase.
    public var currency: String
    /// The state.
    public var status: Status
    /// Whether Stripe made it on the account's payout schedule.
    public var automatic: Bool?
    /// When it is expected to reach the bank; Unix timestamp in seconds.
    public var arrivalDate: Int?
    /// The bank account or card it goes to (`ba_…`, `card_…`).
    public var destination: String?
    /// Why it failed (`account_closed`, `no_account`, `invalid_account_number`, …), for a failed payout.
    public var failureCode: String?
    /// Stripe's explanation of the failure.
    public var failureMessage: String?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, amount: Int, currency: String, status: Status, automatic: Bool? = nil, arrivalDate: Int? = nil,
        destination: String? = nil, failureCode: String? = nil, failureMessage: String? = nil, created: Int? = nil
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
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id, amount, currency, status, automatic, destination, created
        case arrivalDate = "arrival_date"
        case failureCode = "failure_code"
        case failureMessage = "failure_message"
    }
}

extension Payout {
    /// A payout's state (`status`).
    public enum Status: StripeStringEnum {
        /// `pending`: created, not yet sent to the bank.
        case pending
        /// `in_transit`: sent to the bank.
        case inTransit
        /// `paid`: expected in the bank account.
        case paid
        /// `failed`: the bank refused it; the amount is back in the balance.
        case failed
        /// `canceled`: canceled while pending; the amount is back in the balance.
        case canceled
        /// A value this code does not know yet.
        case unknown(String)

        /// Every known case.
        public static let known: [Status] = [.pending, .inTransit, .paid, .failed, .canceled]

        /// The wire string.
        public var rawValue: String {
            switch self {
            case .pending: "pending"
            case .inTransit: "in_transit"
            case .paid: "paid"
            case .failed: "failed"
            case .canceled: "canceled"
            case .unknown(let raw): raw
            }
        }
    }
}
