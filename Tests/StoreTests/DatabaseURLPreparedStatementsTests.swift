import Store
import Testing

/// `DatabaseURL.options(in:)`: ConnectBus's `prepared_statements` option is split off the
/// connection string before libpq reads it.
@Suite struct DatabaseURLPreparedStatementsTests {
    @Test func theOptionIsRemovedFromAURL() throws {
        let only = try DatabaseURL.options(in: "postgres://u:p@h:6432/db?prepared_statements=off")
        #expect(only == DatabaseURL.Options(libpqURL: "postgres://u:p@h:6432/db", preparedStatements: false))
        let among = try DatabaseURL.options(in: "postgres://u:p@h/db?sslmode=disable&prepared_statements=on&application_name=x")
        #expect(among == DatabaseURL.Options(libpqURL: "postgres://u:p@h/db?sslmode=disable&application_name=x", preparedStatements: true))
        let first = try DatabaseURL.options(in: "postgresql://h/db?prepared_statements=0&sslmode=require")
        #expect(first == DatabaseURL.Options(libpqURL: "postgresql://h/db?sslmode=require", preparedStatements: false))
    }

    @Test func aQuestionMarkInThePasswordIsNotTheQuery() throws {
        let withPath = try DatabaseURL.options(in: "postgres://u:pa?ss@h/db?prepared_statements=off")
        #expect(withPath == DatabaseURL.Options(libpqURL: "postgres://u:pa?ss@h/db", preparedStatements: false))
        let withoutPath = try DatabaseURL.options(in: "postgres://u:pa?ss@h?prepared_statements=off&sslmode=disable")
        #expect(withoutPath == DatabaseURL.Options(libpqURL: "postgres://u:pa?ss@h?sslmode=disable", preparedStatements: false))
    }

    @Test func theOptionIsRemovedFromTheKeyValueForm() throws {
        let options = try DatabaseURL.options(in: "host=h prepared_statements=false dbname=d")
        #expect(options == DatabaseURL.Options(libpqURL: "host=h dbname=d", preparedStatements: false))
    }

    @Test func aStringWithoutTheOptionIsLeftAlone() throws {
        for url in ["postgres://u:p@h/db", "postgres://u:p@h/db?sslmode=disable", "host=h dbname=d"] {
            #expect(try DatabaseURL.options(in: url) == DatabaseURL.Options(libpqURL: url, preparedStatements: nil))
        }
    }

    @Test func anUnknownValueIsRefusedWithoutThePassword() {
        let error = #expect(throws: StoreError.self) {
            try DatabaseURL.options(in: "postgres://u:hunter2@h/db?prepared_statements=sometimes")
        }
        #expect(error?.sqlState == "22023")
        #expect(error?.message.contains("prepared_statements") == true)
        #expect(error?.message.contains("hunter2") == false)
    }

    @Test func thePasswordIsStillFoundWithTheOption() {
        #expect(DatabaseURL.password(in: "postgres://u:hunter2@h/db?prepared_statements=off") == "hunter2")
        #expect(DatabaseURL.password(in: "host=h password=hunter2 prepared_statements=off") == "hunter2")
    }
}
