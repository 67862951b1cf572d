import Dispatch
public import Store
import Synchronization

/// A gauge whose value is read from the service's own tables, so it survives restarts and
/// is the same in every replica (e-mails parked, the next authorization to expire).
public struct DatabaseGauge: Sendable {
    /// The Prometheus name, e.g. `connectbus_emails_parked`.
    public let name: String
    /// The `# HELP` text.
    public let help: String
    /// Label names; the query returns one column per label (in this order) before the value.
    public let labels: [String]
    /// The query: one row per series, its last column a number (`NULL` counts as 0). With
    /// no labels it must return one row. Qualify tables with the service's schema.
    public let sql: String

    /// A gauge read by `sql`.
    public init(name: String, help: String, labels: [String] = [], sql: String) {
        self.name = name
        self.help = help
        self.labels = labels
        self.sql = sql
    }
}

/// Reads ``DatabaseGauge``s every `interval` on a dedicated thread with its own Postgres
/// connection and sets them in the registry served at `/metrics`.
///
/// A failed read (the schema not migrated yet, the database down) is logged at most once
/// per outage and retried at the next interval, with a fresh connection; the gauges keep
/// their last values meanwhile. Gauges without labels start at 0.
///
/// A ``ServicePart``. Thread-safety: `Sendable`; ``start()`` and ``stop()`` from any thread.
public final class DatabaseGaugeSampler: ServicePart {
    /// Default time between two reads (a typical Prometheus scrape interval).
    public static let defaultInterval: Duration = .seconds(15)

    let databaseURL: String
    let applicationName: String
    let gauges: [(DatabaseGauge, Gauge)]
    let interval: Duration
    let log: Logger
    private let loop: BackgroundLoop

    /// A sampler of `gauges`, registered in `registry` at once.
    public init(
        databaseURL: String, applicationName: String, registry: MetricsRegistry,
        gauges: [DatabaseGauge], interval: Duration = DatabaseGaugeSampler.defaultInterval, log: Logger
    ) {
        self.databaseURL = databaseURL
        self.applicationName = applicationName
        self.interval = interval
        self.log = log
        loop = BackgroundLoop(name: applicationName, backoff: Backoff(initial: interval, cap: interval))
        self.gauges = gauges.map { gauge in
            let handle = registry.gauge(gauge.name, help: gauge.help, labels: gauge.labels)
            if gauge.labels.isEmpty { handle.set(0) }
            return (gauge, handle)
        }
    }

    /// The part's name (and its thread's): the application name, `<service>.gauges`.
    public var name: String { applicationName }

    /// Starts the thread (once); it reads the gauges at once, then every interval.
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    public func start() throws {
        try loop.start(part: name) { [self] in SampleTask(sampler: self) }
    }

    /// Asks the thread to end; does not wait (``join(timeout:)``).
    public func stop() { loop.stop() }

    /// Waits up to `timeout` for the thread to end (at most one database round trip).
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    /// Reads every gauge once on `db` and sets it.
    /// - Throws: `StoreError` from the queries (no gauge after the failing one is set).
    public func sample(on db: PGConnection) throws {
        for (gauge, handle) in gauges {
            let result = try db.execute(gauge.sql)
            for row in result.rows {
                var labelValues: [String] = []
                for name in gauge.labels { labelValues.append(try row.optionalString(name) ?? "") }
                let valueColumn = result.columnNames.last ?? ""
                let value = try row.optionalDouble(valueColumn) ?? 0
                handle.set(value, labelValues)
            }
        }
    }

    /// The sampler's thread: a connection opened when needed, the gauges read at once and
    /// then every interval; a failure is logged once per outage, drops the connection and
    /// is retried about an interval later.
    private struct SampleTask: BackgroundTask {
        let sampler: DatabaseGaugeSampler
        var db: PGConnection?
        var failing = false

        mutating func connect() throws {
            if db == nil { db = try PGConnection(url: sampler.databaseURL, applicationName: sampler.applicationName) }
        }

        mutating func step() throws -> BackgroundLoop.Next {
            guard let db else { return .again }
            try sampler.sample(on: db)
            if failing { sampler.log.info("database gauges read again") }
            failing = false
            return .idle(sampler.interval)
        }

        mutating func failed(_ error: any Error, retryIn: Duration) {
            if !failing {
                sampler.log.warning("could not read the database gauges; retrying", ["error": String(describing: error)])
            }
            failing = true
            db = nil
        }
    }
}

extension ServiceHost {
    /// Adds a part that reads `gauges` from the service's database every `interval` on a
    /// thread of its own (see ``DatabaseGaugeSampler``), started and stopped with the host's
    /// other parts. Call from the service's host function, before ``start()``.
    @discardableResult
    public func sampleDatabaseGauges(
        _ gauges: [DatabaseGauge],
        every interval: Duration = DatabaseGaugeSampler.defaultInterval
    ) -> DatabaseGaugeSampler {
        let sampler = DatabaseGaugeSampler(
            databaseURL: config.databaseURL, applicationName: "\(name).gauges",
            registry: metrics.registry, gauges: gauges, interval: interval, log: log)
        add(sampler)
        return sampler
    }
}
