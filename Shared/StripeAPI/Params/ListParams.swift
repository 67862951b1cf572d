/// Paging parameters of a list call (`limit`, `starting_after`, `ending_before`) plus any
/// filters in `filters` (e.g. `customer`, `type`, `created[gte]`).
public struct ListParams: StripeParams, Equatable {
    /// Items per page, 1–100 (Stripe's default is 10).
    public var limit: Int?
    /// Return items after this id (the next page).
    public var startingAfter: String?
    /// Return items before this id (the previous page).
    public var endingBefore: String?
    /// Fields to expand, e.g. `data.latest_charge`.
    public var expand: [String]?
    /// Filters of the particular list, set after the paging keys.
    public var filters: FormParams

    /// List parameters.
    public init(
        limit: Int? = nil, startingAfter: String? = nil, endingBefore: String? = nil,
        expand: [String]? = nil, filters: FormParams = FormParams()
    ) {
        self.limit = limit; self.startingAfter = startingAfter; self.endingBefore = endingBefore
        self.expand = expand; self.filters = filters
    }

    /// `limit`, `starting_after`, `ending_before`, `expand[]`, then the filters.
    public var formParams: FormParams {
        var p = FormParams()
        p.set("limit", limit)
        p.set("starting_after", startingAfter)
        p.set("ending_before", endingBefore)
        p.set("expand", expand)
        return p.merging(filters)
    }
}
