/// What this service follows over an account's life besides its onboarding projection:
/// each capability's status, `requirements.pending_verification`, `future_requirements`
/// (due fields and deadline) and the newest future deadline already announced. Pure value
/// with pure transitions; Sendable.
///
/// Never backwards: an `account.updated` older than the newest applied changes nothing; a
/// capability change older than the one stored for that capability changes nothing, and at
/// the same `created` second only a status further along (`inactive` < `pending` <
/// `active`) wins, so out-of-order deliveries settle on the newest state.
public struct AccountStatus: Sendable, Equatable {
    /// A capability's status and when Stripe reported it (Unix seconds).
    public struct Capability: Codable, Sendable, Equatable {
        /// `active`, `inactive`, `pending`, `unrequested`, `disabled`.
        public var status: String
        /// The reporting event's `created`.
        public var observedAt: Int64
        /// Creates the value.
        public init(status: String, observedAt: Int64) { self.status = status; self.observedAt = observedAt }
    }

    /// A capability whose status changed.
    public struct CapabilityChange: Sendable, Equatable {
        /// The capability name.
        public var capability: String
        /// The status before, when known.
        public var previous: String?
        /// The status now.
        public var status: String
    }

    /// Capability name → its latest status.
    public var capabilities: [String: Capability] = [:]
    /// `requirements.pending_verification`.
    public var pendingVerification: [String] = []
    /// `future_requirements.currently_due` ∪ `eventually_due`, in Stripe's order.
    public var futureDue: [String] = []
    /// `future_requirements.current_deadline`, Unix seconds.
    public var futureDeadline: Int64?
    /// The future deadline last announced with `requirements_due` (at most once per deadline).
    public var announcedDeadline: Int64?
    /// `created` of the newest `account.updated` applied.
    public var lastStripeUpdate: Int64 = 0

    /// Creates an empty status.
    public init() {}

    static func rank(_ status: String) -> Int {
        ["unrequested": 0, "inactive": 1, "pending": 2, "active": 3, "disabled": 4][status] ?? 1
    }

    /// Applies one capability's status reported at `at`; returns the change, or nil when it
    /// is stale or the same status.
    public mutating func apply(capability name: String, status: String, at: Int64) -> CapabilityChange? {
        let current = capabilities[name]
        if let current {
            if at < current.observedAt { return nil }
            if at == current.observedAt, Self.rank(status) <= Self.rank(current.status) { return nil }
        }
        capabilities[name] = Capability(status: status, observedAt: at)
        guard current?.status != status else { return nil }
        return CapabilityChange(capability: name, previous: current?.status, status: status)
    }

    /// What an `account.updated` (created at `at`) says beyond the projection.
    public struct Report: Sendable, Equatable {
        /// Capability name → status.
        public var capabilities: [String: String]
        /// `requirements.pending_verification`.
        public var pendingVerification: [String]
        /// `future_requirements` due fields.
        public var futureDue: [String]
        /// `future_requirements.current_deadline`.
        public var futureDeadline: Int64?
        /// Creates the value.
        public init(
            capabilities: [String: String] = [:], pendingVerification: [String] = [], futureDue: [String] = [],
            futureDeadline: Int64? = nil
        ) {
            self.capabilities = capabilities; self.pendingVerification = pendingVerification
            self.futureDue = futureDue; self.futureDeadline = futureDeadline
        }
    }

    /// Applies an account report; returns the capability changes and whether a future
    /// deadline came into view (newly set or moved, with fields due, not announced yet).
    /// A report older than ``lastStripeUpdate`` changes nothing.
    public mutating func apply(_ report: Report, at: Int64) -> (changes: [CapabilityChange], announceDeadline: Bool) {
        guard at >= lastStripeUpdate else { return ([], false) }
        lastStripeUpdate = at
        pendingVerification = report.pendingVerification
        futureDue = report.futureDue
        futureDeadline = report.futureDeadline
        let changes = report.capabilities.keys.sorted().compactMap { name in
            apply(capability: name, status: report.capabilities[name] ?? "inactive", at: at)
        }
        guard let deadline = report.futureDeadline, !report.futureDue.isEmpty, deadline != announcedDeadline else {
            return (changes, false)
        }
        announcedDeadline = deadline
        return (changes, true)
    }
}
