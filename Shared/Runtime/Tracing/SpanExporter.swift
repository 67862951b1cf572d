import Dispatch
import StripeAPI
import Synchronization

/// Sends finished spans to an OTLP/HTTP collector (`POST <endpoint>/v1/traces`, JSON) from
/// a dedicated thread that owns its libcurl handle, in batches, every `delay` and at stop.
///
/// Never blocks or fails the caller: ``offer(_:)`` appends under a short lock and drops the
/// span when `capacity` spans already wait (a collector that is down or slow costs memory
/// up to that bound, then drops, counted in ``dropped``). A failed POST (no answer, non-2xx)
/// drops that batch and logs once per outage.
///
/// Thread-safety: `Sendable`; ``offer(_:)`` from any thread.
public final class SpanExporter: ServicePart {
    /// Where batches go, e.g. `http://127.0.0.1:4318/v1/traces`.
    public let url: String
    let serviceName: String
    let instanceId: String
    let capacity: Int
    let batchSize: Int
    let delay: Duration
    let log: Logger
    private let queue = Mutex<[SpanData]>([])
    private let droppedCount = Atomic<Int>(0)
    private let exportedCount = Atomic<Int>(0)
    private let loop: BackgroundLoop

    /// An exporter; nothing is sent until ``start()``.
    public init(
        url: String, serviceName: String, instanceId: String, capacity: Int = 2048, batchSize: Int = 512,
        delay: Duration = .seconds(5), log: Logger
    ) {
        self.url = url
        self.serviceName = serviceName
        self.instanceId = instanceId
        self.capacity = max(1, capacity)
        self.batchSize = max(1, batchSize)
        self.delay = delay
        self.log = log
        loop = BackgroundLoop(name: "\(serviceName).otlp")
    }

    /// Spans dropped because the queue was full or their batch could not be sent.
    public var dropped: Int { droppedCount.load(ordering: .relaxed) }
    /// Spans the collector accepted.
    public var exported: Int { exportedCount.load(ordering: .relaxed) }

    /// The spans waiting to be sent (tests read what was recorded without a collector).
    func queuedSpans() -> [SpanData] { queue.withLock { $0 } }

    /// Queues `span` for export, or drops it when the queue is full. Never blocks on I/O.
    public func offer(_ span: SpanData) {
        let kept = queue.withLock { spans -> Bool in
            guard spans.count < capacity else { return false }
            spans.append(span)
            return true
        }
        if !kept { droppedCount.add(1, ordering: .relaxed) }
    }

    /// The part's name (and its thread's): `<service>.otlp`.
    public var name: String { loop.name }

    /// Starts the export thread (once).
    /// - Throws: ``ServicePartError`` when the system refused the thread.
    public func start() throws {
        try loop.start(part: name) { [self] in ExportTask(exporter: self) }
    }

    /// Asks the thread to send what is queued and end; does not wait (``join(timeout:)``).
    public func stop() { loop.stop() }

    /// Waits up to `timeout` for the last send (at most one POST's timeout) and the thread's end.
    @discardableResult
    public func join(timeout: Duration) -> Bool { loop.join(timeout: timeout) }

    /// The export thread: sends what is queued at once, then every `delay`, and once more at stop.
    private struct ExportTask: BackgroundTask {
        let exporter: SpanExporter
        let transport = try? CurlTransport(connectTimeout: .seconds(2), timeout: .seconds(5))
        var failing = false

        mutating func step() -> BackgroundLoop.Next {
            exporter.sendQueued(transport, failing: &failing)
            return .idle(exporter.delay)
        }

        mutating func finish() { exporter.sendQueued(transport, failing: &failing) }
    }

    fileprivate func sendQueued(_ transport: CurlTransport?, failing: inout Bool) {
        let spans = queue.withLock { spans -> [SpanData] in
            defer { spans = [] }
            return spans
        }
        for start in stride(from: 0, to: spans.count, by: batchSize) {
            let batch = Array(spans[start..<min(start + batchSize, spans.count)])
            let problem = send(batch, transport)
            if let problem {
                droppedCount.add(batch.count, ordering: .relaxed)
                if !failing { log.warning("trace export failed; spans dropped until the collector answers", ["error": problem, "url": url]) }
                failing = true
            } else {
                exportedCount.add(batch.count, ordering: .relaxed)
                if failing { log.info("trace export works again", ["url": url]) }
                failing = false
            }
        }
    }

    /// `nil` when the collector accepted `batch`, else what went wrong.
    private func send(_ batch: [SpanData], _ transport: CurlTransport?) -> String? {
        guard let transport else { return "libcurl could not be initialised" }
        let body = OTLPJSON.exportRequest(batch, serviceName: serviceName, instanceId: instanceId)
        let request = StripeHTTPRequest(
            method: .post, url: url,
            headers: [("Content-Type", "application/json")], body: body)
        do {
            let response = try transport.perform(request, whileWaiting: nil)
            return (200..<300).contains(response.status) ? nil : "HTTP \(response.status)"
        } catch {
            return error.message
        }
    }
}
