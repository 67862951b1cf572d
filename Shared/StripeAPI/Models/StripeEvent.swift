/// An event (`object: "event"`), as delivered to webhooks and listed by `GET /v1/events`.
/// Events of connected accounts carry `account`. `data.object` is kept as raw JSON; decode
/// it with ``dataObject(as:)``. See https://docs.stripe.com/api/events/object.
public struct StripeEvent: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The event id, `evt_…`.
    public var id: String
    /// Always `event`.
    public var object: String?
    /// e.g. `payment_intent.succeeded`, `account.updated`.
    public var type: String
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// The API version the object was rendered with.
    public var apiVersion: String?
    /// The connected account the event happened on (Connect events).
    public var account: String?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Deliveries not yet successful.
    public var pendingWebhooks: Int?
    /// The object and its previous attributes.
    public var data: StripeEventData
    /// The API request that caused the event.
    public var request: StripeEventRequest?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, type: String, created: Int? = nil, apiVersion: String? = nil,
        account: String? = nil, livemode: Bool? = nil, pendingWebhooks: Int? = nil, data: StripeEventData,
        request: StripeEventRequest? = nil
    ) {
        self.id = id
        self.object = object
        self.type = type
        self.created = created
        self.apiVersion = apiVersion
        self.account = account
        self.livemode = livemode
        self.pendingWebhooks = pendingWebhooks
        self.data = data
        self.request = request
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case type
        case created
        case apiVersion = "api_version"
        case account
        case livemode
        case pendingWebhooks = "pending_webhooks"
        case data
        case request
    }

    /// Decodes `data.object` as `T` (e.g. ``PaymentIntent`` for `payment_intent.*`).
    /// - Throws: `DecodingError` when the object is not a `T`.
    public func dataObject<T: Decodable>(as type: T.Type) throws -> T { try data.object.decode(T.self) }

    /// The `object` field of `data.object`, e.g. `payment_intent`.
    public var dataObjectType: String? { data.object["object"]?.stringValue }

    /// The `id` of `data.object`, when it has one.
    public var dataObjectId: String? { data.object["id"]?.stringValue }
}

/// The payload of an event.
public struct StripeEventData: Codable, Sendable, Equatable {
    /// The object as it was after the change, raw.
    public var object: StripeJSONValue
    /// Changed fields' previous values (`*.updated` events).
    public var previousAttributes: StripeJSONValue?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(object: StripeJSONValue, previousAttributes: StripeJSONValue? = nil) {
        self.object = object
        self.previousAttributes = previousAttributes
    }

    enum CodingKeys: String, CodingKey {
        case object
        case previousAttributes = "previous_attributes"
    }
}

/// The API request that caused an event.
public struct StripeEventRequest: Codable, Sendable, Equatable {
    /// The request id, `req_…`, or `nil` for automatic changes.
    public var id: String?
    /// The idempotency key of that request.
    public var idempotencyKey: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(id: String? = nil, idempotencyKey: String? = nil) {
        self.id = id
        self.idempotencyKey = idempotencyKey
    }

    enum CodingKeys: String, CodingKey {
        case id
        case idempotencyKey = "idempotency_key"
    }
}
