/// A product (`object: "product"`). See https://docs.stripe.com/api/products/object.
public struct Product: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The product id, `prod_…`.
    public var id: String
    /// Always `product`.
    public var object: String?
    /// The name shown to customers.
    public var name: String?
    /// A longer description.
    public var description: String?
    /// Whether it can be bought.
    public var active: Bool?
    /// The default price, as id or expanded.
    public var defaultPrice: Expandable<Price>?
    /// Image URLs.
    public var images: [String]?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// Last change; Unix timestamp in seconds.
    public var updated: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, name: String? = nil, description: String? = nil,
        active: Bool? = nil, defaultPrice: Expandable<Price>? = nil, images: [String]? = nil,
        livemode: Bool? = nil, metadata: [String: String]? = nil, created: Int? = nil,
        updated: Int? = nil
    ) {
        self.id = id
        self.object = object
        self.name = name
        self.description = description
        self.active = active
        self.defaultPrice = defaultPrice
        self.images = images
        self.livemode = livemode
        self.metadata = metadata
        self.created = created
        self.updated = updated
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case name
        case description
        case active
        case defaultPrice = "default_price"
        case images
        case livemode
        case metadata
        case created
        case updated
    }
}
