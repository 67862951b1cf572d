import Foundation

extension StripeSimulator {
    /// Events and delayed jobs produced while the lock was held.
    struct Handoff {
        var deliveries: [(event: JSONValue, endpoint: WebhookEndpointConfig)] = []
        var jobs: [(delay: Double, job: @Sendable (SimState) -> Void)] = []
    }

    /// Takes pending events (matched to endpoints) and scheduled jobs. Call with the lock held.
    func drainHandoff() -> Handoff {
        var handoff = Handoff()
        for event in state.pendingEvents {
            let type = event["type"]?.stringValue ?? ""
            let connect = event["account"] != nil
            for endpoint in state.matchingEndpoints(type: type, connect: connect) {
                handoff.deliveries.append((event, endpoint.config))
            }
        }
        state.pendingEvents.removeAll()
        handoff.jobs = state.scheduled
        state.scheduled.removeAll()
        return handoff
    }

    /// Queues webhook deliveries and schedules delayed jobs. Call without the lock.
    func deliver(_ handoff: Handoff) {
        for (event, endpoint) in handoff.deliveries { dispatcher.enqueue(event: event, endpoint: endpoint) }
        for (delay, job) in handoff.jobs {
            delayedJobs.asyncAfter(deadline: .now() + delay) { [weak self] in
                guard let self else { return }
                self.lock.lock()
                job(self.state)
                let next = self.drainHandoff()
                self.lock.unlock()
                self.deliver(next)
            }
        }
    }
}
