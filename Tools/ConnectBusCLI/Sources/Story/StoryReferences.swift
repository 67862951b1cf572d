/// The names one play of the store-builder story uses: every order, buyer and seller
/// reference carries the run's id (UTC `yyyyMMddHHmmss`), so the story can be played again on
/// the same database and broker. Pure; thread-safe value type.
public struct StoryReferences: Sendable, Equatable {
    /// The run's id, e.g. `20261206153000`.
    public var runId: String

    /// The references of run `runId`.
    public init(runId: String) { self.runId = runId }

    /// The seller's e-mail address (disputes and failed payouts are mailed there).
    public var sellerEmail: String { "owner+\(runId)@ceramics.example" }
    /// The buyer of the hosted Checkout order.
    public var buyer1: String { "ada.buyer+\(runId)@example.com" }
    /// The buyer whose SEPA Debit fails.
    public var buyer2: String { "grace.buyer+\(runId)@example.com" }
    /// The buyer in the app (PaymentSheet).
    public var buyer3: String { "alan.buyer+\(runId)@example.com" }
    /// The buyer on the Payment Element page.
    public var buyer4: String { "katherine.buyer+\(runId)@example.com" }
    /// The returning buyer charged off-session.
    public var buyer5: String { "mary.buyer+\(runId)@example.com" }
    /// The Dutch buyer paying by iDEAL.
    public var buyer6: String { "dorothy.buyer+\(runId)@example.nl" }

    /// Online, hosted Checkout, card (later partly refunded).
    public var orderOnline: String { "web-\(runId)-1" }
    /// Online, SEPA Debit that fails.
    public var orderDelayed: String { "web-\(runId)-2" }
    /// In the app, PaymentSheet.
    public var orderApp: String { "app-\(runId)-3" }
    /// In the shop, reader, declined then captured with a tip.
    public var orderShop: String { "shop-\(runId)-4" }
    /// In the shop, authorized and never captured.
    public var orderAbandoned: String { "shop-\(runId)-5" }
    /// In the shop, the PaymentIntent created by the point-of-sale app.
    public var orderPOS: String { "shop-\(runId)-6" }
    /// Online, Checkout in `elements` mode.
    public var orderElements: String { "web-\(runId)-6" }
    /// The returning buyer's off-session order.
    public var orderReturning: String { "app-\(runId)-7" }
    /// Online, iDEAL in euros.
    public var orderIDEAL: String { "web-\(runId)-8" }
    /// Online, deferred intent confirmed with a ConfirmationToken.
    public var orderDeferred: String { "web-\(runId)-9" }
    /// Online, card disputed and the dispute won.
    public var orderDisputed: String { "web-\(runId)-10" }
}
