import Foundation

/// The few RabbitMQ management HTTP API calls the CLI needs (`GET /api/queues`,
/// `GET /api/connections`), over
/// ``HTTPGetter``. See https://www.rabbitmq.com/docs/http-api-reference.
/// Not `Sendable` (owns a curl handle).
public final class ManagementAPI {
    /// One queue as the management API reports it.
    public struct QueueInfo: Sendable, Equatable {
        /// Queue name.
        public var name: String
        /// Messages ready + unacknowledged.
        public var messages: Int
        /// Messages waiting to be delivered.
        public var ready: Int
        /// Delivered, not yet acknowledged.
        public var unacknowledged: Int
        /// Consumers attached.
        public var consumers: Int
        /// Publish rate, messages per second (0 when unknown).
        public var publishRate: Double
        /// Delivery (deliver + get) rate, messages per second.
        public var deliverRate: Double
        /// Queue type (`quorum`, `classic`).
        public var type: String
        /// Virtual host of the queue.
        public var vhost: String = "/"
        /// Acknowledgement rate, messages per second (0 when unknown).
        public var ackRate: Double = 0
    }

    /// One client connection as the broker lists it.
    public struct ConnectionInfo: Sendable, Equatable {
        /// The name the client gave (`connection_name` client property), e.g.
        /// `payments.relay.publish@payments-7f9c:1`; empty when none.
        public var clientName: String
        /// The broker user.
        public var user: String
        /// Virtual host.
        public var vhost: String
    }

    /// The API base URL (with credentials), e.g. `http://connectbus:connectbus@127.0.0.1:15672`.
    public let baseURL: String
    private let http: HTTPGetter

    /// A client for `baseURL`.
    /// - Throws: ``CLIError`` when libcurl cannot be initialised.
    public init(baseURL: String) throws(CLIError) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        http = try HTTPGetter()
    }

    /// Every queue of `vhost` (all vhosts when nil), sorted by name.
    /// - Throws: ``CLIError`` when the API cannot be reached or answers with an error.
    public func queues(vhost: String? = nil) throws(CLIError) -> [QueueInfo] {
        let (status, body) = try http.get(baseURL + "/api/queues")
        guard status == 200, let array = JSONDisplay.parse(body) as? [[String: Any]] else {
            throw CLIError(
                "the RabbitMQ management API answered \(status) for /api/queues",
                hint: "check CONNECTBUS_MANAGEMENT_URL (user, password, port) and that the management plugin is on")
        }
        return array.map(Self.queueInfo).filter { vhost == nil || $0.vhost == vhost }.sorted { $0.name < $1.name }
    }

    /// Every client connection (`GET /api/connections`).
    /// - Throws: ``CLIError`` when the API cannot be reached or answers with an error.
    public func connections() throws(CLIError) -> [ConnectionInfo] {
        let (status, body) = try http.get(baseURL + "/api/connections")
        guard status == 200, let array = JSONDisplay.parse(body) as? [[String: Any]] else {
            throw CLIError(
                "the RabbitMQ management API answered \(status) for /api/connections",
                hint: "the user of CONNECTBUS_MANAGEMENT_URL needs the monitoring tag")
        }
        return array.map { c in
            ConnectionInfo(
                clientName: (c["client_properties"] as? [String: Any])?["connection_name"] as? String ?? "",
                user: c["user"] as? String ?? "", vhost: c["vhost"] as? String ?? "/")
        }
    }

    static func queueInfo(_ q: [String: Any]) -> QueueInfo {
        func int(_ key: String) -> Int { (q[key] as? NSNumber)?.intValue ?? 0 }
        let stats = q["message_stats"] as? [String: Any] ?? [:]
        func rate(_ key: String) -> Double {
            ((stats[key] as? [String: Any])?["rate"] as? NSNumber)?.doubleValue ?? 0
        }
        return QueueInfo(
            name: q["name"] as? String ?? "?", messages: int("messages"), ready: int("messages_ready"),
            unacknowledged: int("messages_unacknowledged"), consumers: int("consumers"),
            publishRate: rate("publish_details"), deliverRate: rate("deliver_get_details"),
            type: q["type"] as? String ?? "", vhost: q["vhost"] as? String ?? "/",
            ackRate: rate("ack_details"))
    }
}

extension ManagementAPI {
    /// A user's rights on one virtual host, as the broker or a definitions file states them
    /// (`configure`, `write`, `read` regular expressions) and its topic rules per exchange.
    public struct UserRights: Sendable, Equatable {
        /// `configure|write|read` per vhost, e.g. `["/": "^payments\\..*|^amq\\.gen.*|^$ … "]`.
        public var permissions: [String: String]
        /// `exchange write|read` per vhost, one line per exchange, sorted.
        public var topicPermissions: [String: [String]]
    }

    /// The rights of `user` (`GET /api/users/{user}/permissions` and
    /// `GET /api/users/{user}/topic-permissions`); `nil` when the user does not exist.
    /// - Throws: ``CLIError`` when the API cannot be reached or answers with another error.
    public func rights(of user: String) throws(CLIError) -> UserRights? {
        let name = user.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? user
        let (userStatus, _) = try http.get(baseURL + "/api/users/\(name)")
        if userStatus == 404 { return nil }
        var lists: [[[String: Any]]] = []
        for path in ["permissions", "topic-permissions"] {
            let (status, body) = try http.get(baseURL + "/api/users/\(name)/\(path)")
            guard status == 200, let array = JSONDisplay.parse(body) as? [[String: Any]] else {
                throw CLIError(
                    "the RabbitMQ management API answered \(status) for /api/users/\(user)/\(path)",
                    hint: "the user of CONNECTBUS_MANAGEMENT_URL needs the administrator tag to read users' rights")
            }
            lists.append(array)
        }
        return Self.rights(permissions: lists[0], topicPermissions: lists[1])
    }

    /// Rights from the management API's (or a definitions file's) `permissions` and
    /// `topic_permissions` entries of one user.
    static func rights(permissions: [[String: Any]], topicPermissions: [[String: Any]]) -> UserRights {
        var vhostRights: [String: String] = [:]
        for entry in permissions {
            let vhost = entry["vhost"] as? String ?? "/"
            vhostRights[vhost] = ["configure", "write", "read"].map { "\($0)=\(entry[$0] as? String ?? "")" }.joined(separator: " ")
        }
        var topics: [String: [String]] = [:]
        for entry in topicPermissions {
            let vhost = entry["vhost"] as? String ?? "/"
            topics[vhost, default: []].append(
                "\(entry["exchange"] as? String ?? "") write=\(entry["write"] as? String ?? "") read=\(entry["read"] as? String ?? "")")
        }
        return UserRights(permissions: vhostRights, topicPermissions: topics.mapValues { $0.sorted() })
    }
}
