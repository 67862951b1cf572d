import OnboardingSchema
import Store
import Testing
import TestKit
@testable import OnboardingService

/// `seller_claims` against the shared dev Postgres: the one statement that reads whether a
/// seller reference is recorded and claims it when not.
@Suite("Seller claims", .enabled(if: IntegrationEnvironment.isEnabled))
struct SellerClaimStoreTests {
    typealias Fixture = AccountStoreTests.Fixture

    func claimCount(_ f: Fixture) throws -> Int64 {
        try f.db.query("SELECT count(*) AS count FROM \(f.schema.quoted).seller_claims", []) { row in
            try row.int("count")
        }.first ?? -1
    }

    @Test func aNewReferenceIsClaimedByTheFirstCommandOnly() throws {
        let f = try Fixture()
        defer { f.drop() }
        let claims = SellerClaimStore(schema: f.schema), accounts = AccountStore(schema: f.schema)
        guard case .claim(let first) = try claims.claim("seller-1", messageId: "m1", unlessRecordedIn: accounts, on: f.db)
        else { Issue.record("a new reference was not claimed"); return }
        #expect(first.messageId == "m1")
        #expect(first.ageSeconds == 0)
        guard case .claim(let other) = try claims.claim("seller-1", messageId: "m2", unlessRecordedIn: accounts, on: f.db)
        else { Issue.record("a claimed reference read as recorded"); return }
        #expect(other.messageId == "m1")
        #expect(other.ageSeconds >= 0)
        // A redelivery of the claimant finds its own claim.
        guard case .claim(let again) = try claims.claim("seller-1", messageId: "m1", unlessRecordedIn: accounts, on: f.db)
        else { Issue.record("the claimant's redelivery lost its claim"); return }
        #expect(again.messageId == "m1")
        #expect(try claimCount(f) == 1)
    }

    @Test func aRecordedReferenceIsReadAndNotClaimed() throws {
        let f = try Fixture()
        defer { f.drop() }
        let claims = SellerClaimStore(schema: f.schema), accounts = AccountStore(schema: f.schema)
        let record = AccountStoreTests().record("seller-1", "acct_A")
        try #require(try accounts.insert(record, createdMessageId: "m0", on: f.db))
        #expect(try claims.claim("seller-1", messageId: "m1", unlessRecordedIn: accounts, on: f.db) == .recorded(record))
        #expect(try claimCount(f) == 0)
        // Another reference is still claimed.
        #expect(
            try claims.claim("seller-2", messageId: "m2", unlessRecordedIn: accounts, on: f.db)
                == .claim(SellerClaimStore.Claim(messageId: "m2", ageSeconds: 0)))
    }
}
