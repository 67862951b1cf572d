import Foundation
import HTTPServer

/// `GET /v1/customers/search`, `/v1/payment_intents/search`, `/v1/charges/search`: Stripe's
/// search query language (https://docs.stripe.com/search#search-query-language) over the
/// calling account's objects. A query is up to 10 clauses joined by `AND` or by `OR` (not
/// both); a clause is `field:value` (exact; case-insensitive for text), `field~value`
/// (substring, at least 3 characters), `field>value`, `<`, `>=`, `<=` (numbers, `created`),
/// preceded by `-` to negate; `metadata['key']` names a metadata value; `null` matches an
/// unset field. Values are quoted (`'…'` or `"…"`) unless numbers. The answer is Stripe's
/// `search_result` (`data`, `has_more`, `next_page`, `url`), newest first, paged with `limit`
/// and `page` (the previous answer's `next_page`). Registered before the `:id` routes so
/// `search` is never read as an id.
enum SearchEndpoints {
    /// The fields each resource can be searched by (Stripe's "Supported query fields").
    static let fields: [(path: String, type: String, fields: Set<String>)] = [
        ("customers", "customer", ["created", "email", "name", "phone"]),
        ("payment_intents", "payment_intent", ["amount", "created", "currency", "customer", "status"]),
        ("charges", "charge", ["amount", "created", "currency", "customer", "disputed", "payment_intent", "refunded", "status"]),
    ]

    static func register(_ paths: inout PathTable<Endpoint>) {
        for resource in fields {
            paths.add(
                "GET", "/v1/\(resource.path)/search",
                Endpoint(["query", "limit", "page"]) { call throws(SimError) in
                    let query = try call.params.requiredString("query")
                    let clauses = try SearchQuery.parse(query, resource: resource.path, fields: resource.fields)
                    let items = call.state.list(type: resource.type, scope: call.scope) { clauses.matches($0) }
                    return try page(items, url: "/v1/\(resource.path)/search", params: call.params)
                })
        }
    }

    /// `items` from the offset in `page` (`next_page` of the previous answer), `limit` of them.
    private static func page(_ items: [JSONValue], url: String, params: Params) throws(SimError) -> JSONValue {
        let limit = try params.int("limit") ?? 10
        guard (1...100).contains(limit) else {
            throw SimError.invalidRequest("Invalid limit: must be between 1 and 100", param: "limit")
        }
        var offset = 0
        if let token = try params.string("page") {
            guard token.hasPrefix("page_"), let parsed = Int(token.dropFirst(5)), parsed >= 0 else {
                throw SimError.invalidRequest("Invalid page: \(token)", param: "page")
            }
            offset = parsed
        }
        let data = Array(items.dropFirst(offset).prefix(limit))
        let more = items.count > offset + limit
        return [
            "object": "search_result", "data": .array(data), "has_more": .bool(more),
            "next_page": more ? .string("page_\(offset + limit)") : nil, "url": .string(url),
        ]
    }
}

/// A parsed search query: clauses joined by one operator.
struct SearchQuery: Equatable {
    /// One `[-]field op value` clause.
    struct Clause: Equatable {
        /// The field's path (`email`, `metadata.order`).
        var field: String
        /// `:`, `~`, `>`, `<`, `>=`, `<=`.
        var op: String
        /// The value as written (unquoted); nil for `null`.
        var value: String?
        /// A leading `-`.
        var negated: Bool
    }

    var clauses: [Clause]
    /// `OR` between the clauses (else `AND`).
    var any: Bool

    /// Whether `object` matches the query.
    func matches(_ object: JSONValue) -> Bool {
        any ? clauses.contains { Self.matches($0, object) } : clauses.allSatisfy { Self.matches($0, object) }
    }

    private static func matches(_ clause: Clause, _ object: JSONValue) -> Bool {
        let found = object.value(at: clause.field)
        let result: Bool
        switch (found, clause.value) {
        case (nil, nil), (.some(.null), nil): result = clause.op == ":"
        case (.some(let actual), .some(let wanted)):
            result = compare(actual, clause.op, wanted)
        default: result = false
        }
        return clause.negated ? !result : result
    }

