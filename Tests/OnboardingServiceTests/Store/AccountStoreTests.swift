import OnboardingSchema
import Foundation
import Store
import Testing
import TestKit
@testable import OnboardingService

/// The onboarding SQL against the shared dev Postgres, each test in its own schema.
@Suite("Onboarding store", .enabled(if: IntegrationEnvironment.isEnabled))
struct AccountStoreTests {
    /// A migrated, uniquely named schema and a connection to it; the schema is dropped by `drop()`.
    struct Fixture {
        let db: PGConnection
        let schema: SQLIdentifier

        init() throws {
            let env = try #require(IntegrationEnvironment.current)
            db = try PGConnection(url: env.databaseURL, applicationName: "onboarding-store-tests")
            schema = try SQLIdentifier(IntegrationEnvironment.uniqueName("onb_store"))
            try Migrator(schema: schema.name, migrations: OnboardingMigrations.all).migrate(db)
        }

        func drop() {
            _ = try? db.execute("DROP SCHEMA \(schema.quoted) CASCADE")
        }
    }

    func record(_ reference: String, _ account: String) -> AccountRecord {
        let start = OnboardingStateMachine.start(
            from: AccountSnapshot(
                accountId: account, observedAt: 100, detailsSubmitted: false, chargesEnabled: false,
                payoutsEnabled: false, currentlyDue: ["business_type", "tos_acceptance.date"],
                disabledReason: "requirements.past_due", eventuallyDue: ["external_account"], currentDeadline: 1_900_000_000))
        return AccountRecord(
            sellerReference: reference, accountType: "express", country: "US",
            email: "seller@example.com", projection: start.projection)
    }

    @Test func insertFindAndUpdateRoundTrip() throws {
        let f = try Fixture()
        defer { f.drop() }
        let store = AccountStore(schema: f.schema)
        let rec = record("seller-1", "acct_A")
        #expect(try store.insert(rec, createdMessageId: "m1", on: f.db))
        #expect(try store.find(sellerReference: "seller-1", on: f.db) == rec)
        #expect(try store.find(accountId: "acct_A", lock: false, on: f.db) == rec)
        #expect(try store.find(sellerReference: "seller-2", on: f.db) == nil)

        let done = OnboardingStateMachine.apply(
            .event(
                AccountSnapshot(
                    accountId: "acct_A", observedAt: 200, detailsSubmitted: true, chargesEnabled: true,
                    payoutsEnabled: true)), to: rec.projection)
        try store.update(done.projection, on: f.db)
        let reread = try #require(try store.find(accountId: "acct_A", on: f.db))
        #expect(reread.projection == done.projection)
        #expect(reread.projection.onboardingCompleted)
        #expect(reread.projection.currentlyDue.isEmpty)
        #expect(reread.projection.currentDeadline == nil)
        #expect(rec.projection.currentDeadline == 1_900_000_000)
        #expect(reread.projection.lastStripeUpdate == 200)
    }

    @Test func duplicateReferenceOrAccountIsNotInserted() throws {
        let f = try Fixture()
        defer { f.drop() }
        let store = AccountStore(schema: f.schema)
        #expect(try store.insert(record("seller-1", "acct_A"), createdMessageId: "m1", on: f.db))
        #expect(try !store.insert(record("seller-1", "acct_B"), createdMessageId: "m2", on: f.db))
        #expect(try !store.insert(record("seller-2", "acct_A"), createdMessageId: "m3", on: f.db))
        #expect(try store.find(accountId: "acct_B", on: f.db) == nil)
        #expect(try store.find(sellerReference: "seller-2", on: f.db) == nil)
    }

    @Test func linkParametersKeepOnlyTheLastOnes() throws {
        let f = try Fixture()
        defer { f.drop() }
        try #require(try AccountStore(schema: f.schema).insert(record("seller-1", "acct_A"), createdMessageId: "m1", on: f.db))
        let links = AccountLinkParametersStore(schema: f.schema)
        #expect(try links.find(accountId: "acct_A", on: f.db) == nil)
        let first = AccountLinkParameters(
            type: "account_onboarding", refreshURL: "https://shop.example/refresh",
            returnURL: "https://shop.example/return")
        try links.save(first, accountId: "acct_A", on: f.db)
        #expect(try links.find(accountId: "acct_A", on: f.db) == first)
        let second = AccountLinkParameters(
            type: "account_update", refreshURL: "https://shop.example/r2",
            returnURL: "https://shop.example/ret2", collect: "eventually_due")
        try links.save(second, accountId: "acct_A", on: f.db)
        #expect(try links.find(accountId: "acct_A", on: f.db) == second)
        // Parameters belong to a recorded account.
        #expect(throws: StoreError.self) { try links.save(first, accountId: "acct_unknown", on: f.db) }
    }
}
