/// One movement of an account's balance (`object: "balance_transaction"`): a charge, a
/// refund, a dispute's withdrawal or reinstatement, a payout, a fee refund…, with its gross
/// `amount`, its `fee` and `net` (amounts in the smallest currency unit; negative when money
/// leaves the balance). See https://docs.stripe.com/api/balance_transactions/object and, for
/// `reporting_category`, https://docs.stripe.com/reports/reporting-categories.
public struct BalanceTransaction: StripeIdentifiable {
    /// `txn_…`.
    public var id: String
    /// Gross amount in the smallest currency unit (negative for money leaving the balance).
    public var amount: Int
    /// When the funds are (or were) available (Unix seconds).
    public var availableOn: Int?
    /// When the transaction was created (Unix seconds).
    public var created: Int
    /// Three-letter currency code, lowercase.
    public var currency: String
    /// Stripe's description (e.g. `Chargeback withdrawal for ch_…`).
    public var description: String?
    /// Fees taken from it, in the smallest currency unit (Stripe's and the platform's).
    public var fee: Int
    /// The fees, one entry per kind.
    public var feeDetails: [FeeDetail]?
    /// `amount - fee`, in the smallest currency unit.
    public var net: Int
    /// Stripe's reporting category: `charge`, `refund`, `dispute`, `dispute_reversal`, `fee`,
    /// `payout`, `payout_reversal`, …
    public var reportingCategory: String?
    /// The object that caused it (`ch_…`, `re_…`, `du_…`, `po_…`), expanded with
    /// `expand[]=data.source`.
    public var source: Expandable<Source>?
    /// `available` or `pending`.
    public var status: String?
    /// Stripe's transaction type: `charge`, `payment`, `refund`, `adjustment`, `payout`,
    /// `payout_failure`, `application_fee`, …
    public var type: String

    /// One fee of a transaction.
    public struct FeeDetail: Codable, Sendable, Equatable {
        /// Amount in the smallest currency unit.
        public var amount: Int
        /// Three-letter currency code, lowercase.
        public var currency: String?
        /// `application_fee`, `stripe_fee` or `tax`.
        public var type: String
        /// Stripe's description.
        public var description: String?

        /// A value with the given fields (for tests and fakes).
        public init(amount: Int, currency: String? = nil, type: String, description: String? = nil) {
            self.amount = amount
            self.currency = currency
            self.type = type
            self.description = description
        }
    }

    /// The parts of an expanded source this suite reads: its id and kind, and the
    /// PaymentIntent and charge it belongs to (charges, refunds and disputes carry them;
    /// an expanded `payment_intent` or `charge` is read for its id).
    public struct Source: StripeIdentifiable {
        /// The source's id.
        public var id: String
        /// Its `object` (`charge`, `refund`, `dispute`, `payout`, …).
        public var object: String?
        /// The PaymentIntent it belongs to, if any (`pi_…`).
        public var paymentIntent: String?
        /// The charge it belongs to, if any (`ch_…`; a charge's own id for a charge).
        public var charge: String?
        /// The payment method type of a charge (`payment_method_details.type`: `card`,
        /// `card_present`, …).
        public var paymentMethodType: String?

        /// A value with the given fields (for tests and fakes).
        public init(id: String, object: String? = nil, paymentIntent: String? = nil, charge: String? = nil, paymentMethodType: String? = nil) {
            self.id = id
            self.object = object
            self.paymentIntent = paymentIntent
            self.charge = charge
            self.paymentMethodType = paymentMethodType
        }

        private enum CodingKeys: String, CodingKey {
            case id, object, charge
            case paymentIntent = "payment_intent"
            case paymentMethodDetails = "payment_method_details"
        }

        private struct Details: Codable, Sendable, Equatable {
            var type: String?
        }

        private struct Identified: Decodable {
            var id: String
        }

        /// Decodes the fields above; `payment_intent` and `charge` as ids or expanded objects.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            object = try container.decodeIfPresent(String.self, forKey: .object)
            paymentIntent = Self.identifier(container, .paymentIntent)
            charge = object == "charge" ? id : Self.identifier(container, .charge)
            paymentMethodType = (try? container.decodeIfPresent(Details.self, forKey: .paymentMethodDetails))??.type
        }

        /// Encodes the fields above (ids only).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(object, forKey: .object)
            try container.encodeIfPresent(paymentIntent, forKey: .paymentIntent)
            if object != "charge" { try container.encodeIfPresent(charge, forKey: .charge) }
            if let paymentMethodType { try container.encode(Details(type: paymentMethodType), forKey: .paymentMethodDetails) }
        }

        private static func identifier(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
            if let id = try? container.decodeIfPresent(String.self, forKey: key) { return id }
            return (try? container.decodeIfPresent(Identified.self, forKey: key))??.id
        }
    }

    /// A value with the given fields (for tests and fakes).
    public init(
        id: String, amount: Int, availableOn: Int? = nil, created: Int, currency: String, description: String? = nil, fee: Int = 0,
        feeDetails: [FeeDetail]? = nil, net: Int, reportingCategory: String? = nil, source: Expandable<Source>? = nil,
        status: String? = nil, type: String
    ) {
        self.id = id
        self.amount = amount
        self.availableOn = availableOn
        self.created = created
        self.currency = currency
        self.description = description
        self.fee = fee
        self.feeDetails = feeDetails
        self.net = net
        self.reportingCategory = reportingCategory
        self.source = source
        self.status = status
        self.type = type
    }

    private enum CodingKeys: String, CodingKey {
        case id, amount, created, currency, description, fee, net, source, status, type
        case availableOn = "available_on"
        case feeDetails = "fee_details"
        case reportingCategory = "reporting_category"
    }
}
