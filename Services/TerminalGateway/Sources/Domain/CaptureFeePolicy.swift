public import Messages

/// The platform fee a capture of a direct charge carries when the command names none
/// (`CAPTURE_FEE_PERCENT`, `CAPTURE_FEE_FIXED`): `round(total × percent / 100) + fixed`,
/// never above the captured total. Amounts in the currency's smallest unit.
///
/// Stripe's Terminal guide for Connect asks the platform to inspect every PaymentIntent and
/// correct its `application_fee_amount` before capture; ``decide(explicit:policy:total:authorized:current:directCharge:appCreated:)``
/// is that check, used by every capture path (the command, reconciliation, PaymentIntents the
/// point-of-sale app created). Pure; thread-safe.
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

    /// The fee a capture sends (`application_fee_amount`), and why it differs from the
    /// PaymentIntent's, if it does.
    public struct Decision: Sendable, Equatable {
        /// The fee to send, or `nil` to send none (the PaymentIntent keeps its own).
        public var fee: Int?
        /// Set when ``fee`` differs from the PaymentIntent's fee: the correction to announce.
        public var correction: FeeCorrectionReason?

        /// A decision.
        public init(fee: Int?, correction: FeeCorrectionReason? = nil) {
            self.fee = fee
            self.correction = correction
        }
    }

    /// The fee to send with a capture of `total`:
    /// 1. the command's `explicit` fee always wins (`command` when it changes the fee);
    /// 2. without a policy, or for the platform's own payment (no connected account), none;
    /// 3. otherwise the policy's fee on the captured total when the PaymentIntent has no fee
    ///    (`missing_fee`), when the total differs from the authorized amount (`amount_changed`),
    ///    or when the point-of-sale app created it with another fee (`app_fee`);
    /// 4. a full capture of a PaymentIntent the gateway created keeps the fee the platform's
    ///    `terminal.create_payment_intent` set (none sent).
    /// - Parameters:
    ///   - authorized: the authorized amount; `current`: the PaymentIntent's fee now.
    ///   - directCharge: whether the payment is on a connected account (fees need one).
    ///   - appCreated: whether the point-of-sale app created the PaymentIntent.
    public static func decide(
        explicit: Int?, policy: CaptureFeePolicy?, total: Int, authorized: Int,
        current: Int?, directCharge: Bool, appCreated: Bool
    ) -> Decision {
        if let explicit { return Decision(fee: explicit, correction: explicit == current ? nil : .command) }
        guard directCharge, let policy else { return Decision(fee: nil) }
        let expected = policy.fee(total: total)
        guard let current else { return Decision(fee: expected, correction: .missingFee) }
        if total != authorized { return Decision(fee: expected, correction: expected == current ? nil : .amountChanged) }
        if appCreated, expected != current { return Decision(fee: expected, correction: .appFee) }
        return Decision(fee: nil)
    }
}

extension CaptureFeePolicy {
    /// ``decide(explicit:policy:total:authorized:current:directCharge:appCreated:)`` for a
    /// capture of `total` of `payment` (its authorized amount, fee, account and origin).
    public static func decide(
        for payment: TerminalPayment, total: Int, explicit: Int?, policy: CaptureFeePolicy?
    ) -> Decision {
        decide(
            explicit: explicit, policy: policy, total: total,
            authorized: payment.amountAuthorized ?? payment.amount, current: payment.applicationFeeAmount,
            directCharge: payment.account != nil, appCreated: payment.appCreated)
    }
}
