import Foundation
import NotificationsService
import Store
import Testing
import TestKit

/// ``StripeEventStore``'s batch statement against the real Postgres: per-event outcomes,
/// duplicates within and across batches, outbox rows in arrival order, all or nothing.
@Suite("StripeEventStore batches (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct StripeEventStoreBatchTests {
    private static func incoming(
        _ event: (id: String, body: [UInt8]), _ endpoint: WebhookEndpoint = .platform
    ) throws
        -> IncomingStripeEvent
    {
        IncomingStripeEvent(facts: try #require(StripeEventFacts.parse(event.body)), body: event.body, endpoint: endpoint)
    }

    @Test func eachEventGetsItsOutcomeAndOnlyNewEventsGetOutboxRowsInArrivalOrder() async throws {
        try await NotificationsTestBed.run(patterns: [], start: false) { bed in
            try bed.migrate()
            let store = StripeEventStore(schema: try SQLIdentifier(bed.schema), appId: "notifications")
            let old = NotificationsTestBed.event(type: "charge.succeeded", account: "acct_a")
            let a = NotificationsTestBed.event(type: "payment_intent.created", account: "acct_b")
            let b = NotificationsTestBed.event(type: "account.updated")
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            #expect(try store.store([Self.incoming(old)], on: db) == [true])
            let outcomes = try store.store(
                [
                    Self.incoming(a), Self.incoming(old), Self.incoming(b, .connect),
                    Self.incoming(a),
                ], on: db)
            #expect(outcomes == [true, false, true, false])
            #expect(try bed.storedEvents(a.id) == 1)
            #expect(try bed.storedEvents(b.id) == 1)
            let order = try db.query(
                """
                SELECT routing_key, headers->>'x-stripe-event-id' AS event, headers->>'x-stripe-account' AS account
                FROM \(try SQLIdentifier(bed.schema).quoted).outbox ORDER BY id
                """
            ) { row in [try row.string("routing_key"), try row.string("event"), try row.optionalString("account") ?? "-"] }
            #expect(
                order == [
                    ["stripe.charge.succeeded", old.id, "acct_a"],
                    ["stripe.payment_intent.created", a.id, "acct_b"],
                    ["stripe.account.updated", b.id, "-"],
                ])
            #expect(try store.store([], on: db) == [])
        }
    }

    @Test func aBatchWithABadEventStoresNothing() async throws {
        try await NotificationsTestBed.run(patterns: [], start: false) { bed in
            try bed.migrate()
            let store = StripeEventStore(schema: try SQLIdentifier(bed.schema), appId: "notifications")
            let good = NotificationsTestBed.event()
            let db = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            // A constraint that one event of the batch breaks.
            try db.execute(
                "ALTER TABLE \(try SQLIdentifier(bed.schema).quoted).stripe_events "
                    + "ADD CONSTRAINT no_account_updated CHECK (type <> 'account.updated')")
            let bad = NotificationsTestBed.event(type: "account.updated")
            #expect(throws: StoreError.self) { try store.store([Self.incoming(good), Self.incoming(bad)], on: db) }
            #expect(try bed.storedEvents(good.id) == 0)
            #expect(try bed.outboxRows() == 0)
            #expect(try store.store([Self.incoming(good)], on: db) == [true])
        }
    }
}
