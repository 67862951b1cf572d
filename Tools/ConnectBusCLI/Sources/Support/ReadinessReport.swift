import Foundation

/// A service's `/readyz` answer as `connectbus status` prints it: `status` (`ready`,
/// `degraded` or `not_ready`), the reasons it is not ready, and the service's own checks
/// (e.g. `webhooks.platform` with its recent deliveries and rejections; Shared/Runtime's
/// `ReadinessCheck`).
public struct ReadinessReport: Equatable, Sendable {
    /// One of the service's checks.
    public struct Check: Equatable, Sendable {
        /// E.g. `webhooks.platform`.
        public var name: String
        /// `ok` or `degraded`.
        public var status: String
        /// What the service says, e.g. `12 of 12 deliveries in the last 300 s rejected (100%): …`.
        public var detail: String
    }

    /// `ready`, `degraded` or `not_ready`.
    public var status: String
    /// Why the service is not ready.
    public var problems: [String]
    /// The service's checks, in its order.
    public var checks: [Check]

    /// Whether a check is degraded (the service answers, but something needs the operator).
    public var isDegraded: Bool { status == "degraded" || checks.contains { $0.status == "degraded" } }

    /// Reads a `/readyz` body; `nil` when it is not the runtime's JSON.
    public static func parse(_ body: [UInt8]) -> ReadinessReport? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let status = object["status"] as? String
        else { return nil }
        let checks = (object["checks"] as? [[String: Any]] ?? []).compactMap { check -> Check? in
            guard let name = check["name"] as? String else { return nil }
            return Check(name: name, status: check["status"] as? String ?? "ok", detail: check["detail"] as? String ?? "")
        }
        return ReadinessReport(status: status, problems: object["problems"] as? [String] ?? [], checks: checks)
    }

    /// One indented line per check: `  webhooks.platform   degraded  12 of 12 deliveries …`.
    public func checkLines() -> [String] {
        checks.map { check in
            "  " + check.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                + check.status.padding(toLength: 10, withPad: " ", startingAt: 0) + check.detail
        }
    }
}
