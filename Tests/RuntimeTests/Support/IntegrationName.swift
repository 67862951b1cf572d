import Foundation

/// Unique names for files a unit test creates.
enum IntegrationName {
    static func make(_ prefix: String) -> String { "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())" }
}