    private static func compare(_ actual: JSONValue, _ op: String, _ wanted: String) -> Bool {
        switch actual {
        case .int(let number):
            guard let target = Int(wanted) else { return false }
            switch op {
            case ":": return number == target
            case ">": return number > target
            case "<": return number < target
            case ">=": return number >= target
            case "<=": return number <= target
            default: return false
            }
        case .bool(let flag): return op == ":" && String(flag) == wanted.lowercased()
        case .string(let text):
            switch op {
            case ":": return text.lowercased() == wanted.lowercased()
            case "~": return text.lowercased().contains(wanted.lowercased())
            default: return false
            }
        default: return false
        }
    }

    /// Parses `query` for `resource` (whose searchable fields, besides `metadata[…]`, are `fields`).
    /// - Throws: 400 `invalid_request_error` (`param: query`) for a query that does not parse,
    ///   an unsupported field, mixed `AND`/`OR`, more than 10 clauses or a `~` value under 3
    ///   characters.
    static func parse(_ query: String, resource: String, fields: Set<String>) throws(SimError) -> SearchQuery {
        var scanner = Substring(query)
        var clauses: [Clause] = []
        var joins: Set<String> = []
        func fail(_ why: String) -> SimError {
            SimError.invalidRequest("Invalid search query: \(why) (`\(query)`).", param: "query")
        }
        func skipSpaces() { scanner = scanner.drop(while: { $0 == " " }) }
        while true {
            skipSpaces()
            let negated = scanner.first == "-"
            if negated { scanner = scanner.dropFirst() }
            var field = String(scanner.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }))
            scanner = scanner.dropFirst(field.count)
            if field == "metadata", scanner.first == "[" {
                guard let close = scanner.firstIndex(of: "]") else { throw fail("unclosed `[`") }
                let key = scanner[scanner.index(after: scanner.startIndex)..<close].trimmingCharacters(in: ["'", "\""])
                field = "metadata.\(key)"
                scanner = scanner[scanner.index(after: close)...]
            } else if field.isEmpty {
                throw fail("expected a field")
            } else if !fields.contains(field) {
                throw SimError.invalidRequest(
                    "Field `\(field)` is an unsupported search field for resource `\(resource)`. See http://stripe.com/docs/search#query-fields-for-\(resource) for a list of supported fields.",
                    param: "query")
            }
            let op = [">=", "<=", ":", "~", ">", "<"].first { scanner.hasPrefix($0) }
            guard let op else { throw fail("expected `:`, `~`, `>`, `<`, `>=` or `<=` after `\(field)`") }
            scanner = scanner.dropFirst(op.count)
            var value: String?
            if let quote = scanner.first, quote == "'" || quote == "\"" {
                scanner = scanner.dropFirst()
                guard let end = scanner.firstIndex(of: quote) else { throw fail("unclosed quote") }
                value = String(scanner[..<end])
                scanner = scanner[scanner.index(after: end)...]
            } else {
                let word = String(scanner.prefix(while: { $0 != " " }))
                guard !word.isEmpty else { throw fail("expected a value after `\(field)\(op)`") }
                scanner = scanner.dropFirst(word.count)
                value = word == "null" ? nil : word
            }
            if op == "~", (value?.count ?? 0) < 3 {
                throw fail("a substring match (`~`) needs at least 3 characters")
            }
            clauses.append(Clause(field: field, op: op, value: value, negated: negated))
            skipSpaces()
            if scanner.isEmpty { break }
            let join = String(scanner.prefix(while: { $0 != " " }))
            guard join == "AND" || join == "OR" else { throw fail("expected AND or OR, found `\(join)`") }
            joins.insert(join)
            scanner = scanner.dropFirst(join.count)
        }
        guard joins.count <= 1 else { throw fail("AND and OR cannot be combined in one query") }
        guard clauses.count <= 10 else { throw fail("at most 10 clauses") }
        return SearchQuery(clauses: clauses, any: joins.contains("OR"))
    }
}
