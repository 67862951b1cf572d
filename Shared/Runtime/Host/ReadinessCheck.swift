/// One entry of `/readyz`'s `checks`: a part of a service that reports on itself (for
/// example a webhook route's recent rejections) without taking the process out of service.
///
/// A degraded check turns `/readyz`'s `status` into `degraded` and keeps the answer 200: the
/// process still serves (a load balancer keeps sending it traffic, which is what lets a
/// fixed configuration show at once), while `connectbus status` and monitoring see the
/// reason. Thread-safe value type.
public struct ReadinessCheck: Sendable, Equatable {
    /// A stable name, e.g. `webhooks.platform`.
    public var name: String
    /// Whether this part is degraded.
    public var degraded: Bool
    /// What an operator reads, e.g. `12 of 12 deliveries in the last 300 s rejected (100%):
    /// no_matching_signature 12`; never a secret.
    public var detail: String

    /// Creates a check result.
    public init(name: String, degraded: Bool, detail: String) {
        self.name = name
        self.degraded = degraded
        self.detail = detail
    }
}
