/// Maps an HTTP method and a path to a value (usually a handler closure), with `:name`
/// placeholder segments, e.g. `"/v1/accounts/:id/persons"`.
///
/// Named apart from the runtime's `Route` (one queue a service consumes and its handlers):
/// here an entry is an HTTP path, there a queue binding.
///
/// Entries are tried in the order they were added; a literal segment matches only itself,
/// a `:name` segment matches any one non-empty segment and is returned under `name`.
/// Trailing slashes are ignored. A value type: build it once, then share it freely.
public struct PathTable<Handler: Sendable>: Sendable {
    private struct Entry: Sendable {
        let method: String
        let segments: [Substring]
        let handler: Handler
    }

    private var entries: [Entry] = []

    /// An empty table.
    public init() {}

    /// Adds an entry; `method` is compared case-sensitively (`"GET"`, `"POST"`, ...).
    public mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
        entries.append(Entry(method: method, segments: Self.split(pattern), handler: handler))
    }

    /// The first entry matching `method` and `path`, with its placeholder values.
    public func match(method: String, path: String) -> (handler: Handler, parameters: [String: String])? {
        let parts = Self.split(path)
        for entry in entries where entry.method == method && entry.segments.count == parts.count {
            var parameters: [String: String] = [:]
            var matched = true
            for (pattern, part) in zip(entry.segments, parts) {
                if pattern.first == ":" {
                    parameters[String(pattern.dropFirst())] = String(part)
                } else if pattern != part {
                    matched = false
                    break
                }
            }
            if matched { return (entry.handler, parameters) }
        }
        return nil
    }

    /// Whether any entry (of any method) matches `path`: lets a caller answer 405 instead of 404.
    public func hasPath(_ path: String) -> Bool {
        let parts = Self.split(path)
        return entries.contains { entry in
            entry.segments.count == parts.count
                && zip(entry.segments, parts).allSatisfy { $0.first == ":" || $0 == $1 }
        }
    }

    private static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
