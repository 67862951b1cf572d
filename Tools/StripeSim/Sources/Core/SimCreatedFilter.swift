/// Stripe's `created` list filter: either an exact Unix timestamp (`created=1700000000`) or
/// a hash of bounds (`created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`, seconds),
/// all of which must hold. See https://docs.stripe.com/api/events/list#list_events-created.
struct SimCreatedFilter: Sendable, Equatable {
    var gte: Int?
    var gt: Int?
    var lte: Int?
    var lt: Int?

    /// The filter of `params["created"]`, or `nil` when not sent.
    /// - Throws: `invalid_request_error` for an unknown bound or a value that is not an integer.
    static func parse(_ params: Params) throws(SimError) -> SimCreatedFilter? {
        guard params.has("created") else { return nil }
        if let exact = try? params.int("created") { return SimCreatedFilter(gte: exact, lte: exact) }
        guard let bounds = try params.hash("created", allowed: ["gte", "gt", "lte", "lt"]) else { return nil }
        return SimCreatedFilter(
            gte: try bounds.int("gte"), gt: try bounds.int("gt"),
            lte: try bounds.int("lte"), lt: try bounds.int("lt"))
    }

    /// Whether an object created at `created` (Unix seconds) passes every bound.
    func matches(_ created: Int) -> Bool {
        if let gte, created < gte { return false }
        if let gt, created <= gt { return false }
        if let lte, created > lte { return false }
        if let lt, created >= lt { return false }
        return true
    }
}
