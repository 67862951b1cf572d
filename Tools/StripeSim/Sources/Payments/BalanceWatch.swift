/// `balance.available` (https://docs.stripe.com/api/events/types#event_types-balance.available)
/// on a connected account: emitted with the account's ``SimBalance`` whenever its available
/// amounts differ from the last ones announced — after a call or a scheduled job moved money
/// (charge, refund, dispute, payout and application fee events) and when pending funds
/// become available on the simulator's clock (a ``SimState/ScheduledJob/Kind/balanceCheck(scope:)``
/// job at the next such instant). The platform's own balance is not announced (a decision:
/// the suite acts only on sellers' balances).
enum BalanceWatch {
    /// Event types that may move a connected account's balance.
    static let movingPrefixes = ["charge.", "refund.", "payout.", "application_fee."]

    /// Checks every connected account with a money-moving event among the pending ones.
    /// Call with the state lock held, before the pending events are drained.
    static func observe(_ state: SimState) {
        var scopes: Set<String> = []
        for event in state.pendingEvents {
            guard let account = event["account"]?.stringValue, let type = event["type"]?.stringValue,
                movingPrefixes.contains(where: type.hasPrefix)
            else { continue }
            scopes.insert(account)
        }
        for scope in scopes.sorted() { check(state, scope: scope) }
    }

    /// Emits `balance.available` for `scope` if its available amounts changed, and schedules
    /// the next check at the instant pending funds become available.
    static func check(_ state: SimState, scope: String) {
        let balance = SimBalance.compute(state: state, scope: scope, now: state.now)
        let key = "balance_available:\(scope)"
        let available = JSONValue.object(balance.available.mapValues { .int($0) })
        if (state.attachments[key] ?? [:]) != available {
            state.attachments[key] = available
            state.emit("balance.available", balance.json, scope: scope)
        }
        if let next = balance.nextAvailableOn { state.schedule(at: Double(next), .balanceCheck(scope: scope)) }
    }
}
