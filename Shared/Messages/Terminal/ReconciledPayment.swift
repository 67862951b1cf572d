/// What reconciliation did with one PaymentIntent.
public struct ReconciledPayment: Codable, Sendable, Equatable, FieldDocumented {
    /// The PaymentIntent (`pi_…`).
    public var paymentIntent: String
    /// Its order, when known.
    public var orderReference: String?
    /// Captured, canceled or left.
    public var action: ReconcileAction
    /// Why, e.g. order completed, paid otherwise, abandoned, capture failed.
    public var reason: String

    /// Creates the value; optional fields default to absent.
    public init(paymentIntent: String, orderReference: String? = nil, action: ReconcileAction, reason: String) {
        self.paymentIntent = paymentIntent
        self.orderReference = orderReference
        self.action = action
        self.reason = reason
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "payment_intent": "The PaymentIntent (`pi_…`).",
        "order_reference": "Its order, when known.",
        "action": "Captured, canceled or left.",
        "reason": "Why, e.g. order completed, paid otherwise, abandoned, capture failed.",
    ]
}
