import Foundation

/// Stripe's example objects from `../shared/stripe/fixtures3.json` (relative to the
/// repository), keyed by object name; empty when the file is absent.
enum Fixtures {
    static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/stripe/fixtures3.json")

    /// The raw JSON of every resource, or `nil` when the file is missing or unreadable.
    static let resources: [String: Data]? = {
        guard let data = try? Data(contentsOf: url),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let resources = root["resources"] as? [String: Any]
        else { return nil }
        var out: [String: Data] = [:]
        for (name, object) in resources {
            if let bytes = try? JSONSerialization.data(withJSONObject: object) { out[name] = bytes }
        }
        return out
    }()

    static var available: Bool { resources != nil }

    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "fixture \(name) not in \(Fixtures.url.path)" }
    }

    /// The example object named `name` decoded as `T`.
    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        guard let data = resources?[name] else { throw Missing(name: name) }
        return try JSONDecoder().decode(T.self, from: data)
    }
}
