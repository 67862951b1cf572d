import Foundation

/// Decodes `application/x-www-form-urlencoded` bodies with Stripe's nested keys:
/// `metadata[k]=v` (hash), `items[0][price]=p` (indexed array) and the older
/// `expand[]=a&expand[]=b` (appended array; `items[][price]=p&items[][quantity]=1`
/// starts a new element when the key repeats). Later duplicates of a leaf win.
///
/// Written for the simulator alone: it shares nothing with the client's encoder.
public enum FormParser {
    /// Parses a raw body. Throws a 400 `invalid_request_error` for bad percent-encoding or
    /// a key used both as a leaf and as a hash/array.
    public static func parse(body: [UInt8]) throws(SimError) -> [String: FormValue] {
        var pairs: [(String, String)] = []
        for part in body.split(separator: UInt8(ascii: "&")) where !part.isEmpty {
            let text = String(decoding: part, as: UTF8.self)
            let pieces = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try decode(String(pieces[0]))
            let value = pieces.count > 1 ? try decode(String(pieces[1])) : ""
            pairs.append((key, value))
        }
        return try parse(pairs: pairs)
    }

    /// Builds the nested parameters from already-decoded key/value pairs (e.g. a query string).
    public static func parse(pairs: [(String, String)]) throws(SimError) -> [String: FormValue] {
        var root: Node = .map([:])
        for (key, value) in pairs {
            let path = try split(key)
            var target: Node? = root
            try insert(&target, path: path[...], value: value, key: key)
            root = target ?? .map([:])
        }
        // The top level is always a hash, even when every name is a number (`0=a`).
        guard case .map(let members) = root else { return [:] }
        return members.mapValues(\.finished)
    }

    private indirect enum Node {
        case leaf(String)
        case map([String: Node])
        case list([Node])

        var finished: FormValue {
            switch self {
            case .leaf(let s): return .string(s)
            case .list(let items): return .array(items.map(\.finished))
            case .map(let members):
                let indices = members.keys.compactMap { Int($0) }
                if !members.isEmpty, indices.count == members.count, indices.allSatisfy({ $0 >= 0 }) {
                    return .array(indices.sorted().compactMap { members[String($0)]?.finished })
                }
                return .dict(members.mapValues(\.finished))
            }
        }
    }

    private static func insert(
        _ node: inout Node?, path: ArraySlice<String>, value: String,
        key: String
    ) throws(SimError) {
        guard let segment = path.first else {
            if case .some(.map) = node { throw conflict(key) }
            if case .some(.list) = node { throw conflict(key) }
            node = .leaf(value)
            return
        }
        let rest = path.dropFirst()
        if segment.isEmpty {
            var items: [Node] = []
            switch node {
            case .none: break
            case .some(.list(let existing)): items = existing
            case .some(.map(let members)) where members.isEmpty: break
            default: throw conflict(key)
            }
            if let next = rest.first, !next.isEmpty, case .some(.map(let last)) = items.last, last[next] == nil {
                var element: Node? = items.removeLast()
                try insert(&element, path: rest, value: value, key: key)
                if let element { items.append(element) }
            } else {
                var element: Node?
                try insert(&element, path: rest, value: value, key: key)
                if let element { items.append(element) }
            }
            node = .list(items)
            return
        }
        var members: [String: Node] = [:]
        switch node {
        case .none: break
        case .some(.map(let existing)): members = existing
        case .some(.list(let items)):
            for (index, item) in items.enumerated() { members[String(index)] = item }
        case .some(.leaf): throw conflict(key)
        }
        var child = members[segment]
        try insert(&child, path: rest, value: value, key: key)
        members[segment] = child
        node = .map(members)
    }

    /// `a[b][0][]` → `["a", "b", "0", ""]`.
    private static func split(_ key: String) throws(SimError) -> [String] {
        guard let open = key.firstIndex(of: "[") else { return [key] }
        var segments = [String(key[..<open])]
        var rest = key[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
                throw SimError.invalidRequest("Invalid parameter name: \(key)", param: key)
            }
            segments.append(String(rest[rest.index(after: rest.startIndex)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        if segments[0].isEmpty { throw SimError.invalidRequest("Invalid parameter name: \(key)", param: key) }
        return segments
    }

    private static func decode(_ raw: String) throws(SimError) -> String {
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else {
            throw SimError.invalidRequest("Invalid URL encoding in request body.", param: nil)
        }
        return decoded
    }

    private static func conflict(_ key: String) -> SimError {
        SimError.invalidRequest("Invalid hash or array for parameter: \(key)", param: key)
    }
}
