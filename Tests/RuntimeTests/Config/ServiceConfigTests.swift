import HTTPServer
import Foundation
import Testing
@testable import Runtime

@Suite("ServiceConfig from the environment")
struct ServiceConfigTests {
    let base = ["AMQP_URL": "amqp://u:p@127.0.0.1:5672/", "DATABASE_URL": "postgres://u:p@127.0.0.1/db"]

    /// Expects each of `values` for `variable` to be refused, naming that variable alone.
    private func expectRefused(_ variable: String, _ values: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for value in values {
            do {
                _ = try load(base.merging([variable: value]) { $1 })
                Issue.record("expected a ConfigError for \(variable)=\(value)", sourceLocation: sourceLocation)
            } catch {
                #expect(error.problems.map(\.variable) == [variable], sourceLocation: sourceLocation)
            }
        }
    }

    private func load(
        _ env: [String: String], arguments: [String] = [], requireStripeKey: Bool = false,
        files: [String: String] = [:]
    ) throws(ConfigError) -> ServiceConfig {
        try ServiceConfig.fromEnvironment(
            service: "payments", env, arguments: arguments,
            requireStripeKey: requireStripeKey, defaultHTTPPort: 8082,
            readFile: { files[$0] })
    }

    @Test func defaultsApplyWhenOnlyRequiredVariablesAreSet() throws {
        let config = try load(base)
        #expect(config.workers == 2)
        #expect(config.prefetch == 50)
        #expect(config.httpPort == 8082)
        #expect(config.httpLoopbackOnly)
        #expect(config.retryDelays == [.seconds(1), .seconds(10), .seconds(60)])
        #expect(config.stripeAPIBase == "https://api.stripe.com")
        #expect(config.queues == nil)
        #expect(config.stripeRequestsPerSecond == 20)
        #expect(config.httpThreading == nil)
    }

    @Test func batchSizeAndStripeBoundPrefetchComeFromTheEnvironment() throws {
        let defaults = try load(base)
        #expect(defaults.batchSize == nil)
        #expect(defaults.stripeBoundPrefetch == 1)
        let set = try load(base.merging(["PREFETCH": "100", "BATCH_SIZE": "50", "STRIPE_BOUND_PREFETCH": "10"]) { $1 })
        #expect(set.prefetch == 100)
        #expect(set.batchSize == 50)
        #expect(set.stripeBoundPrefetch == 10)
        #expect(throws: ConfigError.self) { try load(base.merging(["BATCH_SIZE": "0"]) { $1 }) }
        #expect(throws: ConfigError.self) { try load(base.merging(["STRIPE_BOUND_PREFETCH": "x"]) { $1 }) }
    }

    @Test func httpThreadsComeFromTheEnvironmentOrTheRuntimeDefault() throws {
        #expect(try load(base.merging(["HTTP_THREADS": "8"]) { $1 }).httpThreading == .pool(8))
        #expect(try load(base.merging(["HTTP_THREADS": "per-connection"]) { $1 }).httpThreading == .perConnection)
        #expect(ServiceHost.defaultHTTPThreading(serviceEndpoints: false) == .pool(1))
        #expect(ServiceHost.defaultHTTPThreading(serviceEndpoints: true) == .pool(2))
        #expect(try load(base).relayBatchSize == 500)
        #expect(try load(base.merging(["OUTBOX_RELAY_BATCH": "100"]) { $1 }).relayBatchSize == 100)
        do {
            _ = try load(base.merging(["HTTP_THREADS": "0"]) { $1 })
            Issue.record("expected a ConfigError")
        } catch {
            #expect(error.problems.map(\.variable) == ["HTTP_THREADS"])
        }
    }

    /// A worker owns the rows it wrote until the relay's grace period ends (docs/DESIGN.md §5
    /// "One publisher per row"): no grace would hand them to the relay while the worker
    /// still publishes them.
    @Test func theRelayAlwaysHasAGracePeriod() throws {
        #expect(try load(base).relayGrace == .seconds(2))
        #expect(try load(base.merging(["OUTBOX_RELAY_GRACE_MS": "100"]) { $1 }).relayGrace == .milliseconds(100))
        expectRefused("OUTBOX_RELAY_GRACE_MS", ["0", "99"])
    }

    @Test func theRelaysLingerComesFromTheEnvironment() throws {
        #expect(try load(base).relayLinger == ServiceConfig.defaultRelayLinger)
        #expect(try load(base.merging(["OUTBOX_RELAY_LINGER_MS": "0"]) { $1 }).relayLinger == .zero)
        #expect(try load(base.merging(["OUTBOX_RELAY_LINGER_MS": "25"]) { $1 }).relayLinger == .milliseconds(25))
        expectRefused("OUTBOX_RELAY_LINGER_MS", ["-1", "1001", "soon"])
    }

