import Bus
import Foundation
import Messages
import TestKit
import Testing
@testable import ConnectBusCLI

@Suite("tail: a monitoring consumer on connectbus.events (integration)", .enabled(if: IntegrationEnvironment.isEnabled))
struct TailTests {
    @Test func receivesOnlyMatchingEventsPublishedAfterItStarted() async throws {
        let topic = IntegrationEnvironment.uniqueName("clitest")
        let lines = try await BrokerThread.run { () throws -> [String] in
            var lines: [String] = []
            try TailVerb.follow(
                patterns: ["\(topic).order.*"], limit: 2, duration: .seconds(60), environment: BrokerThread.environment,
                onReady: { _ in
                    do {
                        let publisher = try BrokerThread.environment.connect("test-publish")
                        defer { publisher.close() }
                        try publisher.enableConfirms()
                        for (key, amount) in [("\(topic).order.paid", 100), ("\(topic).account.updated", 1),
                                              ("\(topic).order.refunded", 40)] {
                            let envelope = Envelope(type: key, appId: "test", headers: MessageHeaders(stripeAccount: "acct_t"),
                                                    body: Array(#"{"amount":\#(amount),"currency":"usd"}"#.utf8))
                            try publisher.publish(envelope, exchange: Exchanges.events, routingKey: key, mandatory: false)
                        }
                        try publisher.waitForConfirms(timeout: .seconds(30))
                    } catch {
                        lines.append("publish failed: \(error)")
                    }
                },
                emit: { lines.append(EventLine.text(routingKey: $0.routingKey, envelope: $0.envelope)) })
            return lines
        }
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\(topic).order.paid  acct_t  amount=100  currency=usd") == true)
        #expect(lines.last?.contains("\(topic).order.refunded") == true)
    }
}
