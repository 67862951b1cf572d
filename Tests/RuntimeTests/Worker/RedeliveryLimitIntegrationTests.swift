import Bus
import Foundation
import Messages
import Runtime
import Testing
import TestKit

/// A message the broker redelivered `REDELIVERY_LIMIT` times — each delivery ended without an
/// ack, as when the worker holding it dies — is parked in `<queue>.dlq` without running its
/// handler, with `delivery.redelivery_limit` and an error reply; one below the limit is
/// handled. Both route modes. The quorum queue's own `x-delivery-count` drives it: the test
/// returns the message to the queue as a dying worker would.
@Suite("Redelivery limit (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct RedeliveryLimitIntegrationTests {
    static let limit = 3

    @Test("batched: a message redelivered to the limit is parked unhandled; one below it is handled")
    func batched() async throws {
        try await check(mode: .batched, name: "redeliv_b")
    }

    @Test("one at a time: a message redelivered to the limit is parked unhandled; one below it is handled")
    func oneAtATime() async throws {
        try await check(mode: .oneAtATime(rateLimited: false), name: "redeliv_o")
    }

    private func check(mode: Route.Mode, name: String) async throws {
        try await TestBed.with(name) { bed in
            let calls = CallCounter()
            let route = bed.countingRoute(calls, mode: mode)
            // A first host declares the route's quorum queue, then stops, so the test holds
            // the messages alone.
            let declaring = bed.host(routes: [route])
            try await bed.start(declaring)
            try await bed.stop(declaring)

            let poison = bed.command(bed.queue), survivor = bed.command(bed.queue)
            let limit = Self.limit
            let poisonCounts = try await onThread { () throws -> [Int] in
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([poison], exchange: Exchanges.commands, routingKey: bed.queue)
                let counts = try bed.broker.returnUnsettled(from: bed.queue, until: limit)
                try bed.broker.publish([survivor], exchange: Exchanges.commands, routingKey: bed.queue)
                return counts
            }
            // The broker counted each return: the message came back with 0, 1, 2, then 3.
            #expect(poisonCounts == [0, 1, 2, 3])

            let host = bed.host(routes: [route], redeliveryLimit: limit)
            try await bed.start(host)
            let replies = try await onThread { try bed.broker.take(2, from: bed.replyQueue) }
            try await bed.stop(host)
            #expect(replies.count == 2)

            // The poison message (x-delivery-count at the limit) is parked unhandled; the
            // survivor, delivered for the first time, is handled.
            #expect(calls.count(poison.messageId) == 0)
            #expect(calls.count(survivor.messageId) == 1)
            let poisonReply = try #require(replies.first { $0.envelope.correlationId == poison.correlationId })
            let decoded = try MessageCoder.decode(Reply<TestResult>.self, from: poisonReply.envelope.body)
            guard case .error(let error) = decoded else {
                Issue.record("expected an error reply, got \(decoded)")
                return
            }
            #expect(error.code == ReplyError.Code.redeliveryLimit)
            #expect(error.retryable == false)
            let parked = try await onThread { try bed.broker.take(1, from: bed.queue + ".dlq") }
            let copy = try #require(parked.first)
            #expect(copy.envelope.messageId == poison.messageId)
            #expect(copy.envelope.headers.extra[MessageHeaders.Key.errorCode] == ReplyError.Code.redeliveryLimit)
            #expect(copy.envelope.headers.deliveryCount == 0)  // the broker's count is not copied
            #expect(try await onThread { try bed.broker.messageCount(bed.queue) } == 0)
            #expect(
                host.metrics.registry.value(
                    "connectbus_messages_failed_total", labels: [bed.queue, ReplyError.Code.redeliveryLimit]) == 1)
        }
    }
}
