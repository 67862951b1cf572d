/// Parameters of `POST /v1/webhook_endpoints/{id}`
/// (https://docs.stripe.com/api/webhook_endpoints/update): `url`, `enabled_events`,
/// `description`, `disabled`, `metadata`. Stripe does not change an endpoint's
/// `api_version` (nor `connect`) after creation: a different version needs a new endpoint.
public struct WebhookEndpointUpdateParams: StripeParams, Equatable {
    /// Where events are sent.
    public var url: String?
    /// Event types to send (replaces the list), or `*`.
    public var enabledEvents: [String]?
    /// Your description.
    public var description: String?
    /// `true` stops deliveries, `false` resumes them.
    public var disabled: Bool?
    /// Parameters not modelled here (e.g. `metadata[key]`), set last.
    public var extra: FormParams

    /// Update parameters; `nil` fields are left unchanged.
    public init(
        url: String? = nil, enabledEvents: [String]? = nil, description: String? = nil, disabled: Bool? = nil,
        extra: FormParams = FormParams()
    ) {
        self.url = url; self.enabledEvents = enabledEvents; self.description = description; self.disabled = disabled
        self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("url", url)
        p.set("enabled_events", enabledEvents)
        p.set("description", description)
        p.set("disabled", disabled)
        return p.merging(extra)
    }
}
