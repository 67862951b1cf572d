import Bus
import Messages
import Testing
@testable import Runtime

/// A message without the AMQP `type` property: a command queue holds one command, so the
/// type is taken from the queue; an event queue answers `validation.missing_type`.
@Suite("Missing type")
struct MissingTypeTests {
    struct Ping: CommandMessage {
        static let messageName = "rt.ping"
        static let schemaVersion = 1
        struct Result: Codable, Sendable, Equatable {}
    }

    func delivery(type: String, queue: String) -> Delivery {
        Delivery(
            deliveryTag: 1, exchange: Exchanges.commands, routingKey: queue, redelivered: false, queue: queue,
            envelope: Envelope(type: type, appId: "t", body: Array("{}".utf8)))
    }

    let commandRoute = Route.command(Ping.self, mode: .batched) { _, _ in .ok(Ping.Result()) }
    let eventRoute = Route.events(
        queue: "rt.events", mode: .batched,
        [EventHandler.raw("payments.#") { _, _ in .done }])

    @Test func aCommandQueueFillsInItsCommand() {
        #expect(commandRoute.commandName == "rt.ping")
        let resolved = commandRoute.resolvingType(delivery(type: "", queue: "rt.ping"))
        #expect(resolved.envelope.type == "rt.ping")
        #expect(commandRoute.handler(forType: resolved.envelope.type) != nil)
    }

    @Test func aTypeThatIsThereIsKept() {
        let other = commandRoute.resolvingType(delivery(type: "rt.other", queue: "rt.ping"))
        #expect(other.envelope.type == "rt.other")
        #expect(commandRoute.handler(forType: "rt.other") == nil)
    }

    @Test func anEventQueueCannotTellAndSaysSo() {
        #expect(eventRoute.commandName == nil)
        let unresolved = eventRoute.resolvingType(delivery(type: "", queue: "rt.events"))
        #expect(unresolved.envelope.type == "")
        let failure = FailureClassifier.unknownType("", queue: "rt.events")
        #expect(failure.code == ReplyError.Code.missingType)
        #expect(failure.code == "validation.missing_type")
        #expect(failure.disposition == .deadLetter)
        #expect(failure.message.contains("no AMQP type property"))
        #expect(FailureClassifier.unknownType("x.y", queue: "rt.events").code == ReplyError.Code.unknownMessage)
    }
}
