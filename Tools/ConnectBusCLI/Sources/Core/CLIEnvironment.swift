public import Bus

/// Where the CLI finds the servers, read once from the same environment variables the
/// services use, with the local development servers as defaults.
///
/// - `AMQP_URL` (default `amqp://connectbus:connectbus@127.0.0.1:$CONNECTBUS_AMQP_PORT/`, port 5672)
/// - `DATABASE_URL` (default the local admin role on `$CONNECTBUS_PG_PORT`, 5432); with
///   `prepared_statements=off` when it points at a transaction-mode pooler
/// - `DATABASE_DIRECT_URL` (default `DATABASE_URL`): a direct URL for `migrate`
/// - `CONNECTBUS_MANAGEMENT_URL` (default `http://connectbus:connectbus@127.0.0.1:$CONNECTBUS_MANAGEMENT_PORT`, 15672)
/// - `CONNECTBUS_SERVICE_URLS`: `name=http://host:port,…` for `status` (default the demo's
///   ports: onboarding 8081, payments 8082, terminal-gateway 8083, notifications 8084,
///   shifted by `DEMO_HTTP_PORT_BASE`).
/// - `STRIPE_API_BASE`: stripe-sim's base URL for `sim` (default `http://127.0.0.1:$STRIPE_SIM_PORT`, 12111);
///   for `stripe setup` Stripe's (default `https://api.stripe.com`, as the services).
/// - `STRIPE_API_KEY`, `STRIPE_API_VERSION`: the key and pinned version for `stripe setup`,
///   the services' variables.
/// - `STRIPE_API_KEY` also reads stripe-sim's `/v1/events` for `sim events` (default
///   `sk_test_connectbus_cli`; the simulator takes any `sk_test_…` key).
/// A plain value; thread-safe.
public struct CLIEnvironment: Sendable {
    /// The AMQP URL text.
    public var amqpURL: String
    /// The Postgres URL (libpq connection URI).
    public var databaseURL: String
    /// `DATABASE_DIRECT_URL`, else ``databaseURL``: where `migrate` connects (migrations
    /// need a session of their own, not a transaction-mode pooler).
    public var sessionDatabaseURL: String
    /// The RabbitMQ management API base URL, possibly with `user:password@`.
    public var managementURL: String
    /// Each service's name and HTTP base URL, in display order.
    public var serviceURLs: [(name: String, url: String)]
    /// stripe-sim's base URL (its control plane is under `/sim/`).
    public var stripeAPIBase: String
    /// `STRIPE_API_BASE` else `https://api.stripe.com`: where `stripe setup` calls Stripe.
    public var stripeServiceAPIBase: String
    /// `STRIPE_API_KEY`, when set and not empty.
    public var stripeAPIKey: String?
    /// `STRIPE_API_VERSION`, when set and not empty (else the client's pin).
    public var stripeAPIVersion: String?
    /// The secret key `sim events` reads stripe-sim's `/v1` API with: `STRIPE_API_KEY`, else
    /// `sk_test_connectbus_cli`.
    public var simAPIKey: String { stripeAPIKey ?? "sk_test_connectbus_cli" }

    /// Reads the variables from `env` (usually `ProcessInfo.processInfo.environment`).
    public init(_ env: [String: String]) {
        let amqpPort = env["CONNECTBUS_AMQP_PORT"] ?? "5672"
        let pgPort = env["CONNECTBUS_PG_PORT"] ?? "5432"
        let managementPort = env["CONNECTBUS_MANAGEMENT_PORT"] ?? "15672"
        amqpURL = env["AMQP_URL"] ?? "amqp://connectbus:connectbus@127.0.0.1:\(amqpPort)/"
        databaseURL =
            env["DATABASE_URL"]
            ?? "postgres://connectbus_admin:connectbus_admin@127.0.0.1:\(pgPort)/connectbus"
        sessionDatabaseURL = env["DATABASE_DIRECT_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? databaseURL
        managementURL = env["CONNECTBUS_MANAGEMENT_URL"] ?? "http://connectbus:connectbus@127.0.0.1:\(managementPort)"
        stripeAPIBase = env["STRIPE_API_BASE"] ?? "http://127.0.0.1:\(env["STRIPE_SIM_PORT"] ?? "12111")"
        stripeServiceAPIBase = env["STRIPE_API_BASE"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://api.stripe.com"
        stripeAPIKey = env["STRIPE_API_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        stripeAPIVersion = env["STRIPE_API_VERSION"].flatMap { $0.isEmpty ? nil : $0 }
        if let list = env["CONNECTBUS_SERVICE_URLS"], !list.isEmpty {
            serviceURLs = list.split(separator: ",").compactMap { item in
                guard let equals = item.firstIndex(of: "=") else { return nil }
                return (String(item[..<equals]), String(item[item.index(after: equals)...]))
            }
        } else {
            let base = Int(env["DEMO_HTTP_PORT_BASE"] ?? "") ?? 8080
            serviceURLs = ["onboarding", "payments", "terminal-gateway", "notifications"].enumerated().map {
                ($0.element, "http://127.0.0.1:\(base + $0.offset + 1)")
            }
        }
    }

    /// The parsed AMQP URL.
    /// - Throws: ``CLIError`` naming `AMQP_URL` when it does not parse.
    public func parsedAMQPURL() throws(CLIError) -> AMQPURL {
        do {
            return try AMQPURL(amqpURL)
        } catch {
            throw CLIError(
                "AMQP_URL is not a valid AMQP URL: \(error.message)",
                hint: "set AMQP_URL=amqp://user:password@host:5672/ (or unset it for the local broker)")
        }
    }

    /// Opens an AMQP connection named `connectbus.<purpose>`.
    /// - Throws: ``CLIError`` saying how to start the broker when it cannot connect.
    public func connect(_ purpose: String) throws(CLIError) -> AMQPConnection {
        let url = try parsedAMQPURL()
        do {
            return try AMQPConnection(url: url, connectionName: "connectbus.\(purpose)")
        } catch {
            throw CLIError(
                "cannot connect to RabbitMQ at \(url): \(error)",
                hint: "start it with `make up` (scripts/infra-up.sh) or set AMQP_URL")
        }
    }
}
