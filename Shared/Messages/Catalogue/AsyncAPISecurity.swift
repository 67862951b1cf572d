/// The broker users of a RabbitMQ definitions file (`docker/rabbitmq/definitions.json`) as
/// AsyncAPI security schemes (`userPassword`, SASL PLAIN over AMQP), with their vhost and
/// topic permissions, and which of them may publish or read a routing key.
///
/// RabbitMQ's rules: a user needs `write` on an exchange to publish to it and, when it has
/// topic permissions for that exchange, a routing key its topic `write` pattern matches;
/// to receive it binds a queue of its own, which needs `read` on the exchange and a routing
/// key its topic `read` pattern matches. Administrators are left out: no service or
/// platform connects as one.
struct AsyncAPISecurity {
    /// One broker user and its rights on vhost `/`.
    struct User {
        var name: String
        var permissions: [String: JSONValue]
        /// Topic permissions by exchange: `[exchange: ["write": pattern, "read": pattern]]`.
        var topic: [String: [String: String]]
    }

    /// The non-administrator users, by name.
    var users: [User]

    /// Reads `users`, `permissions` and `topic_permissions` of a definitions document; a
    /// document without them gives no users.
    init(definitions: JSONValue) {
        let permissions = definitions["permissions"]?.arrayValue ?? []
        let topics = definitions["topic_permissions"]?.arrayValue ?? []
        users = (definitions["users"]?.arrayValue ?? []).compactMap { user in
            guard let name = user["name"]?.stringValue,
                !(user["tags"]?.arrayValue ?? []).contains(.string("administrator"))
            else { return nil }
            var rights: [String: JSONValue] = [:]
            if case .object(let p)? = permissions.first(where: { $0["user"]?.stringValue == name }) {
                for key in ["configure", "write", "read"] { rights[key] = p[key] }
            }
            var topic: [String: [String: String]] = [:]
            for entry in topics where entry["user"]?.stringValue == name {
                guard let exchange = entry["exchange"]?.stringValue else { continue }
                topic[exchange] = ["write": entry["write"]?.stringValue ?? ".*", "read": entry["read"]?.stringValue ?? ".*"]
            }
            return User(name: name, permissions: rights, topic: topic)
        }.sorted { $0.name < $1.name }
    }

    /// The `components.securitySchemes` entries, one per user.
    var schemes: [String: JSONValue] {
        Dictionary(
            uniqueKeysWithValues: users.map { user in
                var topic: [String: JSONValue] = [:]
                for (exchange, rights) in user.topic {
                    topic[exchange] = .object(rights.mapValues { .string($0) })
                }
                return (
                    user.name,
                    [
                        "type": "userPassword",
                        "description": .string(
                            "Broker user `\(user.name)` (SASL PLAIN; the local servers' password is the name, production passwords: docs/OPERATIONS.md \"Credentials\"). Rights on vhost / from docker/rabbitmq/definitions.json: configure \(user.permissions["configure"]?.stringValue ?? "none"), write \(user.permissions["write"]?.stringValue ?? "none"), read \(user.permissions["read"]?.stringValue ?? "none"); topic permissions per exchange in x-topic-permissions."
                        ),
                        "x-permissions": .object(user.permissions),
                        "x-topic-permissions": .object(topic),
                    ] as JSONValue
                )
            })
    }

    /// References to the schemes of the users that may publish `routingKey` on `exchange`.
    func publishers(exchange: String, routingKey: String) -> JSONValue {
        references { $0.may("write", exchange: exchange, routingKey: routingKey) }
    }

    /// References to the schemes of the users that may bind a queue of their own to
    /// `exchange` and read `routingKey` there.
    func readers(exchange: String, routingKey: String) -> JSONValue {
        references { $0.may("read", exchange: exchange, routingKey: routingKey) }
    }

    /// References to the schemes of the users that may read the queue `queue`.
    func queueReaders(_ queue: String) -> JSONValue {
        references { AsyncAPISecurity.matches($0.permissions["read"]?.stringValue, queue) }
    }

    /// References to every scheme (a server accepts them all).
    var all: JSONValue { references { _ in true } }

    private func references(_ allowed: (User) -> Bool) -> JSONValue {
        .array(users.filter(allowed).map { ["$ref": .string("#/components/securitySchemes/\($0.name)")] })
    }

    /// Whether `pattern` (a RabbitMQ permission regex) matches all of `name`; a missing or
    /// unparsable pattern matches nothing.
    static func matches(_ pattern: String?, _ name: String) -> Bool {
        guard let pattern, let regex = try? Regex(pattern) else { return false }
        return (try? regex.firstMatch(in: name)) != nil
    }
}

extension AsyncAPISecurity.User {
    /// RabbitMQ's check of a publish (`right` "write") or a binding (`right` "read") of
    /// `routingKey` on the topic exchange `exchange`.
    func may(_ right: String, exchange: String, routingKey: String) -> Bool {
        guard AsyncAPISecurity.matches(permissions[right]?.stringValue, exchange) else { return false }
        guard let topic = topic[exchange] else { return true }
        return AsyncAPISecurity.matches(topic[right], routingKey)
    }
}
