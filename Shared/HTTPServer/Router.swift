/// Maps a method and a path to a value (usually a handler closure), with `:name`
/// placeholder segments, e.g. `"/v1/accounts/:id/persons"`.
///
/// Routes are tried in the order they were added; a literal segment matches only itself,
/// a `:name` segment matches any one non-empty segment and is returned under `name`.
/// Trailing slashes are ignored. A value type: build it once, then share it freely.
public struct Router<Handler: Sendable>: Sendable {
    private struct Route: Sendable {
        let method: String
        let segments: [Substring]
        let handler: Handler
    }

    private var routes: [Route] = []

    /// An empty router.
    public init() {}

    /// Adds a route; `method` is compared case-sensitively (`"GET"`, `"POST"`, ...).
    public mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
        routes.append(Route(method: method, segments: Self.split(pattern), handler: handler))
    }

    /// The first route matching `method` and `path`, with its placeholder values.
    public func match(method: String, path: String) -> (handler: Handler, parameters: [String: String])? {
        let parts = Self.split(path)
        for route in routes where route.method == method && route.segments.count == parts.count {
            var parameters: [String: String] = [:]
            var matched = true
            for (pattern, part) in zip(route.segments, parts) {
                if pattern.first == ":" {
                    parameters[String(pattern.dropFirst())] = String(part)
                } else if pattern != part {
                    matched = false
                    break
                }
            }
            if matched { return (route.handler, parameters) }
        }
        return nil
    }

    /// Whether any route (of any method) matches `path`: lets a caller answer 405 instead of 404.
    public func hasPath(_ path: String) -> Bool {
        let parts = Self.split(path)
        return routes.contains { route in
            route.segments.count == parts.count
                && zip(route.segments, parts).allSatisfy { $0.first == ":" || $0 == $1 }
        }
    }

    private static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
