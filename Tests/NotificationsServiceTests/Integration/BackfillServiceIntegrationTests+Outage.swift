import Bus
import Foundation
import HTTPServer
import Messages
import NotificationsService
import Runtime
import Store
import StripeAPI
import StripeSimCore
import Testing
import TestKit

/// The ingress is down while a platform's story plays on Stripe (a seller's account, buyers
/// paying on it, a refund, platform customers); when notifications starts, the start-up
/// sweep and the sweep the seller's arrival triggers recover every event, each published once.
/// In the running-service suite, which is serialized: its tests share the
/// `notifications.backfill` queue and the simulators' deterministic event ids.
extension BackfillServiceIntegrationTests {
    private static func outageStripe(
        _ sim: StripeSimulator, _ path: String, _ params: [(String, String)],
        account: String? = nil
    ) throws -> String {
        try BuyerRecipientIntegrationTests.id(try BuyerRecipientIntegrationTests.stripe(sim, path, params, account: account))
    }

    @Test("ingress stopped during a story: every event recovered after it starts, published exactly once, marked backfill")
    func storyDuringOutage() async throws {
        let sim = try BackfillIntegrationTests.simulator()  // webhook endpoints refuse connections: the ingress is down
        defer { sim.stop() }
        // The story, while nothing receives Stripe's webhooks.
        let account = try Self.outageStripe(sim, "/v1/accounts", [("type", "express"), ("country", "US")])
        _ = try Self.outageStripe(sim, "/v1/customers", [("email", "buyer@example.com")])
        var paid: [String] = []
        for amount in [1200, 2500, 990] {
            paid.append(
                try Self.outageStripe(
                    sim, "/v1/payment_intents",
                    [
                        ("amount", String(amount)), ("currency", "usd"), ("payment_method", "pm_card_visa"),
                        ("confirm", "true"),
                    ], account: account))
        }
        _ = try Self.outageStripe(sim, "/v1/refunds", [("payment_intent", paid[0])], account: account)
        let types = Set([
            "customer.created", "payment_intent.succeeded", "charge.refunded", "account.updated",
            "payment_intent.created", "charge.succeeded",
        ])
        func missed(_ scope: String?) -> [String] {
            sim.events(account: scope).filter { types.contains($0["type"]?.stringValue ?? "") }.compactMap { $0["id"]?.stringValue }
        }
        let expected = Set(missed(nil) + missed(account))
        #expect(missed(account).count >= 4)  // three payments and a refund on the seller's account
        let settings = BackfillSettings(intervalSeconds: 0, types: Array(types))
        try await NotificationsTestBed.run(patterns: ["stripe.#"], stripeAPIBase: sim.baseURL, backfill: settings) { bed in
            // The seller becomes known (as onboarding's events make it known), then a sweep on request.
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            try db.execute(
                "INSERT INTO \(try SQLIdentifier(bed.schema).quoted).recipients (account, email) VALUES ($1, 'seller@example.com')",
                [.text(account)])
            let command = try Envelope.make(BackfillStripeEvents(), appId: "notifications-tests")
            let url = bed.env.amqpURL
            try await onThread {
                let connection = try AMQPConnection(url: try AMQPURL(url), connectionName: "notifications-tests.publisher")
                defer { connection.close() }
                try connection.enableConfirms()
                try connection.publish(
                    command, exchange: Exchanges.commands, routingKey: BackfillStripeEvents.messageName,
                    mandatory: true)
                try connection.waitForConfirms(timeout: .seconds(10))
            }
            let monitor = bed.monitor
            let received = try await onThread {
                try monitor.wait(count: expected.count, timeout: .seconds(60)) { _ in true }
            }
            let ids = received.compactMap { $0.headers.extra["x-stripe-event-id"] }
            #expect(Set(ids) == expected)
            #expect(ids.count == expected.count)  // each once
            #expect(received.allSatisfy { $0.headers.extra[StripeEventStore.stripeSourceHeader] == "backfill" })
            // Nothing more comes: a later sweep finds them stored.
            let later = try await onThread { try monitor.wait(count: expected.count + 1, timeout: .seconds(3)) { _ in true } }
            #expect(later.count == expected.count)
        }
    }
}
