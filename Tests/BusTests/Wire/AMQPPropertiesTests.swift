import CRabbitMQ
import Foundation
import Messages
import Testing
@testable import Bus

@Suite("AMQP properties and headers mapping")
struct AMQPPropertiesTests {
    static let sample = Envelope(
        messageId: "6f1c0a4e-0000-4000-8000-000000000001", correlationId: "corr-1",
        type: "payments.create_checkout_session", timestamp: Date(timeIntervalSince1970: 1_764_400_000.75),
        appId: "payments", replyTo: "amq.gen-reply",
        headers: MessageHeaders(
            schemaVersion: 2, causationId: "cause-1", stripeAccount: "acct_123",
            traceparent: "00-abc-def-01", attempt: 3, extra: ["x-error-code": "stripe.rate_limit"]),
        body: Array(#"{"amount":1200}"#.utf8))

    @Test func envelopeBecomesPersistentPropertiesWithTypedHeaders() {
        let p = AMQPProperties(envelope: Self.sample)
        #expect(p.messageId == Self.sample.messageId)
        #expect(p.correlationId == "corr-1")
        #expect(p.type == "payments.create_checkout_session")
        #expect(p.timestamp == 1_764_400_000)
        #expect(p.appId == "payments")
        #expect(p.replyTo == "amq.gen-reply")
        #expect(p.deliveryMode == 2)
        #expect(p.contentType == "application/json")
        #expect(p.headers["x-schema-version"] == .int(2))
        #expect(p.headers["x-attempt"] == .int(3))
        #expect(p.headers["x-stripe-account"] == .string("acct_123"))
        #expect(p.headers["x-causation-id"] == .string("cause-1"))
        #expect(p.headers["traceparent"] == .string("00-abc-def-01"))
        #expect(p.headers["x-error-code"] == .string("stripe.rate_limit"))
    }

    @Test func propertiesRoundTripThroughRabbitMQCStructs() {
        let p = AMQPProperties(envelope: Self.sample)
        let back = p.withCProperties { AMQPProperties($0.pointee) }
        #expect(back == p)
        #expect(back.envelope(body: Self.sample.body) == Self.sample)
    }

    @Test func cStructCarriesOnlyTheFlagsOfPresentFields() {
        let p = AMQPProperties(messageId: "m1")
        let flags = p.withCProperties { $0.pointee._flags }
        #expect(flags == amqp_flags_t(AMQP_BASIC_MESSAGE_ID_FLAG))
        #expect(p.withCProperties { AMQPProperties($0.pointee) } == p)
    }

    @Test func integerHeadersAreAcceptedAsStrings() {
        let p = AMQPProperties(
            messageId: "m", type: "t",
            headers: [
                "x-schema-version": .string("4"), "x-attempt": .string("2"), "x-stripe-account": .string("acct_9"),
            ])
        let e = p.withCProperties { AMQPProperties($0.pointee) }.envelope(body: [])
        #expect(e.headers.schemaVersion == 4)
        #expect(e.headers.attempt == 2)
        #expect(e.headers.stripeAccount == "acct_9")
    }

    @Test func foreignMessagesReadLeniently() {
        let e = AMQPProperties().envelope(body: [1, 2])
        #expect(e.messageId == "")
        #expect(e.type == "")
        #expect(e.contentType == "application/json")
        #expect(e.timestamp == Date(timeIntervalSince1970: 0))
        #expect(e.headers.schemaVersion == 1)
        #expect(e.headers.attempt == 0)
        #expect(e.body == [1, 2])
    }

    @Test func narrowIntegerAndBooleanFieldKindsReadAsIntegers() {
        var i32 = amqp_field_value_t()
        i32.kind = UInt8(AMQP_FIELD_KIND_I32.rawValue)
        i32.value.i32 = -7
        #expect(i32.headerValue == .int(-7))
        var u8 = amqp_field_value_t()
        u8.kind = UInt8(AMQP_FIELD_KIND_U8.rawValue)
        u8.value.u8 = 200
        #expect(u8.headerValue == .int(200))
        var flag = amqp_field_value_t()
        flag.kind = UInt8(AMQP_FIELD_KIND_BOOLEAN.rawValue)
        flag.value.boolean = 1
        #expect(flag.headerValue == .int(1))
        var nested = amqp_field_value_t()
        nested.kind = UInt8(AMQP_FIELD_KIND_TABLE.rawValue)
        #expect(nested.headerValue == nil)
    }
}
