/// Parameters of `POST /v1/webhook_endpoints` (https://docs.stripe.com/api/webhook_endpoints/create).
public struct WebhookEndpointCreateParams: StripeParams, Equatable {
    /// Where events are sent.
    public var url: String
    /// Event types to send, e.g. `payment_intent.succeeded`, or `*`.
    public var enabledEvents: [String]
    /// `true` for an endpoint receiving connected accounts' events.
    public var connect: Bool?
    /// The API version events are rendered with.
    public var apiVersion: String?
    /// Your description.
    public var description: String?
    /// Parameters not modelled here, set last.
    public var extra: FormParams

    /// Endpoint parameters.
    public init(
        url: String, enabledEvents: [String], connect: Bool? = nil, apiVersion: String? = nil,
        description: String? = nil, extra: FormParams = FormParams()
    ) {
        self.url = url; self.enabledEvents = enabledEvents; self.connect = connect; self.apiVersion = apiVersion
        self.description = description; self.extra = extra
    }

    /// The form parameters in a fixed order.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("url", url)
        p.set("enabled_events", enabledEvents)
        p.set("connect", connect)
        p.set("api_version", apiVersion)
        p.set("description", description)
        return p.merging(extra)
    }
}
