import Messages
import Testing
@testable import Bus

@Suite("Topology")
struct TopologyTests {
    @Test func commandQueueHasRetriesDLQAndBinding() {
        let t = Topology.commandQueue("payments.create_refund", retryDelays: [.milliseconds(200), .seconds(10)])
        #expect(t.exchanges.map(\.name) == ["connectbus.commands", "connectbus.events"])
        #expect(t.exchanges.allSatisfy { $0.type == "topic" && $0.durable })
        #expect(
            t.queues.map(\.name) == [
                "payments.create_refund", "payments.create_refund.retry.1",
                "payments.create_refund.retry.2", "payments.create_refund.dlq",
            ])
        #expect(t.queues.allSatisfy { $0.arguments["x-queue-type"] == .string("quorum") && $0.durable })
        let retry1 = t.queues[1].arguments
        #expect(retry1["x-message-ttl"] == .int(200))
        #expect(retry1["x-dead-letter-exchange"] == .string(""))
        #expect(retry1["x-dead-letter-routing-key"] == .string("payments.create_refund"))
        #expect(t.queues[2].arguments["x-message-ttl"] == .int(10_000))
        #expect(t.queues[3].arguments["x-message-ttl"] == nil)
        #expect(
            t.bindings == [
                BindingSpec(
                    queue: "payments.create_refund", exchange: "connectbus.commands",
                    pattern: "payments.create_refund")
            ])
    }

    @Test func defaultRetryDelaysAreOneTenSixtySeconds() {
        let t = Topology.commandQueue("q")
        #expect(t.queues.compactMap { $0.arguments["x-message-ttl"] } == [.int(1000), .int(10_000), .int(60_000)])
    }

    @Test func eventQueueBindsEveryPattern() {
        let t = Topology.eventQueue("notifications.events", patterns: ["payments.#", "stripe.account.updated"])
        #expect(t.bindings.map(\.pattern) == ["payments.#", "stripe.account.updated"])
        #expect(t.bindings.allSatisfy { $0.exchange == Exchanges.events && $0.queue == "notifications.events" })
        #expect(t.queues.last?.name == "notifications.events.dlq")
    }

    @Test func mergeKeepsOneOfEach() {
        let a = Topology.commandQueue("a")
        let merged = a.merged(with: .commandQueue("b")).merged(with: a).merged(with: .exchanges)
        #expect(merged.exchanges.count == 2)
        #expect(merged.queues.count == 10)
        #expect(merged.bindings.count == 2)
    }
}
