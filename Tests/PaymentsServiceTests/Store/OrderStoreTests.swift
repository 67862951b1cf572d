import PaymentsSchema
import Foundation
import Store
import Testing
import TestKit
@testable import PaymentsService

@Suite("Payments SQL against Postgres", .enabled(if: IntegrationEnvironment.isEnabled))
struct OrderStoreTests {
    /// Runs `body` on a dedicated thread with a migrated schema of its own, dropped afterwards.
    private func withSchema(_ body: @escaping @Sendable (PGConnection, SQLIdentifier) throws -> Void) async throws {
        let env = try #require(IntegrationEnvironment.current)
        let name = IntegrationEnvironment.uniqueName("pay_store")
        try await onThread {
            let db = try PGConnection(url: env.databaseURL, applicationName: "payments-store-tests")
            defer { _ = try? db.execute("DROP SCHEMA IF EXISTS \(name) CASCADE") }
            _ = try Migrator(schema: name, migrations: PaymentsMigrations.all).migrate(db)
            try body(db, try SQLIdentifier(name))
        }
    }

    @Test("an order is keyed by (account, reference); its PaymentIntent and session are unique")
    func orderKeys() async throws {
        try await withSchema { db, schema in
            let orders = OrderStore(schema: schema)
            let order = OrderRecord(
                account: "acct_1", orderReference: "o-1", channel: .paymentIntent, paymentIntent: "pi_1",
                currency: "eur", applicationFeeAmount: 100, progress: OrderProgress(amount: 1000))
            let inserted = try orders.insert(order, createdMessageId: "m1", on: db)
            #expect(inserted)
            let duplicateRefused = try !orders.insert(order, createdMessageId: "m2", on: db)
            #expect(duplicateRefused)
            var sameIntent = order
            sameIntent.orderReference = "o-2"
            let sameIntentRefused = try !orders.insert(sameIntent, createdMessageId: "m3", on: db)
            #expect(sameIntentRefused)
            var otherAccount = order
            otherAccount.account = "acct_2"
            otherAccount.paymentIntent = "pi_2"
            let otherAccountInserted = try orders.insert(otherAccount, createdMessageId: "m4", on: db)
            #expect(otherAccountInserted)
            let roundTrips = try orders.find(account: "acct_1", orderReference: "o-1", on: db) == order
            #expect(roundTrips)
            let foundByIntent = try orders.find(paymentIntent: "pi_2", on: db)?.account == "acct_2"
            #expect(foundByIntent)
            let unknownIsNil = try orders.find(account: "acct_1", orderReference: "nope", on: db) == nil
            #expect(unknownIsNil)
        }
    }

    @Test("updates keep the first paid time and round-trip every column")
    func update() async throws {
        try await withSchema { db, schema in
            let orders = OrderStore(schema: schema)
            var order = OrderRecord(
                account: "acct_1", orderReference: "o-1", channel: .checkout, checkoutSession: "cs_1",
                uiMode: "hosted", customerEmail: "b@example.com", currency: "eur",
                applicationFeeAmount: 300, progress: OrderProgress(amount: 5000))
            let inserted = try orders.insert(order, createdMessageId: "m1", on: db)
            #expect(inserted)
            order.paymentIntent = "pi_1"
            order.progress = OrderProgress(state: .paid, lastEventAt: 1_700_000_000, amount: 5000)
            try orders.update(order, on: db)
            let paidAt = try db.query("SELECT paid_at::text AS v FROM \(schema.quoted).orders", []) { try $0.optionalString("v") }.first ?? nil
            #expect(paidAt != nil)
            order.progress = OrderProgress(state: .partiallyRefunded, lastEventAt: 1_700_000_100, amount: 5000, amountRefunded: 2000)
            try orders.update(order, on: db)
            let roundTrips = try orders.find(account: "acct_1", orderReference: "o-1", on: db) == order
            #expect(roundTrips)
            let paidAtLater = try db.query("SELECT paid_at::text AS v FROM \(schema.quoted).orders", []) { try $0.optionalString("v") }.first ?? nil
            #expect(paidAtLater == paidAt)
        }
    }

    @Test("customers: first writer wins; account projection upserts; refunds sum without duplicates")
    func otherTables() async throws {
        try await withSchema { db, schema in
            let customers = CustomerStore(schema: schema)
            let firstRecorded = try customers.insert(account: "acct_1", customerReference: "c-1", customer: "cus_1", on: db) == "cus_1"
            #expect(firstRecorded)
            let firstWins = try customers.insert(account: "acct_1", customerReference: "c-1", customer: "cus_2", on: db) == "cus_1"
            #expect(firstWins)
            let otherAccountEmpty = try customers.find(account: "acct_2", customerReference: "c-1", on: db) == nil
            #expect(otherAccountEmpty)

            let accounts = AccountChargesStore(schema: schema)
            try accounts.save(AccountCharges(account: "acct_1", chargesEnabled: false, lastEventAt: 10), on: db)
            try accounts.save(AccountCharges(account: "acct_1", chargesEnabled: true, lastEventAt: 20), on: db)
            let latestSaved = try accounts.find("acct_1", on: db) == AccountCharges(account: "acct_1", chargesEnabled: true, lastEventAt: 20)
            #expect(latestSaved)

            let orders = OrderStore(schema: schema)
            _ = try orders.insert(
                OrderRecord(
                    account: "acct_1", orderReference: "o-1", channel: .serverConfirm, paymentIntent: "pi_1",
                    progress: OrderProgress(state: .paid, amount: 5000)), createdMessageId: "m", on: db)
            let refunds = RefundStore(schema: schema)
            try refunds.insert(refund: "re_1", account: "acct_1", orderReference: "o-1", amount: 2000, status: "succeeded", on: db)
            try refunds.insert(refund: "re_1", account: "acct_1", orderReference: "o-1", amount: 2000, status: "succeeded", on: db)
            try refunds.insert(refund: "re_2", account: "acct_1", orderReference: "o-1", amount: 500, status: "failed", on: db)
            try refunds.insert(refund: "re_3", account: "acct_1", orderReference: "o-1", amount: 1000, status: "pending", on: db)
            let totalCountsEachOnce = try refunds.total(account: "acct_1", orderReference: "o-1", on: db) == 3000
            #expect(totalCountsEachOnce)
        }
    }
}
