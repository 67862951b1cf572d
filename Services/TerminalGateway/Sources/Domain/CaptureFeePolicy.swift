/// The platform fee a capture of a direct charge carries when the command names none
/// (`CAPTURE_FEE_PERCENT`, `CAPTURE_FEE_FIXED`): `round(total × percent / 100) + fixed`,
/// never above the captured total. Amounts in the currency's smallest unit.
///
/// It applies when the captured total differs from the authorized amount (a tip, a partial
/// capture) or the PaymentIntent carries no fee yet (e.g. one the point-of-sale app created);
/// a full capture keeps the fee the PaymentIntent was created with. Pure; thread-safe.
public struct CaptureFeePolicy: Sendable, Equatable {
    /// Percentage of the captured total, e.g. `2.5`.
    public var percent: Double
    /// Fixed part in the currency's smallest unit.
    public var fixed: Int

    /// A policy of `percent` % plus `fixed`.
    public init(percent: Double = 0, fixed: Int = 0) {
        self.percent = percent
        self.fixed = fixed
    }

    /// The fee for a capture of `total` (rounded half up, capped at `total`).
    public func fee(total: Int) -> Int {
        let variable = Int((Double(total) * percent / 100).rounded(.toNearestOrAwayFromZero))
        return min(total, variable + fixed)
    }

    /// The fee to send with a capture of `total`, or `nil` to leave the PaymentIntent's.
    /// - Parameters:
    ///   - explicit: the command's `application_fee_amount`, which always wins.
    ///   - policy: the configured policy, if any.
    ///   - authorized: the authorized amount; `current`: the PaymentIntent's fee.
    ///   - directCharge: whether the payment is on a connected account (fees need one).
    public static func feeToSend(
        explicit: Int?, policy: CaptureFeePolicy?, total: Int, authorized: Int,
        current: Int?, directCharge: Bool
    ) -> Int? {
        if let explicit { return explicit }
        guard directCharge, let policy, total != authorized || current == nil else { return nil }
        return policy.fee(total: total)
    }
}
