import Messages
public import Runtime

/// Settings of the onboarding service beyond the runtime's ``ServiceConfig``.
///
/// Thread-safety: a plain `Sendable` value.
public struct OnboardingSettings: Sendable, Equatable {
    /// The platform's Connect client id (`STRIPE_CONNECT_CLIENT_ID`, `ca_…`: Dashboard →
    /// Settings → Connect → Onboarding options → OAuth), used in OAuth links and to disconnect
    /// accounts; nil: the OAuth commands answer `conflict.oauth_not_configured`. Not a secret.
    public var connectClientId: String?

    /// Settings with the given client id (default: none).
    public init(connectClientId: String? = nil) {
        self.connectClientId = connectClientId
    }

    /// Reads `STRIPE_CONNECT_CLIENT_ID` (or the file named by `STRIPE_CONNECT_CLIENT_ID_FILE`)
    /// from `reader`; absent or empty → none. A value that does not start with `ca_` is
    /// reported on `reader`.
    public init(reading reader: inout EnvironmentReader) {
        self.init()
        guard let id = reader.string("STRIPE_CONNECT_CLIENT_ID"), !id.isEmpty else { return }
        guard id.hasPrefix("ca_"), id.count > 3, !id.contains(where: \.isWhitespace) else {
            reader.report("STRIPE_CONNECT_CLIENT_ID", "expected a Connect client id starting with ca_")
            return
        }
        connectClientId = id
    }

    /// The refusal of the OAuth commands when ``connectClientId`` is not set.
    static let oauthNotConfigured = ReplyError(
        code: ReplyError.Code.oauthNotConfigured, message: "STRIPE_CONNECT_CLIENT_ID is not set: this service cannot use Connect OAuth")
}
