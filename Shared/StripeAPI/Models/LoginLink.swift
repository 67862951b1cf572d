/// A single-use link to the Express dashboard (`object: "login_link"`).
/// See https://docs.stripe.com/api/accounts/login_link.
public struct LoginLink: Codable, Sendable, Equatable {
    /// Always `login_link`.
    public var object: String
    /// The URL to send the user to.
    public var url: String
    /// Creation time; Unix timestamp in seconds.
    public var created: Int?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(object: String, url: String, created: Int? = nil) {
        self.object = object
        self.url = url
        self.created = created
    }

    enum CodingKeys: String, CodingKey {
        case object
        case url
        case created
    }
}
