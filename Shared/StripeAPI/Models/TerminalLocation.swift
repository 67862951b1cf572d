/// A Terminal location (`object: "terminal.location"`).
/// See https://docs.stripe.com/api/terminal/locations/object.
public struct TerminalLocation: Codable, Sendable, Equatable, StripeIdentifiable {
    /// The location id, `tml_…`.
    public var id: String
    /// Always `terminal.location`.
    public var object: String?
    /// The name shown.
    public var displayName: String?
    /// The location's address.
    public var address: Address?
    /// `false` in test mode.
    public var livemode: Bool?
    /// Your key-value data.
    public var metadata: [String: String]?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        id: String, object: String? = nil, displayName: String? = nil, address: Address? = nil,
        livemode: Bool? = nil, metadata: [String: String]? = nil
    ) {
        self.id = id
        self.object = object
        self.displayName = displayName
        self.address = address
        self.livemode = livemode
        self.metadata = metadata
    }

    enum CodingKeys: String, CodingKey {
        case id
        case object
        case displayName = "display_name"
        case address
        case livemode
        case metadata
    }
}
