import Bus
import Store

/// Removes what a benchmark created: a schema, and queues with their retry and DLQ queues.
enum Cleanup {
    static func drop(schema: String, queues: [String], _ options: BenchOptions) {
        if let connection = try? AMQPConnection(url: try AMQPURL(options.amqpURL), connectionName: "bench.cleanup") {
            for queue in queues {
                for name in [queue, queue + ".retry.1", queue + ".retry.2", queue + ".retry.3", queue + ".dlq"] {
                    _ = try? connection.deleteQueue(name)
                }
            }
            connection.close()
        }
        if let db = try? PGConnection(url: options.databaseURL, applicationName: "bench.cleanup") {
            _ = try? db.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
        }
    }
}
