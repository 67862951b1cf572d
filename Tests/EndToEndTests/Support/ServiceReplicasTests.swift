import Testing
@testable import ConnectBusCLI

/// Replicas per service from the broker's connection names, and the age column's format.
@Suite("Service replicas")
struct ServiceReplicasTests {
    @Test func eachIdentityOfAServiceIsOneReplica() {
        let names = [
            "payments.payments.create_checkout_session.1.consume@host-a:11",
            "payments.payments.create_checkout_session.1.publish@host-a:11",
            "payments.relay.publish@host-a:11",
            "payments.payments.create_checkout_session.1.consume@host-b:7",
            "terminal-gateway.relay.publish@t:3",
            "connectbus-tail", "dlq-show", "",  // tools and unnamed connections
            "odd@", "noservice@host:1",
        ]
        let services = ServiceReplicas.from(connectionNames: names)
        #expect(services.map(\.service) == ["payments", "terminal-gateway"])
        #expect(services[0].replicas.map(\.identity) == ["host-a:11", "host-b:7"])
        #expect(services[0].replicas.map(\.connections) == [3, 1])
        #expect(services[1].replicas.map(\.connections) == [1])
    }

    @Test func agesAreShortAndMissingOnesADash() {
        #expect(QueueAges.format(nil) == "-")
        #expect(QueueAges.format(42) == "42s")
        #expect(QueueAges.format(600) == "10m")
        #expect(QueueAges.format(3 * 3600) == "3h")
        #expect(QueueAges.format(5 * 86400) == "5d")
    }
}
