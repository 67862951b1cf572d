/// What `payments.register_buyer` did with the payment method of one of a guest's orders.
public struct GuestPaymentMethod: Codable, Sendable, Equatable, FieldDocumented {
    /// What became of one guest order's payment method.
    public enum Outcome: String, Codable, Sendable, Equatable, CaseIterable, SchemaDescribable {
        /// Attached to the buyer's Customer now (`POST /v1/payment_methods/{id}/attach`).
        case attached
        /// Already attached to the buyer's Customer (a repeated registration): nothing sent.
        case alreadyAttached = "already_attached"
        /// The guest paid without agreeing to save it (no `setup_future_usage`): not attached.
        case noConsent = "no_consent"
        /// The order has no successful payment (nothing paid yet, or it failed): nothing to attach.
        case notPaid = "not_paid"
        /// Attached earlier, then removed by the buyer (`payments.detach_payment_method`): not attached again.
        case detached
    }

    /// The guest's order (the platform's reference).
    public var orderReference: String
    /// The PaymentMethod the order was paid with (`pm_…`), when it has one.
    public var paymentMethod: String?
    /// Its type, e.g. card, sepa_debit, us_bank_account, when known.
    public var type: String?
    /// What was done with it.
    public var outcome: Outcome

    /// Creates the entry; optional fields default to absent.
    public init(orderReference: String, paymentMethod: String? = nil, type: String? = nil, outcome: Outcome) {
        self.orderReference = orderReference
        self.paymentMethod = paymentMethod
        self.type = type
        self.outcome = outcome
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "order_reference": "The guest's order (the platform's reference).",
        "payment_method": "The PaymentMethod the order was paid with (`pm_…`), when it has one.",
        "type": "Its type, e.g. card, sepa_debit, us_bank_account, when known.",
        "outcome":
            "attached (now), already_attached (a repeated registration), no_consent (paid without setup_future_usage: not attached), not_paid (no successful payment), detached (removed by the buyer since: not attached again).",
    ]
}
