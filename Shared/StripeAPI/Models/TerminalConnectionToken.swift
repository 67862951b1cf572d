/// A Terminal connection token (`object: "terminal.connection_token"`) for a reader SDK.
public struct TerminalConnectionToken: Codable, Sendable, Equatable {
    /// Always `terminal.connection_token`.
    public var object: String
    /// The token to hand to the SDK.
    public var secret: String
    /// The location the token is restricted to.
    public var location: String?

    /// A value with the given fields (for tests and fakes); omitted fields are `nil`.
    public init(object: String, secret: String, location: String? = nil) {
        self.object = object
        self.secret = secret
        self.location = location
    }

    enum CodingKeys: String, CodingKey {
        case object
        case secret
        case location
    }
}
