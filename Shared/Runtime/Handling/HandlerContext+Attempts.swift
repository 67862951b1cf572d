import Messages

extension HandlerContext {
    /// Whether this delivery is the message's last: its `x-attempt` has reached the number of
    /// delay queues (`RETRY_DELAYS`), so a transient failure thrown now is dead-lettered
    /// instead of retried. Handlers that settle a transient problem themselves on the last
    /// attempt (a parked e-mail) ask this rather than count the delays; a transient Stripe
    /// failure is not one of them (``stripe(mapping:answeringAtOnce:_:)`` lets the runtime
    /// park it and answer `retryable: true, parked: true`).
    /// See ``RedeliveryPolicy/isLastAttempt(_:)``.
    public var isLastAttempt: Bool {
        RedeliveryPolicy(delays: worker.config.retryDelays).isLastAttempt(envelope.headers.attempt)
    }
}
