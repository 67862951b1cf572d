import Foundation
import RuntimeCore

/// One webhook delivery attempt, for tests, logs and `GET /sim/webhooks/deliveries`.
public struct WebhookDeliveryRecord: Sendable, Equatable {
    /// The event delivered.
    public var eventId: String
    /// The event type.
    public var eventType: String
    /// The endpoint's id (`we_…`).
    public var endpointId: String
    /// The endpoint URL.
    public var url: String
    /// 1 for the first attempt.
    public var attempt: Int
    /// HTTP status answered, 0 for a network error or an endpoint that is down.
    public var status: Int
    /// Wall time the attempt took, in milliseconds.
    public var latencyMs: Double
    /// Simulated Unix time of the attempt, in seconds.
    public var time: Double
    /// How many `v1` signatures the `Stripe-Signature` header carried (2 during a rotation).
    public var signatures: Int
    /// Whether this delivery is a duplicate made by chaos.
    public var duplicate: Bool
    /// Whether this delivery was asked for again (`POST /sim/events/:id/resend`,
    /// `POST /v1/events/:id/retry`): a new delivery of a stored event, attempt 1 again.
    public var resend = false
    /// Why it failed without an answer (`"endpoint down (simulated)"`, `"network error"`).
    public var error: String?
    /// The first 4 KiB of what the endpoint answered (empty without an answer).
    public var responseBody: [UInt8] = []
    /// The attempt's place in the delivery log, from 1, never reused (a reset keeps
    /// counting), for following the log with `GET /sim/webhooks/deliveries?after=`.
    public var sequence = 0

    /// The record as JSON (snake_case members).
    public var json: JSONValue {
        [
            "event": .string(eventId), "type": .string(eventType), "endpoint": .string(endpointId), "url": .string(url),
            "attempt": .int(attempt), "status": .int(status), "latency_ms": .double(latencyMs), "time": .double(time),
            "signatures": .int(signatures), "duplicate": .bool(duplicate), "resend": .bool(resend), "error": .optional(error),
            "response_body": .string(String(decoding: responseBody, as: UTF8.self)), "seq": .int(sequence),
        ]
    }
}

/// Delivers signed events to webhook endpoints on its own thread (a ``BackgroundLoop`` named
/// `stripe-sim-webhooks`: one attempt per step, earliest due first, in the order queued
/// among equals). Due times are simulated (``SimClock``): a non-2xx answer or network error
/// is retried after the schedule's waits, and advancing the clock makes waiting retries due
/// at once. Applies ``WebhookChaos``. Thread-safe.
final class WebhookDispatcher: @unchecked Sendable {
    /// Where and how to sign a delivery to an endpoint at a moment; nil when it is gone.
    typealias Resolver = @Sendable (_ endpointId: String) -> (url: String, secrets: [String], skipVerify: Bool)?
    /// Told about every attempt (the simulator updates the event's `pending_webhooks`).
    typealias Observer = @Sendable (WebhookDeliveryRecord) -> Void

    private struct Job {
        var due: Double
        var order: Int
        var eventId: String
        var eventType: String
        var endpointId: String
        var payload: [UInt8]
        var attempt: Int
        var duplicate = false
        var resend = false
    }

    /// Guards the queues, the log and the chaos settings.
    private let lock = NSLock()
    private var jobs: [Job] = []
    private var held: [Job] = []
    private var records: [WebhookDeliveryRecord] = []
    private var chaos: [String: WebhookChaos] = [:]
    private var order = 0
    private var sequence = 0
    /// The delivery thread (``stop()`` joins it; anything that queues work nudges it).
    private let loop = BackgroundLoop(name: "stripe-sim-webhooks")
    private var schedule: [Double]
    private let timeoutSeconds: Int
    private let clock: SimClock
    private let ids: IDGenerator
    private let resolver: Resolver
    private let observer: Observer

