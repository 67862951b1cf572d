import Store
import Testing

@Suite struct StoreErrorTests {
    @Test(arguments: [
        ("23505", "store.unique_violation", false),
        ("40001", "store.serialization_failure", true),
        ("40P01", "store.serialization_failure", true),
        ("08006", "store.connection_failed", true),
        ("08001", "store.connection_failed", true),
        ("57P01", "store.connection_failed", true),
        ("53300", "store.connection_failed", true),
        ("23503", "store.query_failed", false),
        ("42P01", "store.query_failed", false),
        ("42501", "store.query_failed", false),
    ])
    func mapsSQLState(_ sqlState: String, _ code: String, _ transient: Bool) {
        let error = StoreError.fromServer(sqlState: sqlState, message: "m")
        #expect(error.code == code)
        #expect(error.sqlState == sqlState)
        #expect(error.isTransient == transient)
    }

    @Test func missingSQLStateIsQueryFailed() {
        #expect(StoreError.code(forSQLState: nil) == "store.query_failed")
        #expect(!StoreError.fromServer(sqlState: nil, message: "m").isTransient)
    }

    @Test func descriptionCarriesCodeAndSQLState() {
        let error = StoreError.fromServer(sqlState: "23505", message: "duplicate key")
        #expect(error.description == "store.unique_violation: duplicate key [SQLSTATE 23505]")
    }
}
