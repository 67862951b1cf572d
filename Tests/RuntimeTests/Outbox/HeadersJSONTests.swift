import Foundation
import Messages
@testable import Store
import Testing
@testable import Runtime

@Suite("Outbox rows and envelopes")
struct HeadersJSONTests {
    @Test func envelopeSurvivesTheOutboxRoundTrip() {
        let headers = MessageHeaders(
            schemaVersion: 2, causationId: "cause", stripeAccount: "acct_1",
            traceparent: "00-abc-def-01", attempt: 3, extra: ["x-error-code": "a\"b\\c"])
        let envelope = Envelope(
            correlationId: "corr", type: "payments.order.paid", appId: "payments",
            replyTo: "replies", headers: headers, body: Array(#"{"n":1}"#.utf8))
        let row = OutboxMessage(
            envelope, exchange: "connectbus.events", routingKey: "payments.order.paid",
            mandatory: false)
        #expect(row.envelope == envelope)
    }

    @Test func headersAreOneObjectWithKeysSortedAndStringsEscaped() {
        let table: [String: HeaderValue] = [
            "x-schema-version": .int(1), "traceparent": .string("00-a-b-01"),
            "x-error-message": .string("line\n\"quoted\" \\ \u{1}"), "x-attempt": .int(-2),
        ]
        let json = String(decoding: HeadersJSON.encode(table), as: UTF8.self)
        #expect(
            json == #"{"traceparent":"00-a-b-01","x-attempt":-2,"x-error-message":"line\n\"quoted\" \\ \u0001","x-schema-version":1}"#)
        #expect(HeadersJSON.decode(HeadersJSON.encode(table)) == table)
        #expect(HeadersJSON.encode([:]) == Array("{}".utf8))
    }

    @Test func batchRowsAreOneBinaryArrayPerColumnInOrder() throws {
        let messages = (0..<3).map { index in
            OutboxMessage(
                Envelope(
                    correlationId: index == 1 ? nil : "c\(index)", type: "t\"\(index)", appId: "a",
                    body: [0, 255, UInt8(index)]),
                exchange: "", routingKey: "q", mandatory: index == 2)
        }
        let parameters = OutboxTable.batchParameters(messages).map { ($0 ?? .null).wireForm }
        #expect(parameters.count == 12)
        #expect(parameters.allSatisfy { $0.format == 1 })
        #expect(try Self.elements(parameters[3].bytes) == ["t\"0", "t\"1", "t\"2"].map { Array($0.utf8) })
        #expect(try Self.elements(parameters[4].bytes) == [Array("c0".utf8), nil, Array("c2".utf8)])
        #expect(try Self.elements(parameters[10].bytes) == [[0, 255, 0], [0, 255, 1], [0, 255, 2]])
        #expect(try Self.elements(parameters[11].bytes) == [[0], [0], [1]])
        #expect(try Self.elements(parameters[9].bytes).allSatisfy { $0 == Array("{}".utf8) || $0?.first == UInt8(ascii: "{") })
    }

    /// The elements of a one-dimensional binary-format array (`nil` = NULL).
    private static func elements(_ bytes: [UInt8]?) throws -> [[UInt8]?] {
        let bytes = try #require(bytes)
        func int32(at offset: Int) -> Int32 {
            Int32(bitPattern: bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        guard int32(at: 0) == 1 else { return [] }
        var offset = 20
        var result: [[UInt8]?] = []
        for _ in 0..<Int(int32(at: 12)) {
            let length = Int(int32(at: offset))
            offset += 4
            if length < 0 {
                result.append(nil)
            } else {
                result.append(Array(bytes[offset..<offset + length]))
                offset += length
            }
        }
        return result
    }

    @Test func headersJSONReadsStringsAndNumbersAndSkipsTheRest() {
        let json = #"{"a":"x","n":3,"f":1.9,"neg":-2.5,"b":true,"z":null,"o":{"k":1},"l":[1]}"#
        let table = HeadersJSON.decode(Array(json.utf8))
        #expect(table == ["a": .string("x"), "n": .int(3), "f": .int(1), "neg": .int(-2), "b": .int(1)])
        #expect(HeadersJSON.decode(Array("not json".utf8)).isEmpty)
        #expect(HeadersJSON.decode(Array("[1]".utf8)).isEmpty)
    }

    @Test func outboxRowHeadersAreHandBuiltJSON() {
        let envelope = Envelope(
            messageId: "m1", correlationId: "m1", type: "t", appId: "app",
            headers: MessageHeaders(table: ["x-schema-version": .int(1), "x-k": .string("v\"1")]),
            body: [])
        let row = OutboxMessage(envelope, exchange: "connectbus.commands", routingKey: "k", mandatory: true)
        #expect(String(decoding: row.headersJSON, as: UTF8.self) == #"{"x-k":"v\"1","x-schema-version":1}"#)
        #expect(row.envelope.headers.table == envelope.headers.table)
    }
}
