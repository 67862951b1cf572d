import TerminalGatewaySchema
import Foundation
import Store
import Testing
import TestKit
@testable import TerminalGateway

/// The gateway's SQL against the shared dev Postgres, each test in its own schema
/// (libpq runs on dedicated threads, never on the cooperative pool).
@Suite("Terminal store", .enabled(if: IntegrationEnvironment.isEnabled))
struct PaymentStoreTests {
    /// A migrated, uniquely named schema; dropped by `drop()`.
    struct Fixture: Sendable {
        let url: String
        let schema: SQLIdentifier

        init() throws {
            let env = try #require(IntegrationEnvironment.current)
            url = env.databaseURL
            schema = try SQLIdentifier(IntegrationEnvironment.uniqueName("term_store"))
        }

        func connect() throws -> PGConnection { try PGConnection(url: url, applicationName: "terminal-store-tests") }

        /// Migrates, runs `body` on a dedicated thread with a connection, drops the schema.
        func run<T: Sendable>(_ body: @escaping @Sendable (PGConnection, PaymentStore) throws -> T) async throws -> T {
            let schema = self.schema
            return try await onThread {
                let db = try connect()
                try Migrator(schema: schema.name, migrations: TerminalMigrations.all).migrate(db)
                defer { _ = try? db.execute("DROP SCHEMA \(schema.quoted) CASCADE") }
                return try body(db, PaymentStore(schema: schema))
            }
        }
    }

    static func new(_ order: String) -> PaymentStore.NewPayment {
        PaymentStore.NewPayment(
            orderReference: order, account: nil, amount: 1000, currency: "usd", captureMethod: "manual",
            applicationFeeAmount: nil)
    }

    /// Records an authorized payment for `order` (authorized at `at`).
    static func authorized(_ order: String, pi: String, at: Int, store: PaymentStore, db: PGConnection) throws {
        #expect(try store.claim(new(order), messageId: "m-\(order)", on: db) == .claimed)
        var p = TerminalPayment(orderReference: order, paymentIntent: pi, amount: 1000, currency: "usd")
        #expect(try store.attach(p, messageId: "m-\(order)", on: db))
        p.state = .requiresCapture
        p.amountAuthorized = 1000
        p.authorizedAt = at
        p.expiresAt = at + TerminalPaymentMachine.captureWindowSeconds
        try store.update(p, on: db)
    }

    @Test func anOrderIsClaimedByOneCommandAndKeepsItsPaymentIntent() async throws {
        try await Fixture().run { db, store in
            #expect(try store.claim(Self.new("o-1"), messageId: "m1", on: db) == .claimed)
            #expect(try store.claim(Self.new("o-1"), messageId: "m2", on: db) == .busy(messageId: "m1"))
            #expect(try store.claim(Self.new("o-1"), messageId: "m1", on: db) == .claimed)  // redelivery
            #expect(try store.find(orderReference: "o-1", on: db) == nil)

            let payment = TerminalPayment(orderReference: "o-1", paymentIntent: "pi_1", amount: 1000, currency: "usd")
            #expect(!(try store.attach(payment, messageId: "m2", on: db)))
            #expect(try store.attach(payment, messageId: "m1", on: db))
            #expect(try store.claim(Self.new("o-1"), messageId: "m3", on: db) == .existing(payment))
            #expect(try store.find(paymentIntent: "pi_1", on: db) == payment)

            #expect(try store.claim(Self.new("o-2"), messageId: "m4", on: db) == .claimed)
            try store.releaseClaim(orderReference: "o-2", messageId: "m4", on: db)
            #expect(try store.claim(Self.new("o-2"), messageId: "m5", on: db) == .claimed)
        }
    }

