import Foundation

/// One webhook delivery attempt, for tests and logs.
public struct WebhookDeliveryRecord: Sendable, Equatable {
    /// The event delivered.
    public var eventId: String
    /// The event type.
    public var eventType: String
    /// The endpoint URL.
    public var url: String
    /// 1 for the first attempt.
    public var attempt: Int
    /// HTTP status answered, 0 for a network error.
    public var status: Int
}

/// Delivers signed events to webhook endpoints on its own thread; a non-2xx answer or
/// network error is retried after the configured delays. Thread-safe.
final class WebhookDispatcher: @unchecked Sendable {
    private struct Job {
        var due: Date
        var eventId: String
        var eventType: String
        var url: String
        var secret: String
        var payload: [UInt8]
        var attempt: Int
    }

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var records: [WebhookDeliveryRecord] = []
    private var stopping = false
    private var thread: Thread?
    private let retryDelays: [Double]
    private let timeoutSeconds: Int
    private let clock: @Sendable () -> Int

    init(retryDelays: [Double], timeoutSeconds: Int, clock: @escaping @Sendable () -> Int) {
        self.retryDelays = retryDelays
        self.timeoutSeconds = timeoutSeconds
        self.clock = clock
    }

    /// Starts the delivery thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "stripe-sim-webhooks"
        condition.lock()
        self.thread = thread
        condition.unlock()
        thread.start()
    }

    /// Stops after the attempt in progress; undelivered events are dropped.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Queues `event` for `endpoint`.
    func enqueue(event: JSONValue, endpoint: WebhookEndpointConfig) {
        let job = Job(due: Date(), eventId: event["id"]?.stringValue ?? "", eventType: event["type"]?.stringValue ?? "",
                      url: endpoint.url, secret: endpoint.secret, payload: event.serialized(), attempt: 1)
        condition.lock()
        jobs.append(job)
        condition.broadcast()
        condition.unlock()
    }

    /// Every attempt so far, oldest first.
    var deliveries: [WebhookDeliveryRecord] {
        condition.lock()
        defer { condition.unlock() }
        return records
    }

    private func run() {
        while let job = nextJob() {
            let timestamp = clock()
            let headers = [
                "Content-Type": "application/json; charset=utf-8",
                "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
                "Stripe-Signature": WebhookSigner.header(payload: job.payload, secret: job.secret, timestamp: timestamp),
            ]
            let status = WebhookPoster.post(url: job.url, payload: job.payload, headers: headers,
                                            timeoutSeconds: timeoutSeconds)
            condition.lock()
            records.append(WebhookDeliveryRecord(eventId: job.eventId, eventType: job.eventType, url: job.url,
                                                 attempt: job.attempt, status: status))
            if !(200..<300).contains(status), job.attempt <= retryDelays.count {
                var retry = job
                retry.attempt += 1
                retry.due = Date().addingTimeInterval(retryDelays[job.attempt - 1])
                jobs.append(retry)
            }
            condition.unlock()
        }
    }

    /// Waits for the earliest due job; nil when stopping.
    private func nextJob() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            if let index = jobs.indices.min(by: { jobs[$0].due < jobs[$1].due }) {
                if jobs[index].due <= Date() { return jobs.remove(at: index) }
                _ = condition.wait(until: jobs[index].due)
            } else {
                condition.wait()
            }
        }
        return nil
    }
}
