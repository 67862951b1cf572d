import Bus
import Foundation
import Messages
import TestKit
import Testing
@testable import ConnectBusCLI

@Suite("tail --from: reading the event history stream (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct TailHistoryTests {
    /// Publishes one event per routing key on connectbus.events, confirmed.
    static func publish(_ keys: [String]) throws {
        let publisher = try BrokerThread.environment.connect("test-publish")
        defer { publisher.close() }
        try publisher.enableConfirms()
        for key in keys {
            try publisher.publish(
                Envelope(type: key, appId: "test", headers: MessageHeaders(), body: Array("{}".utf8)),
                exchange: Exchanges.events, routingKey: key, mandatory: false)
        }
        try publisher.waitForConfirms(timeout: .seconds(30))
    }

    /// (routing key, x-stream-offset) of the first `limit` matching events read from `from`.
    static func read(_ from: HistoryOffset, patterns: [String], limit: Int) throws -> [(String, Int)] {
        var seen: [(String, Int)] = []
        let follower = EventFollower(
            url: try AMQPURL(try BrokerAdmin.amqpURL(user: "monitor", password: "monitor")),
            patterns: patterns, history: from
        ) { delivery in
            seen.append((delivery.routingKey, Int(delivery.envelope.headers.extra["x-stream-offset"] ?? "") ?? -1))
        }
        try follower.follow(limit: limit, duration: .seconds(60))
        return seen
    }

    @Test func readsEventsPublishedBeforeItStartedFromATimeOrFromAnOffsetInOrder() async throws {
        let topic = IntegrationEnvironment.uniqueName("clihist")
        let keys = (0..<4).map { "\(topic).e.\($0)" }
        let (all, later) = try await BrokerThread.run { () throws -> ([(String, Int)], [(String, Int)]) in
            // From a time (not `first`), so the test does not scan what earlier runs left.
            let since = Date().addingTimeInterval(-2)
            try Self.publish([keys[0], keys[1], "\(topic).other", keys[2], keys[3]])
            let all = try Self.read(.timestamp(since), patterns: ["\(topic).e.*"], limit: 4)
            guard all.count == 4 else { return (all, []) }
            return (all, try Self.read(.offset(all[2].1), patterns: ["\(topic).e.*"], limit: 2))
        }
        #expect(all.map(\.0) == keys)
        #expect(all.map(\.1) == all.map(\.1).sorted())
        #expect(later.map(\.0) == [keys[2], keys[3]])
        #expect(later.map(\.1) == all.dropFirst(2).map(\.1))
    }
}

@Suite("tail --from: parsing where to start")
struct HistoryOffsetTests {
    @Test func firstOffsetsAndTimesAndNothingElse() throws {
        #expect(try HistoryOffset.parse("first") == .first)
        #expect(try HistoryOffset.parse("42") == .offset(42))
        let time = try HistoryOffset.parse("2026-12-01T10:00:00Z")
        #expect(time == .timestamp(Date(timeIntervalSince1970: 1_796_119_200)))
        #expect(time.argument(now: Date(timeIntervalSince1970: 1_796_122_800)) == .string("3600s"))
        #expect(HistoryOffset.first.argument(now: Date()) == .string("first"))
        #expect(HistoryOffset.offset(7).argument(now: Date()) == .int(7))
        for bad in ["-1", "last", "yesterday", ""] {
            #expect(throws: CLIError.self) { try HistoryOffset.parse(bad) }
        }
    }
}
