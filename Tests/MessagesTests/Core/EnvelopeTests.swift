import Foundation
import Testing
@testable import Messages

@Suite struct EnvelopeTests {
    let ping = PingCommand(
        account: "acct_1", lineItems: [.init(price: "price_1", quantity: 2)],
        metadata: ["orderId": "o-1"], note: nil)

    @Test func makeFillsPropertiesAndHeaders() throws {
        let env = try Envelope.make(
            ping, appId: "cli", correlationId: "c-1", causationId: "m-0",
            stripeAccount: "acct_1", replyTo: "amq.rabbitmq.reply-to")
        #expect(env.type == "test.ping")
        #expect(env.headers.schemaVersion == 3)
        #expect(env.headers.causationId == "m-0")
        #expect(env.headers.stripeAccount == "acct_1")
        #expect(env.headers.attempt == 0)
        #expect(env.correlationId == "c-1")
        #expect(env.replyTo == "amq.rabbitmq.reply-to")
        #expect(env.contentType == "application/json")
        #expect(UUID(uuidString: env.messageId) != nil)
        #expect(env.messageId == env.messageId.lowercased())
        #expect(env.timestamp.timeIntervalSince1970 == env.timestamp.timeIntervalSince1970.rounded(.down))
    }

    @Test func roundTripsTheBody() throws {
        let env = try Envelope.make(ping, appId: "cli")
        #expect(try env.decode(PingCommand.self) == ping)
        let json = String(decoding: env.body, as: UTF8.self)
        #expect(json == #"{"account":"acct_1","line_items":[{"price":"price_1","quantity":2}],"metadata":{"orderId":"o-1"}}"#)
    }

    @Test func decodeRejectsAnotherType() throws {
        var env = try Envelope.make(ping, appId: "cli")
        env.type = "test.other"
        #expect(throws: MessageDecodingError.self) { try env.decode(PingCommand.self) }
        do { _ = try env.decode(PingCommand.self) } catch { #expect(error.field == "type") }
    }

    @Test func headersTableRoundTrip() {
        let h = MessageHeaders(
            schemaVersion: 2, causationId: "m-1", stripeAccount: "acct_9",
            traceparent: "00-abc-def-01", attempt: 3, extra: ["x-error-code": "internal"])
        let table = h.table
        #expect(table["x-schema-version"] == .int(2))
        #expect(table["x-attempt"] == .int(3))
        #expect(table["x-stripe-account"] == .string("acct_9"))
        #expect(MessageHeaders(table: table) == h)
        #expect(MessageHeaders().table["x-attempt"] == nil)
        #expect(MessageHeaders(table: [:]) == MessageHeaders())
    }

    @Test func extraHeadersNeverOverrideTheModelledOnes() {
        let h = MessageHeaders(
            attempt: 0, extra: ["x-attempt": "7", "x-schema-version": "9", "x-causation-id": "forged", "x-stripe-event-id": "evt_1"])
        #expect(h.table == ["x-schema-version": .int(1), "x-stripe-event-id": .string("evt_1")])
    }

    @Test func replyEnvelopeAnswersTheCommand() throws {
        let cmd = try Envelope.make(ping, appId: "cli", stripeAccount: "acct_1", replyTo: "q.reply")
        let reply = try Envelope.reply(Reply<PingCommand.Result>.ok(.init(pongAt: 42)), to: cmd, appId: "svc")
        #expect(reply.type == "test.ping.reply")
        #expect(reply.correlationId == cmd.messageId)
        #expect(reply.headers.causationId == cmd.messageId)
        #expect(reply.headers.stripeAccount == "acct_1")
        #expect(try reply.decodeReply(to: PingCommand.self) == .ok(.init(pongAt: 42)))
        #expect(throws: MessageDecodingError.self) { try cmd.decodeReply(to: PingCommand.self) }
    }

    /// Found by the `envelope` fuzz target: a negative `x-attempt` (a foreign publisher)
    /// was kept, gave the message extra retries and did not survive a round trip.
    @Test func negativeAttemptReadsAsZero() {
        let headers = MessageHeaders(table: [MessageHeaders.Key.attempt: .int(-5)])
        #expect(headers.attempt == 0)
        #expect(MessageHeaders(table: headers.table) == headers)
        #expect(MessageHeaders(table: [MessageHeaders.Key.attempt: .string("2")]).attempt == 2)
    }
}
