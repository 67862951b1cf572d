import Testing
@testable import Runtime

/// `DATABASE_URL` through a transaction-mode pooler (`prepared_statements=off`) and the
/// direct URL (`DATABASE_DIRECT_URL`) that migrations and session locks need then.
@Suite("ServiceConfig behind a transaction-mode pooler")
struct ServiceConfigPoolerTests {
    let amqp = ["AMQP_URL": "amqp://u:p@127.0.0.1:5672/"]
    let pooled = "postgres://u:p@127.0.0.1:6432/db?prepared_statements=off"
    let direct = "postgres://u:p@127.0.0.1:5432/db"

    private func load(_ env: [String: String]) throws(ConfigError) -> ServiceConfig {
        try ServiceConfig.fromEnvironment(
            service: "payments", amqp.merging(env) { $1 }, arguments: [], requireStripeKey: false,
            defaultHTTPPort: 8082, readFile: { _ in nil })
    }

    @Test func withoutADirectURLSessionWorkUsesDatabaseURL() throws {
        let config = try load(["DATABASE_URL": direct])
        #expect(config.directDatabaseURL == nil)
        #expect(config.sessionDatabaseURL == direct)
    }

    @Test func aPooledURLTakesTheDirectOneForSessionWork() throws {
        let config = try load(["DATABASE_URL": pooled, "DATABASE_DIRECT_URL": direct])
        #expect(config.databaseURL == pooled)
        #expect(config.sessionDatabaseURL == direct)
    }

    @Test func aPooledURLWithoutADirectOneIsRefused() {
        #expect {
            try load(["DATABASE_URL": pooled])
        } throws: { error in
            (error as? ConfigError)?.problems.map(\.variable) == ["DATABASE_DIRECT_URL"]
        }
    }

    @Test func theDirectURLMustNotBePooledNorMalformed() {
        for bad in [pooled, "mysql://x"] {
            #expect {
                try load(["DATABASE_URL": pooled, "DATABASE_DIRECT_URL": bad])
            } throws: { error in
                (error as? ConfigError)?.problems.map(\.variable) == ["DATABASE_DIRECT_URL"]
            }
        }
    }

    @Test func anUnknownPreparedStatementsValueIsNamed() {
        #expect {
            try load(["DATABASE_URL": "postgres://u:p@h/db?prepared_statements=maybe"])
        } throws: { error in
            (error as? ConfigError)?.problems.map(\.variable) == ["DATABASE_URL"]
        }
    }
}
