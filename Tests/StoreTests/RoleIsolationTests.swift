import Store
import TestKit
import Testing

@Suite(.enabled(if: IntegrationEnvironment.isEnabled))
struct RoleIsolationTests {
    @Test func serviceRoleCannotReadAnotherServicesSchema() async throws {
        try await onThread {
            let table = IntegrationEnvironment.uniqueName("store_iso")
            let onboarding = try PGConnection(
                url: TestDatabase.url(user: "onboarding", password: "onboarding"),
                applicationName: "store-tests-onboarding")
            try onboarding.execute("CREATE TABLE onboarding.\(try SQLIdentifier(table).quoted) (id text)")
            defer { _ = try? onboarding.execute("DROP TABLE IF EXISTS onboarding.\"\(table)\"") }
            try onboarding.execute("INSERT INTO onboarding.\"\(table)\" VALUES ($1)", [.text("acct_1")])

            let payments = try PGConnection(
                url: TestDatabase.url(user: "payments", password: "payments"),
                applicationName: "store-tests-payments")
            do {
                _ = try payments.execute("SELECT id FROM onboarding.\"\(table)\"")
                Issue.record("payments read onboarding's table")
            } catch let error as StoreError {
                #expect(error.sqlState == "42501")
                #expect(error.code == "store.query_failed")
                #expect(error.message.contains("permission denied"))
            }
            #expect(throws: StoreError.self) {
                try payments.execute("CREATE TABLE onboarding.\"\(table)_x\" (id int)")
            }
        }
    }
}