    init(
        retryDelays: [Double], timeoutSeconds: Int, clock: SimClock, ids: IDGenerator,
        resolver: @escaping Resolver, observer: @escaping Observer
    ) {
        schedule = retryDelays
        self.timeoutSeconds = timeoutSeconds
        self.clock = clock
        self.ids = ids
        self.resolver = resolver
        self.observer = observer
        clock.observe { [weak self] in self?.wake() }
    }

    /// Starts the delivery thread (once; never after ``stop()``).
    func start() {
        loop.start { [self] in Deliveries(dispatcher: self) }
    }

    /// Stops after the attempt in progress, and returns once the delivery thread has ended
    /// (so a process may exit with no libcurl call in progress); undelivered events are
    /// dropped. Called on the delivery thread itself (its observer), it only asks it to stop.
    func stop() {
        loop.stop()
        loop.join()
    }

    /// Queues `event` for the endpoint `endpointId`, applying its chaos (`resend`: a new
    /// delivery of a stored event, marked so in its records).
    func enqueue(event: JSONValue, endpointId: String, resend: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        var settings = chaos[endpointId] ?? chaos["*"] ?? WebhookChaos()
        order += 1
        let job = Job(
            due: clock.now + settings.delaySeconds, order: order, eventId: event["id"]?.stringValue ?? "",
            eventType: event["type"]?.stringValue ?? "", endpointId: endpointId, payload: event.serialized(), attempt: 1,
            resend: resend)
        if settings.holdNext > 0 {
            settings.holdNext -= 1
            chaos[chaos[endpointId] != nil ? endpointId : "*"] = settings
            held.append(job)
        } else {
            jobs.append(job)
        }
        if settings.duplicateRate > 0, ids.unit() < settings.duplicateRate {
            var copy = job
            order += 1
            copy.order = order
            copy.duplicate = true
            jobs.append(copy)
        }
        loop.nudge()
    }

    /// Chaos per endpoint id (`"*"`: every endpoint without its own).
    var chaosSettings: [String: WebhookChaos] {
        lock.lock()
        defer { lock.unlock() }
        return chaos
    }

    /// Sets (or with nil clears) the chaos of `endpointId` (`"*"` for every endpoint).
    func setChaos(_ settings: WebhookChaos?, for endpointId: String) {
        lock.lock()
        chaos[endpointId] = settings.flatMap { $0.isActive ? $0 : nil }
        loop.nudge()
        lock.unlock()
    }

    /// Clears every chaos setting and releases held events.
    func clearChaos() {
        lock.lock()
        chaos.removeAll()
        lock.unlock()
        _ = release()
    }

