/// Stripe's list envelope and cursor pagination (`limit` 1–100, default 10;
/// `starting_after` / `ending_before`), newest first.
enum SimList {
    /// Parameters every list endpoint takes.
    static let parameters: Set<String> = ["limit", "starting_after", "ending_before", "created"]

    /// Pages `items` (already newest first) and wraps them in `{object: "list", data, has_more, url}`.
    static func page(_ items: [JSONValue], url: String, params: Params) throws(SimError) -> JSONValue {
        let limit = try params.int("limit") ?? 10
        guard (1...100).contains(limit) else {
            throw SimError.invalidRequest("Invalid limit: must be between 1 and 100", param: "limit")
        }
        var window = items[...]
        if let after = try params.string("starting_after") {
            guard let index = items.firstIndex(where: { $0["id"]?.stringValue == after }) else {
                throw SimError.missingResource("object", after, param: "starting_after")
            }
            window = items[(index + 1)...]
        } else if let before = try params.string("ending_before") {
            guard let index = items.firstIndex(where: { $0["id"]?.stringValue == before }) else {
                throw SimError.missingResource("object", before, param: "ending_before")
            }
            let lower = max(0, index - limit)
            return [
                "object": "list", "data": .array(Array(items[lower..<index])),
                "has_more": .bool(lower > 0), "url": .string(url),
            ]
        }
        let data = Array(window.prefix(limit))
        return ["object": "list", "data": .array(data), "has_more": .bool(window.count > limit), "url": .string(url)]
    }
}
