import Store

/// What both ways of processing deliveries hold (``BatchProcessor`` for `.batched` routes,
/// ``OneAtATimeProcessor`` for `.oneAtATime` ones): the worker's settings and resources and
/// the writers of the failure copies, the outbox, the inbox and the published rows' list.
/// Each worker builds one of each over the same parts (`Worker`).
///
/// A class, so that the worker's loop holds a reference rather than copies of its settings
/// on the stack (Shared/Runtime/README.md, "Memory").
/// Thread-safety: not `Sendable`; runs on its worker's thread.
class DeliveryProcessor {
    /// The route, schema, batch size and logging of the worker.
    let settings: WorkerSettings
    /// The rate limiter, metrics and Stripe client of the worker.
    let resources: WorkerResources
    /// Publishes retry and dead-letter copies of failed deliveries.
    let failures: FailurePublisher
    /// Writes and publishes the outbox rows of a commit.
    let outbox: OutboxPublisher
    /// The inbox's SQL (seen message ids, stored replies).
    let inbox: Inbox
    /// The outbox rows published and not yet deleted, shared by the worker's processors.
    let published: PublishedRows

    /// A processor over the worker's parts.
    init(
        settings: WorkerSettings, resources: WorkerResources, failures: FailurePublisher,
        outbox: OutboxPublisher, inbox: Inbox, published: PublishedRows
    ) {
        self.settings = settings
        self.resources = resources
        self.failures = failures
        self.outbox = outbox
        self.inbox = inbox
        self.published = published
    }
}
