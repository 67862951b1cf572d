/// `onboarding.account.created`, described in ``messageDescription`` (the catalogue's text).
public struct AccountCreated: EventMessage, FieldDocumented {
    /// Wire name and routing key.
    public static let messageName = "onboarding.account.created"
    /// Schema version.
    public static let schemaVersion = 1
    /// Catalogue description.
    public static let messageDescription = "A connected account was created for a seller (published once, by the transaction that recorded it)."

    /// The connected account.
    public var account: String
    /// The platform's own, unique reference of the seller (e.g. its shop id).
    public var sellerReference: String
    /// Two-letter ISO 3166-1 country code.
    public var country: String
    /// Account type, when created with one.
    public var type: AccountType?
    /// The seller's e-mail address.
    public var email: String?
    /// When the change happened (the Stripe event's `created`, or the service's clock).
    public var occurredAt: Int
    /// Who is liable for the account's losses (refunds, disputes, negative balances):
    /// Stripe's `controller.losses.payments`, `application` (the platform) or `stripe`;
    /// derived from `type` when Stripe's answer had no `controller`; absent when unknown.
    public var lossesPayments: String?

    /// Creates the event; optional fields default to absent.
    public init(
        account: String, sellerReference: String, country: String, type: AccountType? = nil, email: String? = nil, occurredAt: Int,
        lossesPayments: String? = nil
    ) {
        self.lossesPayments = lossesPayments
        self.account = account
        self.sellerReference = sellerReference
        self.country = country
        self.type = type
        self.email = email
        self.occurredAt = occurredAt
    }

    /// Catalogue descriptions of the fields, by wire name.
    public static let fieldDescriptions: [String: String] = [
        "account": "The connected account.",
        "seller_reference": "The platform's own, unique reference of the seller (e.g. its shop id).",
        "country": "Two-letter ISO 3166-1 country code.",
        "type": "Account type, when created with one.",
        "email": "The seller's e-mail address.",
        "occurred_at": "When the change happened (the Stripe event's `created`, or the service's clock).",
        "losses_payments":
            "Who is liable for the account's losses (refunds, disputes, negative balances): Stripe's `controller.losses.payments`, `application` (the platform) or `stripe`; derived from `type` when Stripe's answer had no `controller`; absent when unknown.",
    ]
}
