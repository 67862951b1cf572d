import Synchronization

/// How a writer tells the outbox relay that it committed rows written for the relay
/// (`OutboxWriter.enqueue(_:ifReturnedBy:parameters:on:)`, e.g. the webhook ingress): a flag the
/// relay reads before its next pass, and the doorbell its idle wait sleeps on. It exists
/// before the relay (a host's part, made at ``ServiceHost/start()``), so the parts that ring
/// it can be built first (``HostResources``); a ring before the relay runs is remembered.
/// Thread-safety: `Sendable`; any thread may ring, as often as rows are committed.
public final class RelayWakeup: Sendable {
    /// Set by ``ring()``, taken by the relay before it looks for rows written for it.
    let writtenForRelay = Atomic<Bool>(false)
    /// Ends the relay's idle wait.
    let doorbell = Doorbell()

    /// A wake-up not rung.
    public init() {}

    /// Marks rows written for the relay and wakes it. Cheap.
    public func ring() {
        writtenForRelay.store(true, ordering: .releasing)
        doorbell.ring()
    }
}
