import Foundation

extension StripeSimulator {
    /// Events produced while the lock was held, matched to endpoints, and whether new
    /// work was scheduled.
    struct Handoff {
        var deliveries: [(event: JSONValue, endpointId: String)] = []
        /// Stored events delivered again (``SimState/resend(eventId:scope:endpointId:)``).
        var resends: [(event: JSONValue, endpointId: String)] = []
        var scheduledWork = false
    }

    /// Takes pending events (matched to endpoints). Call with the lock held.
    func drainHandoff() -> Handoff {
        var handoff = Handoff()
        BalanceWatch.observe(state)
        for event in state.pendingEvents {
            let type = event["type"]?.stringValue ?? ""
            let connect = event["account"] != nil
            let endpoints = state.matchingEndpoints(type: type, connect: connect)
            if let id = event["id"]?.stringValue, !endpoints.isEmpty {
                state.undelivered[id] = Set(endpoints.map(\.id))
            }
            for endpoint in endpoints { handoff.deliveries.append((rendered(event, for: endpoint.id), endpoint.id)) }
        }
        state.pendingEvents.removeAll()
        for (event, endpointIds) in state.pendingResends {
            for endpointId in endpointIds { handoff.resends.append((rendered(event, for: endpointId), endpointId)) }
        }
        state.pendingResends.removeAll()
        handoff.scheduledWork = state.scheduledChanged
        state.scheduledChanged = false
        return handoff
    }

    /// `event` as the endpoint `endpointId` receives it: in the endpoint's own `api_version`
    /// (the simulator's default when unset). Call with the lock held.
    private func rendered(_ event: JSONValue, for endpointId: String) -> JSONValue {
        let version = SimAPIVersion(raw: state.get(endpointId, scope: SimState.platform)?["api_version"]?.stringValue ?? state.apiVersion)
        var rendered = version.render(event)
        rendered["api_version"] = .string(version.raw)
        return rendered
    }

    /// Queues webhook deliveries and wakes the scheduler for new work. Call without the lock.
    func deliver(_ handoff: Handoff) {
        for (event, endpointId) in handoff.deliveries { dispatcher.enqueue(event: event, endpointId: endpointId) }
        for (event, endpointId) in handoff.resends { dispatcher.enqueue(event: event, endpointId: endpointId, resend: true) }
        if handoff.scheduledWork { scheduler.wake() }
    }

    /// Runs the scheduled jobs whose simulated time has come; returns the next due instant.
    func runDueJobs() -> Double? {
        let (handoff, next) = locked { () -> (Handoff, Double?) in
            let now = clock.now
            while let index = state.scheduled.indices.filter({ state.scheduled[$0].due <= now })
                .min(by: { state.scheduled[$0].due < state.scheduled[$1].due })
            {
                let job = state.scheduled.remove(at: index)
                run(job)
            }
            return (drainHandoff(), state.scheduled.map(\.due).min())
        }
        deliver(handoff)
        return next
    }

    private func run(_ job: SimState.ScheduledJob) {
        let scope = job.kind.scope
        let call = SimCall(
            state: state, params: Params([:]), pathParameters: [:],
            account: scope == SimState.platform ? nil : scope,
            requestId: nil, idempotencyKey: nil, stripeVersion: nil)
        switch job.kind {
        case .settle(_, let paymentIntent, let succeed):
            PaymentIntentMachine.settle(call: call, piId: paymentIntent, succeed: succeed)
        case .openDispute(_, let charge):
            DisputeMachine.open(call: call, chargeId: charge)
        case .resolveDispute(_, let dispute, let won):
            DisputeMachine.resolve(call: call, disputeId: dispute, won: won)
        case .payoutSchedule:
            PayoutMachine.runSchedule(call: call, at: Int(job.due))
        case .payoutArrival(_, let payout):
            PayoutMachine.arrive(call: call, payoutId: payout)
        case .balanceCheck(let scope):
            BalanceWatch.check(state, scope: scope)
        }
    }

    /// Applies what became due by the clock without a request reading it (after an advance):
    /// Checkout Sessions and authorizations expire, reader actions time out, scheduled jobs run.
    func sweep() {
        let handoff = locked { () -> Handoff in
            for (id, stored) in state.objects {
                let call = SimCall(
                    state: state, params: Params([:]), pathParameters: [:],
                    account: stored.scope == SimState.platform ? nil : stored.scope,
                    requestId: nil, idempotencyKey: nil, stripeVersion: nil)
                guard let value = state.objects[id]?.value else { continue }
                switch stored.type {
                case "checkout.session": _ = CheckoutMachine.expireIfDue(call: call, session: value)
                case "payment_intent": _ = PaymentIntentMachine.expireAuthorizationIfDue(call: call, pi: value)
                case "terminal.reader": _ = ReaderActions.timeOutIfDue(call: call, reader: value)
                default: break
                }
            }
            return drainHandoff()
        }
        deliver(handoff)
        _ = runDueJobs()
    }
}
