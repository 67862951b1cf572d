/// `onboarding.disconnect_account`, described in ``messageDescription`` (the catalogue's text).
///
/// Reply: ``Result`` or a ``ReplyError``. ``validate()`` checks the field rules.
public struct DisconnectAccount: CommandMessage, Validatable, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.disconnect_account"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription =
        "Disconnects a connected account from the platform (`POST /oauth/deauthorize` at connect.stripe.com with the platform's client id and the account as `stripe_user_id`). The account is not marked here: Stripe then sends `account.application.deauthorized`, and that event, as when the seller disconnects from the Dashboard, is the one path that marks it `deauthorized` and publishes `onboarding.account.deauthorized`. Refusals: `not_found.account`, `conflict.invalid_state` (already deauthorized), `conflict.oauth_not_configured`, `conflict.not_connected` (Stripe's `invalid_client`: the account is not connected to the platform's application)."

    /// The connected account.
    public var account: String

    /// Creates the command.
    public init(account: String) { self.account = account }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = ["account": "The connected account."]

    /// Stripe's acknowledgement.
    public struct Result: Codable, Sendable, Equatable, FieldDocumented {
        /// The disconnected account (Stripe's `stripe_user_id`).
        public var account: String
        /// Creates the result.
        public init(account: String) { self.account = account }
        /// Catalogue descriptions of the fields, by wire name.
        public static let fieldDescriptions: [String: String] = [
            "account": "The disconnected account (Stripe's `stripe_user_id`); it is marked deauthorized when Stripe's event arrives."
        ]
    }

    /// Checks the field rules.
    /// - Throws: `validation.invalid_id` for an account that is not `acct_…`.
    public func validate() throws(ReplyError) { try Validation.account(account) }
}

extension DisconnectAccount: SchemaConstrained {
    /// The field rules of ``validate()`` in the catalogue's JSON Schema.
    public static var fieldRules: [String: SchemaRule] { ["account": .account] }
}
