/// A short-lived key for a mobile SDK (`object: "ephemeral_key"`), created with the
/// `Stripe-Version` the SDK asks for. `secret` is only present in the create response.
public struct EphemeralKey: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The key id, `ephkey_…`.
    public var id: String
    /// Always `ephemeral_key`.
    public var object: String?
    /// The key to hand to the SDK (create response only).
    public var secret: String?
    /// What the key grants access to.
    public var associatedObjects: [EphemeralKeyAssociatedObject]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// Expiry time; Unix timestamp in seconds.
    public var expires: Int?
    /// `false` in test mode.
    public var livemode: Bool?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, secret: String? = nil,
        associatedObjects: [EphemeralKeyAssociatedObject]? = nil, created: Int? = nil, expires: Int? = nil,
        livemode: Bool? = nil
    ) {
        self.id = id
        self.object = object
        self.secret = secret
        self.associatedObjects = associatedObjects
        self.created = created
        self.expires = expires
        self.livemode = livemode
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case secret
        case associatedObjects = "associated_objects"
        case created
        case expires
        case livemode
    }
}

/// An object an ephemeral key gives access to.
public struct EphemeralKeyAssociatedObject: Codable, Sendable, Equatable {
    /// The object's id, e.g. `cus_…`.
    public var id: String?
    /// The object's type, e.g. `customer`.
    public var type: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(id: String? = nil, type: String? = nil) {
        self.id = id
        self.type = type
    }

    enum CodingKeys: String, CodingKey {
        case id
        case type
    }
}
