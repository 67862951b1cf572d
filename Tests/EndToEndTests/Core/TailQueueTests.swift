import Bus
import Messages
import Testing
@testable import ConnectBusCLI

@Suite("tail: the queue it declares")
struct TailQueueTests {
    let url = AMQPURL.parsed("amqp://monitor:monitor@127.0.0.1:5672/")

    @Test func defaultIsAnExclusiveServerNamedQueue() throws {
        let spec = EventFollower(url: try url.get(), patterns: ["#"], emit: { _ in }).queueSpec
        #expect(spec.name.isEmpty && spec.exclusive && spec.autoDelete && !spec.durable)
    }

    @Test func aNamedQueueIsADurableQuorumQueueThatExpiresWhenAbandoned() throws {
        let spec = EventFollower(url: try url.get(), patterns: ["#"], queueName: "monitor.orders", emit: { _ in }).queueSpec
        #expect(spec.name == "monitor.orders" && spec.durable && !spec.exclusive && !spec.autoDelete)
        #expect(spec.arguments["x-queue-type"] == .string("quorum"))
        #expect(spec.arguments["x-expires"] == .int(86_400_000))
    }

    @Test func queueNamesTheBrokerReservesAreUsageErrors() throws {
        #expect(try TailVerb.queueName(nil) == nil)
        #expect(try TailVerb.queueName("monitor.orders") == "monitor.orders")
        for bad in ["", "amq.gen-mine"] {
            #expect { try TailVerb.queueName(bad) } throws: { ($0 as? CLIError)?.exitCode == 2 }
        }
    }
}

extension AMQPURL {
    /// `AMQPURL(text)` as a `Result`, for stored test constants.
    static func parsed(_ text: String) -> Result<AMQPURL, BusError> { Result { () throws(BusError) in try AMQPURL(text) } }
}
