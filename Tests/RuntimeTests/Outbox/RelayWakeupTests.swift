@testable import Runtime
import Synchronization
import Testing

/// The relay's wake-up exists before the relay: a ring from a part that committed rows for
/// the relay before the relay ran is remembered, both the flag (look for rows written for
/// the relay) and the doorbell (end the first idle wait at once).
@Suite("Relay wake-up")
struct RelayWakeupTests {
    @Test func aRingBeforeTheRelayRunsIsRememberedForItsFirstPass() {
        let wakeup = RelayWakeup()
        let before = wakeup.writtenForRelay.load(ordering: .acquiring)
        wakeup.ring()
        let after = wakeup.writtenForRelay.load(ordering: .acquiring)
        #expect(!before && after)
        #expect(wakeup.doorbell.wait(.seconds(30)))  // At once: rung before anyone waited.
    }

    @Test func theHostsNudgeRingsTheWakeUpOfItsResources() {
        let config = ServiceConfig(
            service: "rt-test", amqpURL: "amqp://localhost:1", databaseURL: "postgresql://localhost:1/none", httpPort: 0)
        let resources = HostResources(name: "rt-test", config: config)
        let host = ServiceHost(resources: resources, schema: "rt_test", routes: [])
        host.nudgeOutboxRelay()
        let rung = resources.relayWakeup.writtenForRelay.load(ordering: .acquiring)
        #expect(rung)
        #expect(host.metrics.registry === resources.metrics.registry && host.log.service == "rt-test")
    }
}
