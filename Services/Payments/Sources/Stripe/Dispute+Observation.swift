import Messages
import StripeAPI

extension Dispute {
    /// What this dispute object says, as of `at` (Unix seconds): status, amount, reason,
    /// evidence details and the funds its balance transactions moved (withdrawals as the
    /// negated sum of the negative `net`s — the amount and Stripe's dispute fee —, reinstatements
    /// as the sum of the positive ones).
    func observation(at: Int) -> DisputeRecord.Observation {
        let nets = (balanceTransactions ?? []).map { $0.net ?? $0.amount ?? 0 }
        return DisputeRecord.Observation(
            status: DisputeStatus(rawValue: status?.rawValue ?? "needs_response"), amount: amount ?? 0, reason: reason ?? "general",
            evidenceDueBy: evidenceDetails?.dueBy, hasEvidence: evidenceDetails?.hasEvidence ?? false,
            submissionCount: evidenceDetails?.submissionCount ?? 0,
            fundsWithdrawn: -nets.filter { $0 < 0 }.reduce(0, +), fundsReinstated: nets.filter { $0 > 0 }.reduce(0, +), at: at)
    }
}
