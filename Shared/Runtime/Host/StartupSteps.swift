import Bus
import Store

/// Start-up work that needs the servers: migrate the schema (runtime tables plus the
/// service's migrations, under the migrator's advisory lock), then — after the host started
/// the parts that need no broker — declare the exchanges and every route's queues.
/// Connection failures are retried with capped backoff until the host is stopped; other
/// failures are thrown.
struct StartupSteps {
    let host: ServiceHost
    let amqpURL: AMQPURL

    /// Applies the runtime's and the service's migrations (retried while Postgres is
    /// unreachable; returns early when the host is stopped).
    /// - Throws: `StoreError` for a failed migration.
    func migrate() throws {
        try retrying("migrate") {
            let db = try PGConnection(url: host.config.sessionDatabaseURL, applicationName: "\(host.name).migrate")
            let applied = try Migrator(schema: host.schema, migrations: host.migrations).migrate(db)
            if !applied.isEmpty {
                host.log.info(
                    "migrated",
                    [
                        "schema": host.schema,
                        "applied": applied.map { String($0.version) }
                            .joined(separator: ","),
                    ])
            }
        }
    }

    /// Declares the exchanges and every route's queues (retried while the broker is
    /// unreachable; returns early when the host is stopped).
    /// - Throws: `BusError` for a refused declaration (e.g. a queue declared with other arguments).
    /// While it waits for the broker it samples the outbox gauges (``OutboxGaugeSampler``):
    /// the relay, which keeps them otherwise, starts only after the topology.
    func declareTopology(routes: [Route]) throws {
        var gauges = OutboxGaugeSampler(host: host)
        defer { gauges.close() }
        try retrying("declare topology", whileWaiting: { gauges.sample() }) {
            let topology = routes.reduce(Topology.exchanges) {
                $0.merged(with: $1.topology(retryDelays: host.config.retryDelays))
            }
            let connection = try AMQPConnection(
                url: amqpURL, connectionName: ReplicaIdentity.connectionName("\(host.name).declare"),
                heartbeatSeconds: host.config.heartbeatSeconds)
            defer { connection.close() }
            try connection.declare(topology)
        }
    }

    /// Runs `step` until it succeeds, retrying connection failures with backoff;
    /// `whileWaiting` runs before each wait.
    private func retrying(_ what: String, whileWaiting: () -> Void = {}, _ step: () throws -> Void) throws {
        var backoff = Backoff(initial: .milliseconds(200), cap: .seconds(5))
        while !host.workerStop.isStopped {
            do {
                try step()
                return
            } catch let error as StoreError where error.code == StoreError.Code.connectionFailed {
                whileWaiting()
                wait(what, error, &backoff)
            } catch let error as BusError where error.code == BusError.Code.connectionFailed || error.isConnectionLost {
                whileWaiting()
                wait(what, error, &backoff)
            }
        }
    }

    private func wait(_ what: String, _ error: any Error, _ backoff: inout Backoff) {
        let delay = backoff.next()
        host.log.warning(
            "\(what): server unavailable; retrying",
            ["error": String(describing: error), "retry_in_ms": String(Int(delay.seconds * 1000))])
        host.workerStop.wait(delay)
    }
}

/// Keeps `connectbus_outbox_pending` and `connectbus_outbox_lag_seconds` current while the
/// host waits for the broker at start-up (rows committed before the restart, or by the parts
/// that need no broker, such as the webhook ingress): one Postgres connection, opened on the
/// first sample and again after a failure; a failed sample leaves the gauges as they were.
/// Not `Sendable`: the start-up thread's.
struct OutboxGaugeSampler {
    let host: ServiceHost
    private var db: PGConnection?

    init(host: ServiceHost) { self.host = host }

    /// Reads the outbox's backlog and sets the gauges.
    mutating func sample() {
        do {
            let connection: PGConnection
            if let db, db.isHealthy {
                connection = db
            } else {
                connection = try PGConnection(url: host.config.databaseURL, applicationName: "\(host.name).outbox-gauges")
                db = connection
            }
            host.metrics.recordOutboxLag(try OutboxDrain(schema: host.schema).lag(on: connection))
        } catch {
            db = nil
        }
    }

    /// Drops the connection.
    mutating func close() { db = nil }
}