    @Test func theRedeliveryLimitComesFromTheEnvironment() throws {
        #expect(try load(base).redeliveryLimit == RedeliveryPolicy.defaultRedeliveryLimit)
        #expect(try load(base.merging(["REDELIVERY_LIMIT": "5"]) { $1 }).redeliveryLimit == 5)
        expectRefused("REDELIVERY_LIMIT", ["0", "1001", "often"])
    }

    @Test(arguments: ["MESSAGE_LOG_RETENTION", "INBOX_RETENTION"])
    func aRetentionIsADurationOrOff(variable: String) throws {
        func retention(_ config: ServiceConfig) -> Duration? {
            variable == "INBOX_RETENTION" ? config.inboxRetention : config.messageLogRetention
        }
        #expect(retention(try load(base)) == .seconds(7 * 86_400))
        for (text, expected) in [
            ("30d", Duration.seconds(30 * 86_400)), ("12h", .seconds(43_200)), ("90m", .seconds(5400)), ("45s", .seconds(45)),
            (" 2D ", .seconds(2 * 86_400)), ("3650d", .seconds(3650 * 86_400)),
        ] {
            #expect(retention(try load(base.merging([variable: text]) { $1 })) == expected, "\(text)")
        }
        for off in ["0", "off", "OFF"] {
            #expect(retention(try load(base.merging([variable: off]) { $1 })) == nil, "\(off)")
        }
        for bad in ["7", "7 days", "-1d", "0d", "1w", "d", "3651d", "1.5h"] {
            do {
                _ = try load(base.merging([variable: bad]) { $1 })
                Issue.record("\(bad) accepted")
            } catch {
                #expect(error.problems.map(\.variable) == [variable], "\(bad)")
            }
        }
    }

    @Test func everyProblemIsReportedWithItsVariableName() {
        let env = [
            "WORKERS": "zero", "PREFETCH": "0", "HTTP_PORT": "70000", "LOG_LEVEL": "loud",
            "RETRY_DELAYS_MS": "100,abc", "STRIPE_API_BASE": "ftp://x",
        ]
        do {
            _ = try load(env, arguments: ["--workers", "x", "--bogus"], requireStripeKey: true)
            Issue.record("expected a ConfigError")
        } catch {
            let names = Set(error.problems.map(\.variable))
            #expect(
                names == [
                    "AMQP_URL", "DATABASE_URL", "STRIPE_API_KEY", "WORKERS", "PREFETCH", "HTTP_PORT",
                    "LOG_LEVEL", "RETRY_DELAYS_MS", "STRIPE_API_BASE", "--workers", "--bogus",
                ])
            #expect(error.description.contains("AMQP_URL is required"))
        }
    }

    @Test func malformedURLsAreNamed() {
        #expect(
            throws: ConfigError(problems: [
                .init(variable: "AMQP_URL", message: "must be an amqp:// or amqps:// URL"),
                .init(variable: "DATABASE_URL", message: "must be a postgres:// or postgresql:// URL"),
            ])
        ) {
            try load(["AMQP_URL": "http://x", "DATABASE_URL": "mysql://x"])
        }
    }

    @Test func fileVariantsSupplySecrets() throws {
        var env = base
        env["STRIPE_API_KEY_FILE"] = "/run/secrets/stripe"
        env["STRIPE_WEBHOOK_SECRETS_FILE"] = "/run/secrets/whsec"
        let config = try load(
            env, requireStripeKey: true,
            files: [
                "/run/secrets/stripe": "sk_test_123",
                "/run/secrets/whsec": "whsec_new, whsec_old",
            ])
        #expect(config.stripeAPIKey == "sk_test_123")
        #expect(config.webhookSecrets == ["whsec_new", "whsec_old"])
    }

    @Test func unreadableFileAndDoubleDefinitionAreReported() {
        var env = base
        env["STRIPE_API_KEY_FILE"] = "/missing"
        env["DATABASE_URL_FILE"] = "/also"
        do {
            _ = try load(env)
            Issue.record("expected a ConfigError")
        } catch {
            #expect(error.problems.map(\.variable).sorted() == ["DATABASE_URL", "STRIPE_API_KEY_FILE"])
        }
    }

    @Test func readsFileContentWithoutTrailingNewline() throws {
        let path = "/tmp/" + IntegrationName.make("secret")
        try "sk_test_abc\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var env = base
        env["STRIPE_API_KEY_FILE"] = path
        let config = try ServiceConfig.fromEnvironment(service: "payments", env)
        #expect(config.stripeAPIKey == "sk_test_abc")
    }

    @Test func commandLineSelectsQueuesAndWorkers() throws {
        var env = base
        env["WORKERS"] = "3"
        env["RETRY_DELAYS_MS"] = "100,200"
        let config = try load(env, arguments: ["--queues=payments.a,payments.b", "--workers", "8"])
        #expect(config.queues == ["payments.a", "payments.b"])
        #expect(config.workers == 8)
        #expect(config.retryDelays == [.milliseconds(100), .milliseconds(200)])
    }
}
