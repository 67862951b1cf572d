/// Parameters of `POST /v1/refunds` (https://docs.stripe.com/api/refunds/create).
public struct RefundCreateParams: StripeParams, Equatable {
    /// The PaymentIntent to refund, `pi_…` (or give `charge`).
    public var paymentIntent: String?
    /// The charge to refund, `ch_…`.
    public var charge: String?
    /// Amount in the smallest currency unit; `nil` refunds everything left.
    public var amount: Int?
    /// `duplicate`, `fraudulent` or `requested_by_customer`.
    public var reason: String?
    /// Also refund the platform's application fee (direct charges).
    public var refundApplicationFee: Bool?
    /// Also reverse the transfer (destination charges).
    public var reverseTransfer: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Refund parameters.
    public init(
        paymentIntent: String? = nil, charge: String? = nil, amount: Int? = nil, reason: String? = nil,
        refundApplicationFee: Bool? = nil, reverseTransfer: Bool? = nil,
        metadata: [String: String]? = nil, extra: FormParams = FormParams()
    ) {
        self.paymentIntent = paymentIntent; self.charge = charge; self.amount = amount; self.reason = reason
        self.refundApplicationFee = refundApplicationFee; self.reverseTransfer = reverseTransfer
        self.metadata = metadata; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("payment_intent", paymentIntent)
        p.set("charge", charge)
        p.set("amount", amount)
        p.set("reason", reason)
        p.set("refund_application_fee", refundApplicationFee)
        p.set("reverse_transfer", reverseTransfer)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
