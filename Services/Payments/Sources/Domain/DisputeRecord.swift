public import Messages

/// One dispute on an order's payment as the service keeps it (`disputes` row), and the pure
/// rule that folds a `charge.dispute.*` event's dispute into it.
///
/// Events may come twice or out of order, and a command's synchronous answer from Stripe may
/// overtake its own webhook: ``applying(_:)`` never moves a dispute back (see there). Thread-safety: a plain `Sendable` value.
public struct DisputeRecord: Sendable, Equatable {
    /// The dispute, `dp_…`.
    public var dispute: String
    /// The connected account.
    public var account: String
    /// The platform's order id of the disputed payment.
    public var orderReference: String
    /// The disputed charge, `ch_…`.
    public var charge: String?
    /// The disputed PaymentIntent, `pi_…`.
    public var paymentIntent: String?
    /// Disputed amount, smallest currency unit.
    public var amount: Int
    /// Lowercase currency code.
    public var currency: String
    /// Stripe's `reason`.
    public var reason: String
    /// Stripe's `status`.
    public var status: DisputeStatus
    /// `evidence_details.due_by`, Unix seconds.
    public var evidenceDueBy: Int?
    /// `evidence_details.has_evidence`.
    public var hasEvidence: Bool
    /// `evidence_details.submission_count`.
    public var submissionCount: Int
    /// Whether the platform carries the account's losses; `nil` when not known.
    public var platformLiable: Bool?
    /// Funds withdrawn from the seller's balance (amount and dispute fee), smallest currency unit.
    public var fundsWithdrawn: Int
    /// Funds put back, smallest currency unit.
    public var fundsReinstated: Int
    /// `created` of the newest event applied.
    public var lastEventAt: Int
    /// Whether `payments.dispute.closed` has been published.
    public var closedPublished: Bool

    /// A record value.
    public init(
        dispute: String, account: String, orderReference: String, charge: String? = nil, paymentIntent: String? = nil, amount: Int,
        currency: String, reason: String, status: DisputeStatus, evidenceDueBy: Int? = nil, hasEvidence: Bool = false,
        submissionCount: Int = 0, platformLiable: Bool? = nil, fundsWithdrawn: Int = 0, fundsReinstated: Int = 0, lastEventAt: Int = 0,
        closedPublished: Bool = false
    ) {
        self.dispute = dispute
        self.account = account
        self.orderReference = orderReference
        self.charge = charge
        self.paymentIntent = paymentIntent
        self.amount = amount
        self.currency = currency
        self.reason = reason
        self.status = status
        self.evidenceDueBy = evidenceDueBy
        self.hasEvidence = hasEvidence
        self.submissionCount = submissionCount
        self.platformLiable = platformLiable
        self.fundsWithdrawn = fundsWithdrawn
        self.fundsReinstated = fundsReinstated
        self.lastEventAt = lastEventAt
        self.closedPublished = closedPublished
    }

    /// What Stripe's dispute object says, as of `at` (the event's `created`, or the time of a call).
    public struct Observation: Sendable, Equatable {
        /// `status`.
        public var status: DisputeStatus
        /// `amount`.
        public var amount: Int
        /// `reason`.
        public var reason: String
        /// `evidence_details.due_by`.
        public var evidenceDueBy: Int?
        /// `evidence_details.has_evidence`.
        public var hasEvidence: Bool
        /// `evidence_details.submission_count`.
        public var submissionCount: Int
        /// Σ of the negative balance transactions' `-net` (the withdrawal with its fee).
        public var fundsWithdrawn: Int
        /// Σ of the positive balance transactions' `net`.
        public var fundsReinstated: Int
        /// When Stripe said so, Unix seconds.
        public var at: Int

        /// An observation value.
        public init(
            status: DisputeStatus, amount: Int, reason: String, evidenceDueBy: Int?, hasEvidence: Bool, submissionCount: Int,
            fundsWithdrawn: Int, fundsReinstated: Int, at: Int
        ) {
            self.status = status
            self.amount = amount
            self.reason = reason
            self.evidenceDueBy = evidenceDueBy
            self.hasEvidence = hasEvidence
            self.submissionCount = submissionCount
            self.fundsWithdrawn = fundsWithdrawn
            self.fundsReinstated = fundsReinstated
            self.at = at
        }
    }

    /// How far along a status is: awaiting a response (0), under review (1), closed (2).
    static func stage(_ status: DisputeStatus) -> Int {
        status.isClosed ? 2 : status.awaitsResponse ? 0 : 1
    }

    /// The record after `observation`. A dispute only moves forward — awaiting a response,
    /// under review, closed — whatever order events come in, except an inquiry that a newer
    /// fact shows escalated to a chargeback (`warning_*` → `needs_response`); a closed dispute
    /// stays closed. Within a stage the newer fact wins. Funds withdrawn and reinstated only grow.
    public func applying(_ observation: Observation) -> DisputeRecord {
        var next = self
        next.fundsWithdrawn = max(fundsWithdrawn, observation.fundsWithdrawn)
        next.fundsReinstated = max(fundsReinstated, observation.fundsReinstated)
        let from = Self.stage(status), to = Self.stage(observation.status)
        let newer = observation.at >= lastEventAt
        let escalation =
            newer && observation.at > lastEventAt && status.rawValue.hasPrefix("warning_")
            && !observation.status.rawValue.hasPrefix("warning_") && !status.isClosed
        guard to > from || (to == from && newer) || escalation else { return next }
        next.status = observation.status
        next.amount = observation.amount
        next.reason = observation.reason
        next.evidenceDueBy = observation.evidenceDueBy ?? evidenceDueBy
        next.hasEvidence = observation.hasEvidence || (hasEvidence && to > from)
        next.submissionCount = max(submissionCount, observation.submissionCount)
        next.lastEventAt = max(lastEventAt, observation.at)
        return next
    }

    /// `won` or `lost` once closed (`warning_closed` and `prevented` count as won: no money lost).
    public var outcome: DisputeOutcome? {
        guard status.isClosed else { return nil }
        return status == .lost ? .lost : .won
    }
}
