import Bus
import Foundation
import Messages
import Runtime
import Store
import Testing
import TestKit

/// Replies may hold secrets (client secrets, account-link URLs): their outbox rows must live
/// only between the commit and the broker's confirm, never until the background relay.
@Suite("Reply rows in the outbox (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct ReplyOutboxIntegrationTests {
    /// A reply carrying a secret, like `payments.create_payment_intent.reply`.
    struct SecretResult: Codable, Sendable, Equatable {
        var clientSecret: String
    }

    @Test(
        "the worker deletes a reply's outbox row once the broker confirmed it, without waiting for the relay",
        arguments: [Route.Mode.batched, Route.Mode.oneAtATime(rateLimited: true)])
    func replyRowDeletedOnConfirm(mode: Route.Mode) async throws {
        try await TestBed.with("reply_row") { bed in
            let handler: MessageHandler = { envelope, context in
                try context.reply(Reply<SecretResult>.ok(SecretResult(clientSecret: "pi_1_secret_\(envelope.messageId)")))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: mode, exchange: Exchanges.commands, patterns: [bed.queue],
                handlers: [bed.queue: handler])
            // The relay would publish a row left behind only after an hour: any row deleted
            // while the host runs was deleted by the worker after its confirm.
            let host = bed.host(routes: [route], relayGrace: .seconds(3600))
            try await bed.start(host)
            let command = bed.command(bed.queue, body: "{}")
            try await onThread {
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let replies = try await onThread { try bed.broker.take(1, from: bed.replyQueue) }
            let reply = try #require(replies.first)
            #expect(
                try MessageCoder.decode(Reply<SecretResult>.self, from: reply.envelope.body)
                    == .ok(SecretResult(clientSecret: "pi_1_secret_\(command.messageId)")))
            #expect(
                try await eventually {
                    try bed.count("SELECT count(*) AS count FROM \(bed.schema).outbox") == 0
                })
            #expect(try await onThread { try bed.inboxRows(command.messageId) } == 1)
            try await bed.stop(host)
        }
    }

    @Test("a one-at-a-time message's reply is published before the events it wrote first")
    func replyPublishedBeforeEvents() async throws {
        try await TestBed.with("reply_first") { bed in
            let eventKey = bed.queue + ".done"
            let handler: MessageHandler = { envelope, context in
                let event = Envelope(
                    correlationId: envelope.messageId, type: eventKey, appId: "runtime-tests", body: Array("{}".utf8))
                try context.enqueue(event, exchange: Exchanges.events, routingKey: eventKey, mandatory: false)
                try context.reply(Reply<SecretResult>.ok(SecretResult(clientSecret: "none")))
                return .done
            }
            let route = Route.raw(
                queue: bed.queue, mode: .oneAtATime(rateLimited: false), exchange: Exchanges.commands,
                patterns: [bed.queue], handlers: [bed.queue: handler])
            let host = bed.host(routes: [route], relayGrace: .seconds(3600))
            try await bed.start(host)
            let command = bed.command(bed.queue, body: "{}")
            try await onThread {
                // One queue gets both the reply and the event, so it holds them in publish order.
                try bed.broker.declare(bed.replyQueue)
                try bed.broker.bind(bed.replyQueue, to: Exchanges.events, pattern: eventKey)
                try bed.broker.publish([command], exchange: Exchanges.commands, routingKey: bed.queue)
            }
            let received = try await onThread { try bed.broker.take(2, from: bed.replyQueue) }
            #expect(received.map(\.envelope.type) == [bed.queue + ".reply", eventKey])
            try await bed.stop(host)
        }
    }
}
