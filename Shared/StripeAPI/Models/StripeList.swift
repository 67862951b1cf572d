/// One page of a Stripe list (`object: "list"`).
///
/// Fetch the next page with `starting_after` set to the last item's id while
/// ``hasMore`` is `true`; ``StripeClient/autoPagingList(_:params:options:maxItems:)`` does it.
public struct StripeList<T: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// Always `list`.
    public var object: String
    /// The items of this page, in Stripe's order (newest first for most lists).
    public var data: [T]
    /// `true` when more items follow this page.
    public var hasMore: Bool
    /// The list's path, e.g. `/v1/payment_intents`.
    public var url: String?

    /// A page (used by tests and fakes).
    public init(data: [T], hasMore: Bool, url: String? = nil) {
        self.object = "list"; self.data = data; self.hasMore = hasMore; self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case object, data, url
        case hasMore = "has_more"
    }
}
