/// A webhook endpoint (`object: "webhook_endpoint"`). `secret` is only in the create
/// response. See https://docs.stripe.com/api/webhook_endpoints/object.
public struct WebhookEndpoint: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The endpoint id, `we_…`.
    public var id: String
    /// Always `webhook_endpoint`.
    public var object: String?
    /// Where events are sent.
    public var url: String?
    /// Event types sent, or `*`.
    public var enabledEvents: [String]?
    /// `enabled` or `disabled`.
    public var status: String?
    /// The signing secret, `whsec_…` (create response only).
    public var secret: String?
    /// The API version of the events, or the account default.
    public var apiVersion: String?
    /// Your description.
    public var description: String?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, url: String? = nil, enabledEvents: [String]? = nil,
        status: String? = nil, secret: String? = nil, apiVersion: String? = nil,
        description: String? = nil, livemode: Bool? = nil, metadata: [String: String]? = nil,
        created: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.url = url
        self.enabledEvents = enabledEvents
        self.status = status
        self.secret = secret
        self.apiVersion = apiVersion
        self.description = description
        self.livemode = livemode
        self.metadata = metadata
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case url
        case enabledEvents = "enabled_events"
        case status
        case secret
        case apiVersion = "api_version"
        case description
        case livemode
        case metadata
        case created
    }
}
