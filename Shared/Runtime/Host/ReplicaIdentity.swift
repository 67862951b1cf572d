#if canImport(Glibc)
import Glibc
#endif

/// Which process of a service this is, as `<host>:<pid>` (the container's or pod's host
/// name is unique per replica), or `CONNECTBUS_REPLICA` when set. The runtime appends it
/// to the names of its broker connections (`payments.relay.publish@payments-7f9c:1`), so
/// `connectbus status` counts each service's replicas from the broker's connection list.
public enum ReplicaIdentity {
    /// This process's identity, read once.
    public static let current: String = {
        if let given = getenv("CONNECTBUS_REPLICA").map({ String(cString: $0) }), !given.isEmpty { return given }
        var buffer = [CChar](repeating: 0, count: 256)
        let host =
            gethostname(&buffer, buffer.count) == 0
            ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "localhost"
        return "\(host):\(getpid())"
    }()

    /// `name` with this process's identity: `<name>@<identity>`.
    public static func connectionName(_ name: String) -> String { "\(name)@\(current)" }
}
