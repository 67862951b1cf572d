import HTTPServer
import Store
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ServiceConfig {
    /// Reads the configuration of `service` from `env` and command-line `arguments`.
    ///
    /// - Parameters:
    ///   - service: the service name (`payments`, …).
    ///   - env: usually `ProcessInfo.processInfo.environment`.
    ///   - arguments: command-line arguments without the program name (`--queues`, `--workers`).
    ///   - requireStripeKey: report a missing `STRIPE_API_KEY` as a problem.
    ///   - defaultHTTPPort: used when `HTTP_PORT` is unset.
    /// - Throws: ``ConfigError`` listing every missing or malformed variable by name.
    public static func fromEnvironment(
        service: String, _ env: [String: String], arguments: [String] = [],
        requireStripeKey: Bool = false,
        defaultHTTPPort: UInt16 = 8080
    ) throws(ConfigError) -> ServiceConfig {
        try fromEnvironment(
            service: service, env, arguments: arguments, requireStripeKey: requireStripeKey,
            defaultHTTPPort: defaultHTTPPort, readFile: EnvironmentReader.readFileContent)
    }

    /// Reads the configuration of `service` and, with the same reader, the service's own
    /// settings, so every problem of both is reported at once.
    ///
    /// ```swift
    /// let (config, settings) = try ServiceConfig.fromEnvironment(
    ///     service: "payments", environment, arguments: arguments, requireStripeKey: true,
    ///     settings: PaymentsSettings.init(reading:))
    /// ```
    /// - Parameter settings: reads the service's variables from the reader, reporting each
    ///   problem on it (``EnvironmentReader/report(_:_:)``) and returning its defaults for them.
    /// - Throws: ``ConfigError`` listing every missing or malformed variable of both by name.
    public static func fromEnvironment<Settings>(
        service: String, _ env: [String: String], arguments: [String] = [], requireStripeKey: Bool = false,
        defaultHTTPPort: UInt16 = 8080, settings: (inout EnvironmentReader) -> Settings
    ) throws(ConfigError) -> (config: ServiceConfig, settings: Settings) {
        try fromEnvironment(
            service: service, env, arguments: arguments, requireStripeKey: requireStripeKey,
            defaultHTTPPort: defaultHTTPPort, readFile: EnvironmentReader.readFileContent,
            settings: settings)
    }

    static func fromEnvironment(
        service: String, _ env: [String: String], arguments: [String],
        requireStripeKey: Bool, defaultHTTPPort: UInt16,
        readFile: @escaping (String) -> String?
    ) throws(ConfigError) -> ServiceConfig {
        try fromEnvironment(
            service: service, env, arguments: arguments, requireStripeKey: requireStripeKey,
            defaultHTTPPort: defaultHTTPPort, readFile: readFile, settings: { _ in () }
        ).config
    }

    static func fromEnvironment<Settings>(
        service: String, _ env: [String: String], arguments: [String], requireStripeKey: Bool,
        defaultHTTPPort: UInt16, readFile: @escaping (String) -> String?,
        settings readSettings: (inout EnvironmentReader) -> Settings
    ) throws(ConfigError) -> (config: ServiceConfig, settings: Settings) {
        var reader = EnvironmentReader(env, readFile: readFile)
        let amqp = reader.required("AMQP_URL")
        if !amqp.isEmpty, !(amqp.hasPrefix("amqp://") || amqp.hasPrefix("amqps://")) {
            reader.report("AMQP_URL", "must be an amqp:// or amqps:// URL")
        }
        let database = reader.required("DATABASE_URL")
        if !database.isEmpty, !(database.hasPrefix("postgres://") || database.hasPrefix("postgresql://")) {
            reader.report("DATABASE_URL", "must be a postgres:// or postgresql:// URL")
        }
        var pooled = false
        do { pooled = try DatabaseURL.options(in: database).preparedStatements == false } catch {
            reader.report("DATABASE_URL", error.message)
        }
        let direct = reader.string("DATABASE_DIRECT_URL").flatMap { $0.isEmpty ? nil : $0 }
        if let direct {
            if !(direct.hasPrefix("postgres://") || direct.hasPrefix("postgresql://")) {
                reader.report("DATABASE_DIRECT_URL", "must be a postgres:// or postgresql:// URL")
            } else if (try? DatabaseURL.options(in: direct))?.preparedStatements == false {
                reader.report("DATABASE_DIRECT_URL", "must reach Postgres directly (without prepared_statements=off)")
            }
        } else if pooled {
            reader.report(
                "DATABASE_DIRECT_URL",
                "is required when DATABASE_URL says prepared_statements=off (a transaction-mode pooler): migrations and the backfill lock need a direct Postgres URL"
            )
        }
        let stripeKey = requireStripeKey ? reader.required("STRIPE_API_KEY") : reader.string("STRIPE_API_KEY")
        if let stripeKey, !stripeKey.isEmpty, !(stripeKey.hasPrefix("sk_") || stripeKey.hasPrefix("rk_")) {
            reader.report("STRIPE_API_KEY", "must be a secret (sk_…) or restricted (rk_…) key")
        }
        let apiBase = reader.string("STRIPE_API_BASE") ?? "https://api.stripe.com"
        if URL(string: apiBase)?.scheme.map({ $0 == "http" || $0 == "https" }) != true {
            reader.report("STRIPE_API_BASE", "must be an http:// or https:// URL")
        }
        let connectBase = reader.string("STRIPE_CONNECT_BASE").flatMap { $0.isEmpty ? nil : $0 } ?? ServiceConfig.defaultStripeConnectBase
        if URL(string: connectBase)?.scheme.map({ $0 == "http" || $0 == "https" }) != true {
            reader.report("STRIPE_CONNECT_BASE", "must be an http:// or https:// URL")
        }
        let apiVersion = reader.string("STRIPE_API_VERSION")
        let secrets = reader.list("STRIPE_WEBHOOK_SECRETS")
        let rate = reader.double("STRIPE_RATE_LIMIT", default: 20, in: 0.1...10_000)
        var budget: StripeRateBudget?
        if let text = reader.string("STRIPE_RATE_LIMITS"), !text.isEmpty {
            do { budget = try StripeRateBudget.parse(text) } catch { reader.report("STRIPE_RATE_LIMITS", error.message) }
        }
        let limitTimeout = reader.int("STRIPE_RATE_LIMIT_TIMEOUT_MS", default: 100, in: 1...5000)
        var workers = reader.int("WORKERS", default: 2, in: 1...256)
        let prefetch = reader.int("PREFETCH", default: 50, in: 1...1000)
        let batchSize = reader.string("BATCH_SIZE").map { _ in reader.int("BATCH_SIZE", default: prefetch, in: 1...1000) }
        let stripeBoundPrefetch = reader.int("STRIPE_BOUND_PREFETCH", default: 1, in: 1...100)
        let port = reader.int("HTTP_PORT", default: Int(defaultHTTPPort), in: 0...65535)
        var httpThreading: HTTPThreading?
        if let threads = reader.string("HTTP_THREADS") {
            httpThreading =
                threads == "per-connection"
                ? .perConnection
                : .pool(reader.int("HTTP_THREADS", default: 1, in: 1...64))
        }
        let bind = reader.string("HTTP_BIND") ?? "loopback"
        if bind != "loopback" && bind != "all" { reader.report("HTTP_BIND", "must be loopback or all") }
        let delays = retryDelays(&reader)
        let redeliveryLimit = reader.int(
            "REDELIVERY_LIMIT", default: RedeliveryPolicy.defaultRedeliveryLimit, in: 1...1000)
        let grace = reader.int("OUTBOX_RELAY_GRACE_MS", default: 2000, in: 100...3_600_000)
        let relayBatch = reader.int("OUTBOX_RELAY_BATCH", default: 500, in: 1...10_000)
        let relayLinger = reader.int(
            "OUTBOX_RELAY_LINGER_MS", default: Int(ServiceConfig.defaultRelayLinger.seconds * 1000), in: 0...1000)
        let retention = reader.duration(
            "MESSAGE_LOG_RETENTION", default: ServiceConfig.defaultMessageLogRetention, max: .seconds(3650 * 86_400))
        let inboxRetention = reader.duration(
            "INBOX_RETENTION", default: ServiceConfig.defaultInboxRetention, max: .seconds(3650 * 86_400))
        let heartbeat = reader.int("AMQP_HEARTBEAT", default: 30, in: 0...3600)
        let levelName = reader.string("LOG_LEVEL") ?? "info"
        let level = LogLevel(rawValue: levelName.lowercased())
        if level == nil { reader.report("LOG_LEVEL", "must be one of debug, info, warning, error") }

        let settings = readSettings(&reader)
        var problems = reader.problems
        var queues: [String]?
        do {
            let options = try CommandLineOptions.parse(arguments)
            queues = options.queues
            if let override = options.workers { workers = override }
        } catch {
            problems += error.problems
        }
        if !problems.isEmpty { throw ConfigError(problems: problems) }
        var config = ServiceConfig(
            service: service, amqpURL: amqp, databaseURL: database, stripeAPIKey: stripeKey,
            stripeAPIBase: apiBase, stripeAPIVersion: apiVersion, webhookSecrets: secrets,
            stripeRequestsPerSecond: rate, workers: workers, prefetch: prefetch, httpPort: UInt16(port),
            httpLoopbackOnly: bind == "loopback", httpThreading: httpThreading, queues: queues, retryDelays: delays,
            relayGrace: .milliseconds(grace), relayBatchSize: relayBatch, heartbeatSeconds: heartbeat, logLevel: level ?? .info)
        config.directDatabaseURL = direct
        config.relayLinger = .milliseconds(relayLinger)
        config.redeliveryLimit = redeliveryLimit
        config.stripeConnectBase = connectBase
        config.batchSize = batchSize
        config.stripeBoundPrefetch = stripeBoundPrefetch
        config.stripeRateBudget = budget
        config.stripeRateLimitTimeout = .milliseconds(limitTimeout)
        config.messageLogRetention = retention
        config.inboxRetention = inboxRetention
        return (config, settings)
    }

    private static func retryDelays(_ reader: inout EnvironmentReader) -> [Duration] {
        let defaults: [Duration] = [.seconds(1), .seconds(10), .seconds(60)]
        let items = reader.list("RETRY_DELAYS_MS")
        guard !items.isEmpty else { return defaults }
        let values = items.compactMap { Int($0) }.filter { $0 > 0 && $0 <= 86_400_000 }
        guard values.count == items.count, values.count <= 10 else {
            reader.report("RETRY_DELAYS_MS", "must be 1 to 10 comma-separated positive integers (milliseconds)")
            return defaults
        }
        return values.map { .milliseconds($0) }
    }
}
