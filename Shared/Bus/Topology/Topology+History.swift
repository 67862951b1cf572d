import Messages

extension Topology {
    /// Name of the event history stream: every event published on `connectbus.events`.
    public static let eventHistoryQueue = CatalogueEntry.eventHistoryStream

    /// The event history: the stream `connectbus.events.history` (`x-queue-type: stream`,
    /// RabbitMQ ≥ 3.9) bound to `connectbus.events` with `#`, plus both exchanges.
    ///
    /// Retention (age and size) is not an argument here but the broker policy
    /// `connectbus-events-history` of `docker/rabbitmq/definitions.json` (`max-age`,
    /// `max-length-bytes`, `stream-max-segment-size-bytes`), so operators change it without
    /// redeclaring the stream. The same stream and binding are in the definitions; the
    /// services do not declare it (their users may not configure it), `connectbus topology`
    /// does. Readers consume with `x-stream-offset` (`first`, `last`, `next`, an offset, a
    /// timestamp, or an interval such as `1h`), a prefetch and manual acks (DESIGN §3).
    public static var eventHistory: Topology {
        exchanges.merged(
            with: Topology(
                queues: [QueueSpec(name: eventHistoryQueue, arguments: ["x-queue-type": .string("stream")])],
                bindings: [BindingSpec(queue: eventHistoryQueue, exchange: Exchanges.events, pattern: "#")]))
    }
}
