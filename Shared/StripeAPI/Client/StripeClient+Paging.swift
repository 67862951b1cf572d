extension StripeClient {
    /// Fetches one page of a list endpoint, e.g. `/v1/payment_intents`.
    /// - Throws: ``StripeError``.
    public func list<T>(
        _ path: String, params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeList<T> {
        try request(.get, path, params: params.formParams, options: options)
    }

    /// Visits the items of a list endpoint across pages, in Stripe's order, fetching the
    /// next page with `starting_after=<last id>` while `has_more` is `true`. Stops when
    /// `visit` returns `false`. `params.startingAfter` sets where to begin.
    /// - Throws: ``StripeError`` from any page; items already visited stay visited.
    public func autoPaging<T: StripeIdentifiable>(
        _ path: String, params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions(),
        visit: (T) -> Bool
    ) throws(StripeError) {
        var pageParams = params
        while true {
            let page: StripeList<T> = try list(path, params: pageParams, options: options)
            for item in page.data where !visit(item) { return }
            guard page.hasMore, let last = page.data.last else { return }
            pageParams.startingAfter = last.id
            pageParams.endingBefore = nil
        }
    }

    /// Every item of a list endpoint across pages (at most `maxItems`); see
    /// ``autoPaging(_:params:options:visit:)``.
    /// - Throws: ``StripeError`` from any page.
    public func autoPagingList<T: StripeIdentifiable>(
        _ path: String, params: ListParams = ListParams(),
        options: RequestOptions = RequestOptions(),
        maxItems: Int = Int.max
    ) throws(StripeError) -> [T] {
        var items: [T] = []
        guard maxItems > 0 else { return items }
        try autoPaging(path, params: params, options: options) { (item: T) in
            items.append(item)
            return items.count < maxItems
        }
        return items
    }

    /// `path` with `id` percent-encoded as one path segment (an id can never add segments).
    static func path(_ prefix: String, _ id: String, _ suffix: String = "") -> String {
        prefix + "/" + FormEncoding.percentEncode(id) + suffix
    }

    /// `expand[]` parameters, or none.
    static func expandParams(_ expand: [String]?) -> FormParams {
        var p = FormParams()
        p.set("expand", expand)
        return p
    }
}
