import Foundation

/// A service's processes as the broker sees them: the runtime names every connection
/// `<service>.<role>@<host>:<pid>` (see `ReplicaIdentity` in Runtime), so each distinct
/// `@…` part of a service is one replica.
public struct ServiceReplicas: Sendable, Equatable {
    /// The service (`payments`, `terminal-gateway`, …): the connection name up to its first dot.
    public var service: String
    /// Replica identity → its connection count, sorted by identity.
    public var replicas: [(identity: String, connections: Int)]

    public static func == (a: ServiceReplicas, b: ServiceReplicas) -> Bool {
        a.service == b.service && a.replicas.map(\.identity) == b.replicas.map(\.identity)
            && a.replicas.map(\.connections) == b.replicas.map(\.connections)
    }

    /// The services among `names` (client connection names), sorted by service; names
    /// without `@` (tools, older processes) are not counted.
    public static func from(connectionNames names: [String]) -> [ServiceReplicas] {
        var counts: [String: [String: Int]] = [:]
        for name in names {
            guard let at = name.lastIndex(of: "@") else { continue }
            let identity = String(name[name.index(after: at)...])
            let role = name[..<at]
            guard let dot = role.firstIndex(of: "."), !identity.isEmpty else { continue }
            counts[String(role[..<dot]), default: [:]][identity, default: 0] += 1
        }
        return counts.keys.sorted().map { service in
            let byReplica = counts[service] ?? [:]
            return ServiceReplicas(
                service: service,
                replicas: byReplica.keys.sorted().map { ($0, byReplica[$0] ?? 0) })
        }
    }
}
