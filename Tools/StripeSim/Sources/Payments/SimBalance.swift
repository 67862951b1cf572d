/// The balance of the platform or of one connected account, per currency (amounts in the
/// smallest currency unit), computed from what the simulator holds at an instant:
/// - a captured charge adds its amount less the platform's application fee, pending until
///   ``availableAfterSeconds`` after the charge (Stripe's 2-day standard schedule), then available;
/// - a refund takes its amount from the available balance at once; an application fee refunded
///   to the account gives it back;
/// - a dispute's balance transactions (the withdrawal with its fee, a reinstatement) count as
///   they are, available at once;
/// - a payout takes its amount from the available balance when it is created; a failed or
///   canceled one gives it back (Stripe's `payout_failure` / `payout_cancel` transactions);
/// - the platform's balance is its application fees less their refunds, available at once.
/// Stripe's own processing fees are not simulated (a decision: the simulator's charges carry
/// no Stripe fee), so the balance is what the platform's records alone predict.
struct SimBalance: Equatable {
    /// Simulated seconds from a charge until its funds are available.
    static let availableAfterSeconds = 2 * 86_400
    /// Payout statuses whose amount has left the balance.
    static let payoutHoldingStatuses: Set<String> = ["pending", "in_transit", "paid"]

    /// Available funds per currency.
    var available: [String: Int] = [:]
    /// Funds not yet available per currency.
    var pending: [String: Int] = [:]
    /// The next instant (Unix seconds) a pending amount becomes available, if any.
    var nextAvailableOn: Int?

    /// The balance of `scope` (``SimState/platform`` or a connected account) at `now`.
    static func compute(state: SimState, scope: String, now: Int) -> SimBalance {
        var balance = SimBalance()
        func currency(_ object: JSONValue) -> String { object["currency"]?.stringValue ?? "usd" }
        if scope == SimState.platform {
            for fee in state.values(type: "application_fee", scope: SimState.platform) {
                balance.available[currency(fee), default: 0] += (fee["amount"]?.intValue ?? 0) - (fee["amount_refunded"]?.intValue ?? 0)
            }
            return balance
        }
        for charge in state.values(type: "charge", scope: scope) where charge["status"] == "succeeded" && charge["captured"] == true {
            var net = charge["amount_captured"]?.intValue ?? 0
            if let feeId = charge["application_fee"]?.stringValue, let fee = state.get(feeId, scope: SimState.platform) {
                net -= (fee["amount"]?.intValue ?? 0) - (fee["amount_refunded"]?.intValue ?? 0)
            }
            let availableOn = (charge["created"]?.intValue ?? 0) + availableAfterSeconds
            if now >= availableOn {
                balance.available[currency(charge), default: 0] += net
            } else {
                balance.pending[currency(charge), default: 0] += net
                balance.nextAvailableOn = min(balance.nextAvailableOn ?? availableOn, availableOn)
            }
        }
        for refund in state.values(type: "refund", scope: scope) where refund["status"] == "succeeded" {
            balance.available[currency(refund), default: 0] -= refund["amount"]?.intValue ?? 0
        }
        for dispute in state.values(type: "dispute", scope: scope) {
            for txn in dispute["balance_transactions"]?.arrayValue ?? [] {
                balance.available[currency(dispute), default: 0] += txn["net"]?.intValue ?? 0
            }
        }
        for payout in state.values(type: "payout", scope: scope) where payoutHoldingStatuses.contains(payout["status"]?.stringValue ?? "") {
            balance.available[currency(payout), default: 0] -= payout["amount"]?.intValue ?? 0
        }
        return balance
    }

    /// Stripe's `balance` object (every currency in both lists, `source_types.card`).
    var json: JSONValue {
        var available = self.available
        var pending = self.pending
        for code in Set(available.keys).union(pending.keys) {
            available[code, default: 0] += 0
            pending[code, default: 0] += 0
        }
        func entries(_ amounts: [String: Int]) -> JSONValue {
            .array(
                amounts.keys.sorted().map { code in
                    ["amount": .int(amounts[code] ?? 0), "currency": .string(code), "source_types": ["card": .int(amounts[code] ?? 0)]]
                })
        }
        return [
            "object": "balance", "available": entries(available), "pending": entries(pending),
            "connect_reserved": entries(available.mapValues { _ in 0 }), "livemode": false,
        ]
    }
}
