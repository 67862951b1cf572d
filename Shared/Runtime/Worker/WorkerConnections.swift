import Bus
import Store

/// The connections one worker thread owns: an AMQP connection that consumes and acks
/// its queue, an AMQP connection in confirm mode for publishing, and a Postgres
/// connection. Each is (re)opened on demand; ``close()`` drops them all.
///
/// Thread-safety: not `Sendable`; created and used on its worker's thread only.
final class WorkerConnections {
    let amqpURL: AMQPURL
    let databaseURL: String
    let name: String
    let heartbeatSeconds: Int
    /// Queue to consume and prefetch, or `nil` for a publish-only owner (the relay).
    let consume: (queue: String, prefetch: UInt16)?
    private var consumeConnection: AMQPConnection?
    private var publishConnection: AMQPConnection?
    private var db: PGConnection?

    init(
        amqpURL: AMQPURL, databaseURL: String, name: String, heartbeatSeconds: Int,
        consume: (queue: String, prefetch: UInt16)?
    ) {
        self.amqpURL = amqpURL
        self.databaseURL = databaseURL
        self.name = name
        self.heartbeatSeconds = heartbeatSeconds
        self.consume = consume
    }

    /// Whether every connection this owner needs is open.
    var isConnected: Bool {
        (consume == nil || consumeConnection?.isUsable == true) && publishConnection?.isUsable == true
            && db?.isHealthy == true
    }

    /// Opens whatever is missing or broken.
    /// - Throws: `BusError`, `StoreError`.
    func connect() throws {
        _ = try database()
        _ = try publisher()
        if consume != nil { _ = try consumer() }
    }

    /// The consuming connection, consuming the queue.
    func consumer() throws -> AMQPConnection {
        if let consumeConnection, consumeConnection.isUsable { return consumeConnection }
        consumeConnection?.close()
        consumeConnection = nil
        guard let consume else {
            throw BusError(code: BusError.Code.closed, message: "\(name) does not consume")
        }
        let connection = try AMQPConnection(
            url: amqpURL, connectionName: ReplicaIdentity.connectionName(name + ".consume"),
            heartbeatSeconds: heartbeatSeconds)
        try connection.startConsuming(queue: consume.queue, prefetch: consume.prefetch)
        consumeConnection = connection
        return connection
    }

    /// The publishing connection, in confirm mode.
    func publisher() throws -> AMQPConnection {
        if let publishConnection, publishConnection.isUsable { return publishConnection }
        publishConnection?.close()
        publishConnection = nil
        let connection = try AMQPConnection(
            url: amqpURL, connectionName: ReplicaIdentity.connectionName(name + ".publish"),
            heartbeatSeconds: heartbeatSeconds)
        try connection.enableConfirms()
        publishConnection = connection
        return connection
    }

    /// The database connection.
    func database() throws(StoreError) -> PGConnection {
        if let db, db.isHealthy { return db }
        db = nil
        let connection = try PGConnection(url: databaseURL, applicationName: name)
        db = connection
        return connection
    }

    /// Sends heartbeats on both AMQP connections when due (Stripe waits, idle loops).
    func heartbeat() {
        consumeConnection?.sendHeartbeatIfDue()
        publishConnection?.sendHeartbeatIfDue()
    }

    /// Cancels the consumer so the broker sends nothing more (deliveries already received
    /// stay unacked until processed or until the connection closes).
    func stopConsuming() {
        guard let consumeConnection, consumeConnection.isUsable else { return }
        try? consumeConnection.cancelConsumers()
    }

    /// Closes the AMQP connections only (a broker failure), keeping a healthy database
    /// connection and the statements prepared on it.
    func closeBus() {
        consumeConnection?.close()
        publishConnection?.close()
        consumeConnection = nil
        publishConnection = nil
    }

    /// Closes everything (unacked deliveries return to the queue).
    func close() {
        consumeConnection?.close()
        publishConnection?.close()
        consumeConnection = nil
        publishConnection = nil
        db = nil
    }
}