    /// Releases every held event (delivered now, after what went out meanwhile); returns how many.
    func release(endpointId: String? = nil) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let now = clock.now
        let released = held.filter { endpointId == nil || $0.endpointId == endpointId }
        held.removeAll { endpointId == nil || $0.endpointId == endpointId }
        for var job in released {
            job.due = max(job.due, now)
            jobs.append(job)
        }
        loop.nudge()
        return released.count
    }

    /// Events held back now, as `{event, type, endpoint}`.
    var heldEvents: [JSONValue] {
        lock.lock()
        defer { lock.unlock() }
        return held.map { ["event": .string($0.eventId), "type": .string($0.eventType), "endpoint": .string($0.endpointId)] }
    }

    /// Events queued or waiting for a retry, held ones included.
    var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return jobs.count + held.count
    }

    /// The waits between attempts, in simulated seconds.
    var retrySchedule: [Double] {
        get { lock.lock(); defer { lock.unlock() }; return schedule }
        set { lock.lock(); schedule = newValue; lock.unlock() }
    }

    /// Drops queued and held deliveries, the log and chaos (a reset of everything).
    func reset() {
        lock.lock()
        jobs.removeAll()
        held.removeAll()
        records.removeAll()
        chaos.removeAll()
        lock.unlock()
    }

    /// Every attempt so far, oldest first.
    var deliveries: [WebhookDeliveryRecord] {
        lock.lock()
        defer { lock.unlock() }
        return records
    }

    /// The `sequence` of the latest attempt (0 before the first).
    var latestSequence: Int {
        lock.lock()
        defer { lock.unlock() }
        return sequence
    }

    private func wake() { loop.nudge() }

    /// Attempts the earliest due job, or says how long to wait for one (until the earliest
    /// is due in real time, at most a second: a clock change or new work nudges the loop).
    fileprivate func deliverNext() -> BackgroundLoop.Next {
        switch takeDueJob() {
        case .wait(let seconds): return .idle(.seconds(seconds))
        case .job(let job):
            var record = attempt(job)
            lock.lock()
            sequence += 1
            record.sequence = sequence
            records.append(record)
            if !(200..<300).contains(record.status), record.error != "endpoint deleted", job.attempt <= schedule.count {
                var retry = job
                retry.attempt += 1
                retry.due = clock.now + schedule[job.attempt - 1]
                jobs.append(retry)
            }
            // An event held back goes out after a later one to its endpoint was attempted.
            if job.attempt == 1, !job.duplicate, let index = held.firstIndex(where: { $0.endpointId == job.endpointId && $0.order < job.order }) {
                var released = held.remove(at: index)
                released.due = clock.now
                jobs.append(released)
            }
            lock.unlock()
            observer(record)
            return .again
        }
    }

    private func attempt(_ job: Job) -> WebhookDeliveryRecord {
        let time = clock.now
        var record = WebhookDeliveryRecord(
            eventId: job.eventId, eventType: job.eventType, endpointId: job.endpointId, url: "",
            attempt: job.attempt, status: 0, latencyMs: 0, time: time, signatures: 0,
            duplicate: job.duplicate, resend: job.resend, error: nil)
        guard let target = resolver(job.endpointId) else {
            record.error = "endpoint deleted"
            return record
        }
        record.url = target.url
        lock.lock()
        let down = (chaos[job.endpointId] ?? chaos["*"])?.down ?? false
        lock.unlock()
        if down {
            record.error = "endpoint down (simulated)"
            return record
        }
        let timestamp = Int(time.rounded(.down))
        let headers = [
            "Content-Type": "application/json; charset=utf-8",
            "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            "Stripe-Signature": WebhookSigner.header(payload: job.payload, secrets: target.secrets, timestamp: timestamp),
        ]
        record.signatures = target.secrets.count
        let started = Date()
        let answer = WebhookPoster.post(
            url: target.url, payload: job.payload, headers: headers, timeoutSeconds: timeoutSeconds, skipVerify: target.skipVerify)
        record.status = answer.status
        record.responseBody = answer.body
        record.latencyMs = (Date().timeIntervalSince(started) * 1000 * 100).rounded() / 100
        if record.status == 0 { record.error = "network error" }
        return record
    }

    private enum Due {
        case job(Job)
        /// Real seconds to wait before looking again.
        case wait(Double)
    }

    /// Takes the earliest due job (simulated time; the first queued among equals), or says
    /// how long to wait for it.
    private func takeDueJob() -> Due {
        lock.lock()
        defer { lock.unlock() }
        guard let index = jobs.indices.min(by: { (jobs[$0].due, jobs[$0].order) < (jobs[$1].due, jobs[$1].order) }) else {
            return .wait(1)
        }
        switch clock.realSeconds(until: jobs[index].due) {
        case .some(let wait) where wait <= 0: return .job(jobs.remove(at: index))
        case .some(let wait): return .wait(min(wait, 1))
        case .none: return .wait(1)
        }
    }
}

/// The delivery loop's task: one attempt per step.
private struct Deliveries: BackgroundTask {
    let dispatcher: WebhookDispatcher

    func step() -> BackgroundLoop.Next { dispatcher.deliverNext() }
}
