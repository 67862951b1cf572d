@testable import Messages

/// A small command used to exercise the core without depending on the service messages.
struct PingCommand: CommandMessage {
    static let messageName = "test.ping"
    static let schemaVersion = 3
    struct Result: Codable, Sendable, Equatable { var pongAt: Int }
    struct Item: Codable, Sendable, Equatable { var price: String; var quantity: Int }
    var account: String
    var lineItems: [Item]
    var metadata: [String: String]?
    var note: String?
}
