import Foundation

/// `POST /sim/reset`: of one account, or of everything (optionally with a new seed).
extension StripeSimulator {
    /// `POST /sim/reset`: everything (optionally with a new `seed`), or one `account`
    /// (its objects, events, idempotency keys and scheduled work; with `delete_account`
    /// also the account itself and what the platform keeps about it).
    func resetCall(_ args: ControlArguments) throws(ControlError) -> JSONValue {
        try args.requireOnly(["account", "delete_account", "seed"])
        guard let account = try args.string("account") else {
            let seed = try args.string("seed").map { text throws(ControlError) -> UInt64 in
                guard let seed = UInt64(text) else { throw ControlError("Invalid seed: expected an unsigned integer", param: "seed") }
                return seed
            }
            resetEverything(seed: seed)
            return ["object": "sim.reset", "scope": "everything", "seed": seed.map { .string(String($0)) } ?? nil, "clock": clockJSON]
        }
        let deleteAccount = try args.bool("delete_account") ?? false
        let removed = locked { () -> Int? in
            guard state.objects[account]?.type == "account" else { return nil }
            let prefix = "\(account) "
            var gone = Set(state.objects.filter { $0.value.scope == account }.map(\.key))
            if deleteAccount {
                gone.insert(account)
                for (id, stored) in state.objects where stored.scope == SimState.platform && stored.value["account"]?.stringValue == account {
                    gone.insert(id)
                }
            }
            for id in gone {
                state.remove(id)
                state.undelivered[id] = nil
            }
            state.idempotency = state.idempotency.filter { !$0.key.hasPrefix(prefix) }
            state.scheduled.removeAll { $0.kind.scope == account }
            PayoutMachine.scheduleNextRun(state: state, account: account)  // the account stays, so does its payout schedule
            return gone.count
        }
        guard let removed else { throw ControlError("No such account: '\(account)'", param: "account", code: "resource_missing", status: 404) }
        return ["object": "sim.reset", "scope": .string(account), "removed": .int(removed)]
    }

    /// Forgets every object, event, idempotent result, scheduled job, API-created webhook
    /// endpoint, fault, chaos setting and log entry; the start-up webhook endpoints stay
    /// (with their start-up secrets), and so do the endpoints of running listeners
    /// (`POST /sim/webhooks/listen`) and the clock runs with the wall clock again.
    func resetEverything(seed: UInt64?) {
        dispatcher.reset()
        dispatcher.retrySchedule = config.webhookRetryDelaysSeconds
        faultInjector.clear()
        faultInjector.current = config.faults
        ids.reset(seed: seed ?? config.seed)
        requestIds.reset(seed: (seed ?? config.seed).map { $0 ^ 0x5EED_0000_0000_0001 })
        faultRandom.reset(seed: (seed ?? config.seed).map { $0 ^ 0x5EED_0000_0000_0002 })
        locked {
            let startup = state.endpoints.prefix(config.webhookEndpoints.count).map { endpoint -> SimState.Endpoint in
                var original = endpoint
                original.config = config.webhookEndpoints[state.endpoints.firstIndex { $0.id == endpoint.id } ?? 0]
                original.previousSecret = nil
                original.previousSecretExpiresAt = nil
                original.disabled = false
                return original
            }
            state.objects = [:]
            state.rebuildIndex()
            state.sequence = 0
            state.createdCounts = [:]
            state.idempotency = [:]
            state.endpoints = Array(startup) + state.endpoints.filter(\.config.listen)
            state.secrets = [:]
            state.attachments = [:]
            state.scheduled = []
            state.undelivered = [:]
            state.pendingEvents = []
            state.pendingResends = []
        }
        clock.reset()
        log.clear()
    }
}
