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
    func declareTopology(routes: [Route]) throws {
        try retrying("declare topology") {
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

    /// Runs `step` until it succeeds, retrying connection failures with backoff.
    private func retrying(_ what: String, _ step: () throws -> Void) throws {
        var backoff = Backoff(initial: .milliseconds(200), cap: .seconds(5))
        while !host.workerStop.isStopped {
            do {
                try step()
                return
            } catch let error as StoreError where error.code == StoreError.Code.connectionFailed {
                wait(what, error, &backoff)
            } catch let error as BusError where error.code == BusError.Code.connectionFailed || error.isConnectionLost {
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
