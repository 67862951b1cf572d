public import Messages

/// One `state` the service issued with an OAuth link (`onboarding.create_oauth_link`), as
/// `oauth_states` keeps it. The state is a CSRF nonce, not a credential: it is useless once
/// used or expired. Value type, Sendable.
public struct OAuthState: Sendable, Equatable {
    /// The random value sent as `state` in the authorize URL.
    public var state: String
    /// The seller reference the connected account is recorded under.
    public var sellerReference: String
    /// The scope asked for.
    public var scope: OAuthScope
    /// The `redirect_uri` sent, if any.
    public var redirectURI: String?
    /// When it stops being accepted, Unix seconds.
    public var expiresAt: Int64
    /// Whether a `complete_oauth` already used it.
    public var used: Bool

    /// Creates a value; see the properties.
    public init(state: String, sellerReference: String, scope: OAuthScope, redirectURI: String?, expiresAt: Int64, used: Bool = false) {
        self.state = state
        self.sellerReference = sellerReference
        self.scope = scope
        self.redirectURI = redirectURI
        self.expiresAt = expiresAt
        self.used = used
    }

    /// How long a state is accepted after its link was created: an hour, time for a seller to
    /// sign in to Stripe (or create an account) and authorize.
    public static let lifetimeSeconds: Int64 = 3600

    /// How long an expired state is kept before it is deleted (it then answers
    /// `validation.oauth_state_unknown` instead of `conflict.oauth_state_expired`): 7 days.
    public static let retentionSeconds: Int64 = 7 * 86_400

    /// A new random state: 32 bytes from the system's secure generator (`getrandom`),
    /// base64url without padding (43 characters).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return base64URL(bytes)
    }

    /// `bytes` in base64url (RFC 4648 §5) without padding.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for byte in chunk { value = value << 8 | Int(byte) }
            value <<= 8 * (3 - chunk.count)
            for position in 0...chunk.count { out.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return out
    }
}
