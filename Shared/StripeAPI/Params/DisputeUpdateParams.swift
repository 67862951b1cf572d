/// Parameters of `POST /v1/disputes/{id}` (https://docs.stripe.com/api/disputes/update):
/// evidence (text, or the id of an uploaded File for the file fields) and whether to submit
/// it now (`submit=false` stages a draft).
public struct DisputeUpdateParams: StripeParams, Equatable {
    /// Evidence by Stripe's field name (`uncategorized_text`, `shipping_tracking_number`,
    /// `receipt` (a File id), …), sent as `evidence[<field>]`, sorted by name.
    public var evidence: [String: String]?
    /// `true` submits the evidence to the bank; `false` (Stripe's default) only stages it.
    public var submit: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Update parameters.
    public init(evidence: [String: String]? = nil, submit: Bool? = nil, metadata: [String: String]? = nil, extra: FormParams = FormParams()) {
        self.evidence = evidence
        self.submit = submit
        self.metadata = metadata
        self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("evidence", evidence)
        p.set("submit", submit)
        p.set("metadata", metadata)
        return p.merging(extra)
    }
}
