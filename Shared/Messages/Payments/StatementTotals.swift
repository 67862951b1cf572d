/// One currency's lines of a seller's statement (`payments.get_statement`,
/// `payments.statement.ready`), amounts in the smallest currency unit, each from the
/// connected account's balance transactions (https://docs.stripe.com/api/balance_transactions):
/// `net` = `gross_sales` − `application_fees` − `stripe_fees` − `refunds` +
/// `application_fee_refunds` − `dispute_withdrawals` + `dispute_reinstatements` + `other`;
/// payouts move the balance to the bank and are reported apart, outside the net.
public struct StatementTotals: Codable, Sendable, Equatable, FieldDocumented {
    /// Three-letter currency code, lowercase.
    public var currency: String
    /// What buyers paid: the charges' captured amounts (`type` `charge` or `payment`).
    public var grossSales: Int
    /// The platform's application fees taken from the charges (`fee_details` of type `application_fee`).
    public var applicationFees: Int
    /// Stripe's fees (`fee_details` of type `stripe_fee`: processing, dispute fees) where Stripe reports them.
    public var stripeFees: Int
    /// Refunded to buyers (`type` `refund` or `payment_refund`), as a positive amount.
    public var refunds: Int
    /// Application fees the platform gave back (`reporting_category` `fee`, positive).
    public var applicationFeeRefunds: Int
    /// Taken by disputes (`reporting_category` `dispute`), as a positive amount, fees apart.
    public var disputeWithdrawals: Int
    /// Returned by disputes won (`reporting_category` `dispute_reversal`).
    public var disputeReinstatements: Int
    /// Every other transaction's amount (neither a sale, refund, fee refund, dispute nor payout).
    public var other: Int
    /// The period's net: the sum of every non-payout transaction's `net`.
    public var net: Int
    /// Paid out to the seller's bank, net of failed and canceled payouts (positive: money sent).
    public var payouts: Int

    /// Creates the totals (all zero but the currency by default).
    public init(
        currency: String, grossSales: Int = 0, applicationFees: Int = 0, stripeFees: Int = 0, refunds: Int = 0,
        applicationFeeRefunds: Int = 0, disputeWithdrawals: Int = 0, disputeReinstatements: Int = 0, other: Int = 0, net: Int = 0,
        payouts: Int = 0
    ) {
        self.currency = currency
        self.grossSales = grossSales
        self.applicationFees = applicationFees
        self.stripeFees = stripeFees
        self.refunds = refunds
        self.applicationFeeRefunds = applicationFeeRefunds
        self.disputeWithdrawals = disputeWithdrawals
        self.disputeReinstatements = disputeReinstatements
        self.other = other
        self.net = net
        self.payouts = payouts
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "currency": "Three-letter currency code, lowercase.",
        "gross_sales": "What buyers paid: the charges' captured amounts (type charge or payment).",
        "application_fees": "The platform's application fees taken from the charges (fee_details of type application_fee).",
        "stripe_fees": "Stripe's fees (fee_details of type stripe_fee: processing, dispute fees) where Stripe reports them.",
        "refunds": "Refunded to buyers (type refund or payment_refund), as a positive amount.",
        "application_fee_refunds": "Application fees the platform gave back (reporting_category fee, positive).",
        "dispute_withdrawals": "Taken by disputes (reporting_category dispute), as a positive amount, fees apart.",
        "dispute_reinstatements": "Returned by disputes won (reporting_category dispute_reversal).",
        "other": "Every other transaction's amount (neither a sale, refund, fee refund, dispute nor payout).",
        "net":
            "The period's net, the sum of every non-payout transaction's net: gross_sales - application_fees - stripe_fees - refunds + application_fee_refunds - dispute_withdrawals + dispute_reinstatements + other.",
        "payouts": "Paid out to the seller's bank, net of failed and canceled payouts (positive: money sent).",
    ]
}

/// A balance transaction of a statement that does not match the suite's records.
public struct StatementDiscrepancy: Codable, Sendable, Equatable, FieldDocumented {
    /// What does not match: `unknown_charge` (an online charge no order of payments holds),
    /// `amount_mismatch` (the order's amount is not the charge's), `fee_mismatch` (the
    /// order's application fee is not the one Stripe took), `unknown_refund` (a refund of an
    /// order that payments never recorded), `unknown_dispute` (a dispute payments never recorded).
    public var kind: String
    /// The balance transaction (`txn_…`).
    public var transaction: String
    /// Its source at Stripe (`ch_…`, `re_…`, `du_…`).
    public var source: String
    /// The order it belongs to, when the suite knows it.
    public var orderReference: String?
    /// Three-letter currency code, lowercase.
    public var currency: String
    /// What the suite's records say (smallest currency unit), when it is an amount.
    public var expected: Int?
    /// What Stripe says (smallest currency unit), when it is an amount.
    public var actual: Int?

    /// Creates the discrepancy.
    public init(
        kind: String, transaction: String, source: String, orderReference: String? = nil, currency: String, expected: Int? = nil,
        actual: Int? = nil
    ) {
        self.kind = kind
        self.transaction = transaction
        self.source = source
        self.orderReference = orderReference
        self.currency = currency
        self.expected = expected
        self.actual = actual
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "kind":
            "What does not match: unknown_charge (an online charge no order of payments holds), amount_mismatch (the order's amount is not the charge's), fee_mismatch (the order's application fee is not the one Stripe took), unknown_refund (a refund of an order that payments never recorded), unknown_dispute (a dispute payments never recorded).",
        "transaction": "The balance transaction (txn_…).",
        "source": "Its source at Stripe (ch_…, re_…, du_…).",
        "order_reference": "The order it belongs to, when the suite knows it.",
        "currency": "Three-letter currency code, lowercase.",
        "expected": "What the suite's records say (smallest currency unit), when it is an amount.",
        "actual": "What Stripe says (smallest currency unit), when it is an amount.",
    ]
}
