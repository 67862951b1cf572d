/// A short-lived session that lets client-side components act for a customer
/// (`object: "customer_session"`). See https://docs.stripe.com/api/customer_sessions/object.
public struct CustomerSession: Codable, Sendable, Equatable {
    /// Always `customer_session`.
    public var object: String
    /// The secret to hand to the client-side component.
    public var clientSecret: String?
    /// The customer id.
    public var customer: String?
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?
    /// Expiry time; Unix timestamp in seconds.
    public var expiresAt: Int?
    /// `false` in test mode.
    public var livemode: Bool?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(
        object: String, clientSecret: String? = nil, customer: String? = nil, created: Int? = nil,
        expiresAt: Int? = nil, livemode: Bool? = nil
    ) {
        self.object = object
        self.clientSecret = clientSecret
        self.customer = customer
        self.created = created
        self.expiresAt = expiresAt
        self.livemode = livemode
    }

    enum CodingKeys: String, CodingKey {
        case object
        case clientSecret = "client_secret"
        case customer
        case created
        case expiresAt = "expires_at"
        case livemode
    }
}