    @Test func updateRoundTripsEveryColumn() async throws {
        try await Fixture().run { db, store in
            _ = try store.claim(Self.new("o-1"), messageId: "m1", on: db)
            var p = TerminalPayment(orderReference: "o-1", paymentIntent: "pi_1", amount: 1000, currency: "usd")
            _ = try store.attach(p, messageId: "m1", on: db)
            p.state = .captured
            p.reader = "tmr_1"
            p.amountAuthorized = 1000
            p.amountCaptured = 1500
            p.overcaptureSupported = true
            p.authorizedAt = 10
            p.expiresAt = 20
            p.lastChargeId = "ch_1"
            p.declineCode = "generic_decline"
            p.failureCode = "card_declined"
            p.failureMessage = "no"
            p.cancellationReason = nil
            p.captureKey = "m9:capture"
            p.processKey = "m8:process_payment"
            try store.update(p, on: db)
            #expect(try store.find(paymentIntent: "pi_1", lock: false, on: db) == p)
        }
    }

    @Test func reconciliationLeasesAreExclusiveAndSkipLockedRows() async throws {
        let fixture = try Fixture()
        try await fixture.run { db, store in
            let now = Int(Date().timeIntervalSince1970)
            for index in 1...3 {
                try Self.authorized("o-\(index)", pi: "pi_\(index)", at: now - 7200 + index, store: store, db: db)
            }
            try Self.authorized("o-fresh", pi: "pi_fresh", at: now, store: store, db: db)

            // Another run holds a row lock on pi_1 (it is in the middle of its own claim).
            let other = try fixture.connect()
            try other.execute("BEGIN")
            try other.execute("SELECT 1 FROM \(store.schema.quoted).payments WHERE payment_intent_id = 'pi_1' FOR UPDATE")
            let runA = try store.claimForReconciliation(
                messageId: "run-a", authorizedBefore: now - 3600, account: nil,
                limit: 100, leaseSeconds: 600, on: db)
            #expect(Set(runA.map(\.paymentIntent)) == ["pi_2", "pi_3"])
            try other.execute("ROLLBACK")

            // Leased rows are not given to another run; the same run (redelivered) gets them again.
            let runB = try store.claimForReconciliation(
                messageId: "run-b", authorizedBefore: nil, account: nil,
                limit: 100, leaseSeconds: 600, on: db)
            #expect(Set(runB.map(\.paymentIntent)) == ["pi_1", "pi_fresh"])
            let runAAgain = try store.claimForReconciliation(
                messageId: "run-a", authorizedBefore: now - 3600, account: nil,
                limit: 100, leaseSeconds: 600, on: db)
            #expect(Set(runAAgain.map(\.paymentIntent)) == ["pi_2", "pi_3"])

            // A released lease, or one that ran out, frees the row.
            try store.releaseReconciliation(paymentIntent: "pi_2", messageId: "run-a", on: db)
            try db.execute(
                "UPDATE \(store.schema.quoted).payments SET reconcile_claimed_until = now() - interval '1 second' WHERE payment_intent_id = 'pi_3'")
            let runC = try store.claimForReconciliation(
                messageId: "run-c", authorizedBefore: nil, account: nil,
                limit: 100, leaseSeconds: 600, on: db)
            #expect(Set(runC.map(\.paymentIntent)) == ["pi_2", "pi_3"])
            #expect(try store.reconcilable(authorizedBefore: nil, account: nil, limit: 100, on: db).count == 4)
        }
    }

    @Test func orderFlagsAccumulate() async throws {
        try await Fixture().run { db, store in
            let orders = OrderStore(schema: store.schema)
            #expect(try orders.complete("o-\"quoted\"", on: db) == OrderFlags(orderReference: "o-\"quoted\"", completed: true))
            let both = try orders.markPaidOtherwise("o-\"quoted\"", method: "cash", on: db)
            #expect(both.completed && both.paidOtherwise)
            #expect(try orders.markPaidOtherwise("o-2", method: nil, on: db).paidOtherwise)
            let flags = try orders.flags(["o-\"quoted\"", "o-2", "o-unknown"], on: db)
            #expect(flags.count == 2)
            #expect(flags["o-\"quoted\""]?.completed == true)
            #expect(flags["o-2"]?.completed == false)
        }
    }
}
