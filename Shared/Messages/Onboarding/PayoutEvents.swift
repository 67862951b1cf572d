/// The `onboarding.payout.*` events: what Stripe reported about a connected account's payout
/// (`payout.created`, `.paid`, `.failed`, `.canceled` on the Connect endpoint), published once
/// per payout and status by the transaction that recorded it. They share their fields
/// (``PayoutEventMessage``). Tolerant readers: unknown fields are ignored.
public protocol PayoutEventMessage: EventMessage, FieldDocumented {
    /// The connected account.
    var account: String { get }
    /// The platform's reference of the seller.
    var sellerReference: String { get }
    /// The payout.
    var payout: PayoutDetails { get }
    /// When the change happened (the Stripe event's `created`).
    var occurredAt: Int { get }
    /// Creates the event.
    init(account: String, sellerReference: String, payout: PayoutDetails, occurredAt: Int)
}

extension PayoutEventMessage {
    /// Schema version.
    public static var schemaVersion: Int { 1 }
    /// Catalogue descriptions of the fields, by wire name.
    public static var fieldDescriptions: [String: String] {
        [
            "account": "The connected account.",
            "seller_reference": "The platform's reference of the seller.",
            "payout": "The payout as Stripe reported it.",
            "occurred_at": "When the change happened (the Stripe event's `created`).",
        ]
    }
}

/// `onboarding.payout.created`, described in ``messageDescription`` (the catalogue's text).
public struct PayoutCreated: PayoutEventMessage {
    /// Wire name and routing key.
    public static let messageName = "onboarding.payout.created"
    /// Catalogue description.
    public static let messageDescription =
        "A payout to a connected account's bank was created (`payout.created`): on the account's payout schedule or through the API; its amount has left the account's available balance."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller.
    public var sellerReference: String
    /// The payout.
    public var payout: PayoutDetails
    /// When the change happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event.
    public init(account: String, sellerReference: String, payout: PayoutDetails, occurredAt: Int) {
        self.account = account
        self.sellerReference = sellerReference
        self.payout = payout
        self.occurredAt = occurredAt
    }
}

/// `onboarding.payout.paid`, described in ``messageDescription`` (the catalogue's text).
public struct PayoutPaid: PayoutEventMessage {
    /// Wire name and routing key.
    public static let messageName = "onboarding.payout.paid"
    /// Catalogue description.
    public static let messageDescription =
        "A connected account's payout is expected in its bank account (`payout.paid`, at its `arrival_date`)."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller.
    public var sellerReference: String
    /// The payout.
    public var payout: PayoutDetails
    /// When the change happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event.
    public init(account: String, sellerReference: String, payout: PayoutDetails, occurredAt: Int) {
        self.account = account
        self.sellerReference = sellerReference
        self.payout = payout
        self.occurredAt = occurredAt
    }
}

/// `onboarding.payout.failed`, described in ``messageDescription`` (the catalogue's text).
public struct PayoutFailed: PayoutEventMessage {
    /// Wire name and routing key.
    public static let messageName = "onboarding.payout.failed"
    /// Catalogue description.
    public static let messageDescription =
        "A connected account's payout failed (`payout.failed`): the bank refused it (`failure_code`); the amount is back in the account's Stripe balance and the seller must update the bank account."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller.
    public var sellerReference: String
    /// The payout.
    public var payout: PayoutDetails
    /// When the change happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event.
    public init(account: String, sellerReference: String, payout: PayoutDetails, occurredAt: Int) {
        self.account = account
        self.sellerReference = sellerReference
        self.payout = payout
        self.occurredAt = occurredAt
    }
}

/// `onboarding.payout.canceled`, described in ``messageDescription`` (the catalogue's text).
public struct PayoutCanceled: PayoutEventMessage {
    /// Wire name and routing key.
    public static let messageName = "onboarding.payout.canceled"
    /// Catalogue description.
    public static let messageDescription =
        "A connected account's pending payout was canceled (`payout.canceled`); the amount is back in the account's Stripe balance."

    /// The connected account.
    public var account: String
    /// The platform's reference of the seller.
    public var sellerReference: String
    /// The payout.
    public var payout: PayoutDetails
    /// When the change happened (the Stripe event's `created`).
    public var occurredAt: Int

    /// Creates the event.
    public init(account: String, sellerReference: String, payout: PayoutDetails, occurredAt: Int) {
        self.account = account
        self.sellerReference = sellerReference
        self.payout = payout
        self.occurredAt = occurredAt
    }
}
