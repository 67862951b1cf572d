public import Messages

/// A test bed around one service running in the test process (its host, a Stripe simulator,
/// an event monitor queue and a command channel with a reply queue of its own, on a unique
/// schema): starting waits until every queue of the service has a consumer; stopping shuts
/// the service down, then deletes the test's queues and schema.
///
/// A conforming bed provides the service's start and shutdown (``startService()``,
/// ``stopService()``: the host and the simulator) and gets ``start()``, ``stop()`` and
/// ``send(_:)``. Thread-safety: `Sendable` (as ``StartableTestBed``).
public protocol ServiceTestBed: StartableTestBed {
    /// The servers the bed uses.
    var env: IntegrationEnvironment { get }
    /// The service's schema, dropped by ``stop()``.
    var schema: String { get }
    /// The monitor queue, deleted by ``stop()``.
    var monitor: EventMonitor { get }
    /// The command channel, whose reply queue ``stop()`` deletes.
    var commands: CommandChannel { get }
    /// Names the bed's connections and sessions (`<name>.probe`, `application_name`).
    var testName: String { get }
    /// The queues the service consumes (``start()`` waits for a consumer on each).
    var serviceQueues: [String] { get }
    /// Starts the service (blocking; called on a dedicated thread).
    /// - Throws: what the service's start throws.
    func startService() throws
    /// Stops the service and what runs beside it (blocking; called on a dedicated thread).
    func stopService()
}

/// The service sent no reply to a command within the channel's timeout.
public struct NoReply: Error, Sendable, CustomStringConvertible {
    /// The command's message name.
    public let command: String
    public var description: String { "no reply to \(command)" }
}

extension ServiceTestBed {
    /// Starts the service and waits until every queue it consumes has a consumer.
    /// - Throws: what the service's start throws.
    public func start() async throws {
        try await onThread { try self.startService() }
        _ = try await ServiceQueues.waitForConsumers(
            serviceQueues, amqpURL: env.amqpURL,
            connectionName: "\(testName).probe")
    }

    /// Stops the service, deletes the monitor and reply queues and drops the schema;
    /// failures are ignored.
    public func stop() async {
        _ = try? await onThread {
            self.stopService()
            self.monitor.delete()
            self.commands.delete()
            try IntegrationSchema.drop(self.schema, databaseURL: self.env.databaseURL, applicationName: self.testName)
        }
    }

    /// Sends `command` with a fresh message id and returns its reply.
    /// - Throws: ``NoReply`` when none came, or what the channel throws.
    public func send<C: CommandMessage>(_ command: C) async throws -> Reply<C.Result> {
        guard let reply = try await onThread({ try self.commands.send(command) }) else {
            throw NoReply(command: C.messageName)
        }
        return reply
    }
}
