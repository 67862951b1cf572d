import ConnectBusCLI
import Bus
import Foundation
import TestKit

/// What an operator does to the broker through RabbitMQ's management HTTP API
/// (https://www.rabbitmq.com/docs/http-api-reference), as the admin user of `AMQP_URL`:
/// throwaway users, their permissions, and forced connection closes. Blocking (libcurl
/// through ``TestHTTPClient``): call it on a dedicated thread only.
enum BrokerAdmin {
    /// The permissions of the `monitor` user in docker/rabbitmq/definitions.json.
    static let monitorPermissions = [
        "configure": #"^(monitor\..*|amq\.gen-.*)$"#,
        "write": #"^(monitor\..*|amq\.gen-.*)$"#,
        "read": #"^(monitor\..*|amq\.gen-.*|connectbus\.events)$"#,
    ]

    /// The AMQP URL of `user` with password `password` on the integration broker.
    static func amqpURL(user: String, password: String) throws -> String {
        let admin = try AMQPURL(IntegrationEnvironment.current?.amqpURL ?? "")
        return "amqp://\(user):\(password)@\(admin.host):\(admin.port)/"
    }

    /// Creates (or replaces) a broker user without tags.
    static func createUser(_ user: String, password: String) throws {
        try call("PUT", "/api/users/\(user)", json: ["password": password, "tags": ""], expect: [201, 204])
    }

    /// Deletes a user (and closes its connections); a missing user is fine.
    static func deleteUser(_ user: String) {
        _ = try? call("DELETE", "/api/users/\(user)", expect: [204, 404])
    }

    /// Sets `user`'s permissions on vhost `/`.
    static func setPermissions(_ user: String, _ permissions: [String: String]) throws {
        try call("PUT", "/api/permissions/%2F/\(user)", json: permissions, expect: [201, 204])
    }

    /// Removes `user`'s permissions on vhost `/`: its open connections stay, new ones are refused.
    static func clearPermissions(_ user: String) throws {
        try call("DELETE", "/api/permissions/%2F/\(user)", expect: [204])
    }

    /// The broker-side names of the open connections whose client named itself `clientName`
    /// (`connection_name` client property), polling up to 60 s until there is one.
    static func connections(named clientName: String) throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(60)
        repeat {
            let names = try connectionList().compactMap { c -> String? in
                guard (c["client_properties"] as? [String: Any])?["connection_name"] as? String == clientName else { return nil }
                return c["name"] as? String
            }
            if !names.isEmpty { return names }
            Thread.sleep(forTimeInterval: 0.5)
        } while ContinuousClock.now < deadline
        throw BrokerAdminError("no connection named \(clientName) within 60 s")
    }

    /// Closes, as an operator would, every connection named `clientName`: the broker sends
    /// connection.close 320 CONNECTION_FORCED, closes its channels (their unacknowledged
    /// deliveries go back to their queues) and waits for the client's close-ok.
    static func forceClose(clientNamed clientName: String) throws {
        for name in try connections(named: clientName) {
            let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
            try call("DELETE", "/api/connections/\(encoded)", expect: [204, 404])
        }
    }

    /// Waits (up to 60 s) until `queue` has no consumer, so nothing published from now on
    /// can be delivered to a connection being closed.
    static func waitForNoConsumers(_ queue: String) throws {
        let connection = try BrokerThread.environment.connect("test-inspect")
        defer { connection.close() }
        let deadline = ContinuousClock.now + .seconds(60)
        while try connection.queueStatus(queue).consumers > 0 {
            guard ContinuousClock.now < deadline else { throw BrokerAdminError("\(queue) still has a consumer") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private static func connectionList() throws -> [[String: Any]] {
        let response = try call("GET", "/api/connections", expect: [200])
        return (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]] ?? []
    }

    @discardableResult
    private static func call(
        _ method: String, _ path: String, json: [String: String]? = nil,
        expect: Set<Int>
    ) throws -> TestResponse {
        let admin = try AMQPURL(IntegrationEnvironment.current?.amqpURL ?? "")
        let port = ProcessInfo.processInfo.environment["CONNECTBUS_MANAGEMENT_PORT"] ?? "15672"
        let credentials = Data("\(admin.user):\(admin.password)".utf8).base64EncodedString()
        var headers = ["Authorization": "Basic \(credentials)"]
        var body: [UInt8]?
        if let json {
            headers["Content-Type"] = "application/json"
            body = Array(try JSONSerialization.data(withJSONObject: json))
        }
        let response = try TestHTTPClient.sendBlocking(
            method, "http://\(admin.host):\(port)\(path)",
            headers: headers, body: body)
        guard expect.contains(response.status) else {
            throw BrokerAdminError("\(method) \(path) answered \(response.status): \(response.text)")
        }
        return response
    }
}

/// A management API call that did not do what the test needed.
struct BrokerAdminError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
