import Bus
import Foundation
import Messages
@testable import Runtime
import TerminalGateway
import Testing

/// The services' routes and the broker's topic authorisation agree
/// (`topic_permissions` of docker/rabbitmq/definitions.json): every binding a service's
/// routes make is allowed by its user's `read` pattern on that exchange, every event the
/// catalogue gives a service and every command it sends by its `write` pattern, and every
/// `stripe.*` key a service binds by the notifications user's (which re-publishes them).
/// A route that starts to consume, or a service that starts to send, outside its user's
/// patterns fails here before the broker refuses it at start-up.
@Suite struct TopicPermissionTests {
    /// The checkout this file belongs to.
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The broker user of a service (the terminal gateway's is `terminal`).
    static func user(of service: String) -> String { service == TerminalGatewayService.name ? "terminal" : service }

    /// The commands a service publishes itself (Tests/deployment/test_topic_permissions.py
    /// scans Services/ for them).
    static let sentCommands = ["terminal": [Reconcile.messageName], "payments": [GetStatement.messageName]]

    /// `(user, exchange) → (write, read)` patterns of the definitions.
    static func topicPermissions() throws -> [String: (write: String, read: String)] {
        let data = try Data(contentsOf: repo.appendingPathComponent("docker/rabbitmq/definitions.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(root["topic_permissions"] as? [[String: String]])
        var result: [String: (write: String, read: String)] = [:]
        for entry in entries where entry["vhost"] == "/" {
            let key = "\(entry["user"] ?? "") \(entry["exchange"] ?? "")"
            result[key] = (try #require(entry["write"]), try #require(entry["read"]))
        }
        return result
    }

    /// Whether RabbitMQ's regex search of `pattern` finds `subject`.
    static func allows(_ pattern: String, _ subject: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil
    }

    @Test func everyBindingOfEveryServiceIsReadable() throws {
        let permissions = try Self.topicPermissions()
        let services = [
            "onboarding", "payments", TerminalGatewayService.name, "notifications",
        ]
        let routes = try CommandRoutingTests.serviceRoutes() + services.map { (service: $0, route: PingRoute.make(service: $0)) }
        #expect(!routes.isEmpty)
        for (service, route) in routes {
            let user = Self.user(of: service)
            let entry = try #require(permissions["\(user) \(route.exchange)"], "\(user) on \(route.exchange)")
            for pattern in route.patterns {
                #expect(try Self.allows(entry.read, pattern), "\(user) may not bind \(pattern) on \(route.exchange)")
            }
        }
    }

    @Test func everyServiceWritesItsEventsAndTheCommandsItSends() throws {
        let permissions = try Self.topicPermissions()
        let users = ["onboarding", "payments", "terminal", "notifications"]
        for entry in Catalogue.standard.entries where entry.kind == .event {
            let owner = String(entry.name.prefix { $0 != "." })
            #expect(users.contains(owner), "\(entry.name) belongs to no service user")
            for user in users {
                let write = try #require(permissions["\(user) \(Exchanges.events)"]).write
                #expect(try Self.allows(write, entry.name) == (user == owner), "\(user) writing \(entry.name)")
            }
        }
        for user in users {
            let write = try #require(permissions["\(user) \(Exchanges.commands)"]).write
            for entry in Catalogue.standard.entries where entry.kind == .command {
                let sent = Self.sentCommands[user, default: []].contains(entry.name)
                #expect(try Self.allows(write, entry.name) == sent, "\(user) writing \(entry.name)")
            }
        }
    }

    @Test func notificationsWritesEveryStripeEventAServiceBinds() throws {
        let write = try #require(try Self.topicPermissions()["notifications \(Exchanges.events)"]).write
        let stripe = try CommandRoutingTests.serviceRoutes().flatMap(\.route.patterns).filter { $0.hasPrefix("stripe.") }
        #expect(!stripe.isEmpty)
        for key in stripe {
            #expect(try Self.allows(write, key), "notifications may not re-publish \(key)")
        }
    }
}
