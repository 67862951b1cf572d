import Bus
import Messages

/// Queue depths and consumers: from the management API when it answers, otherwise from
/// AMQP passive declares over the queues the catalogue and the services define.
/// Not `Sendable`; use on one thread.
public enum QueueDepths {
    /// The queues ConnectBus defines: every command queue, each service's events queue,
    /// with their `.retry.N` and `.dlq` companions.
    public static func knownQueues() -> [String] {
        let commands = Catalogue.all.compactMap(\.queue)
        let events = ["onboarding.events", "payments.events", "terminal.events", "notifications.events"]
        return (commands + events).flatMap { base in
            [base] + (1...Topology.defaultRetryDelays.count).map { Topology.retryQueueName(base, attempt: $0) }
                + [Topology.deadLetterQueueName(base)]
        }
    }

    /// Every queue of `AMQP_URL`'s vhost with its counts; `source` says where the numbers came from.
    /// - Throws: ``CLIError`` when neither the management API nor the broker answers.
    public static func all(_ environment: CLIEnvironment) throws(CLIError) -> (queues: [ManagementAPI.QueueInfo], source: String) {
        do {
            let vhost = try environment.parsedAMQPURL().vhost
            return (try ManagementAPI(baseURL: environment.managementURL).queues(vhost: vhost), "management API")
        } catch {
            Output.error("note: management API unavailable (\(error.message)); counting known queues over AMQP")
        }
        return (try overAMQP(environment), "AMQP passive declares")
    }

    /// The ``knownQueues()`` that exist, with depth and consumers from passive declares
    /// (exact at this moment; no rates).
    /// - Throws: ``CLIError`` when the broker cannot be reached.
    public static func overAMQP(_ environment: CLIEnvironment) throws(CLIError) -> [ManagementAPI.QueueInfo] {
        var connection = try environment.connect("queue-depths")
        defer { connection.close() }
        var result: [ManagementAPI.QueueInfo] = []
        for name in knownQueues() {
            if !connection.isUsable {
                connection.close()
                connection = try environment.connect("queue-depths")
            }
            // A missing queue closes the channel (404); the next one dials again.
            guard let status = try? connection.queueStatus(name) else { continue }
            result.append(
                ManagementAPI.QueueInfo(
                    name: name, messages: status.messages, ready: status.messages,
                    unacknowledged: 0, consumers: status.consumers,
                    publishRate: 0, deliverRate: 0, type: ""))
        }
        return result
    }
}
