#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HTTPServer
public import Runtime
import Store
import StripeAPI

/// Stripe webhook ingress (DESIGN §7): `POST /webhooks/stripe` and
/// `POST /webhooks/stripe/connect`.
///
/// For each request, in order: 405 unless `POST`; 413 over the body cap (the ingress's or,
/// flagged by ``HTTPRequest/bodyTooLarge``, the HTTP server's); 415 unless the content type
/// is `application/json`; the `Stripe-Signature` header is verified on the raw body bytes
/// against the endpoint's secrets (400 with a short reason, nothing stored); the body is
/// checked to be JSON in UTF-8 and its `client_secret` members are removed
/// (``EventBodyScrubber``; 400 `malformed_event`); the event's `id` and `type` are read
/// (400 `malformed_event`); the event — as scrubbed, so no longer the signed bytes when
/// something was removed — and its outbox row are stored (``StripeEventStore``) and
/// committed; then 200. Every refusal is JSON (``WebhookRejection``), counted by endpoint and
/// reason, and logged at most once a minute per route and reason with the number held back
/// (``LogLimiter``; the secrets' variable and count, never a secret). Each route's
/// recent deliveries feed `/readyz` (``readinessChecks()``, ``WebhookDeliveryWindow``): a
/// route where most recent deliveries were rejected is `degraded`. A delivery verified by a
/// secret other than the newest, or also signed with a secret that is not configured (Stripe
/// signs with both during a secret roll), is logged the same way. A duplicate event id
/// answers 200 and stores nothing. When the database cannot be reached the answer is 503
/// so Stripe retries. The broker is never touched here: the runtime's outbox relay
/// publishes the rows, so a broker outage does not fail webhooks.
///
/// Commits are grouped (``GroupCommit``): the request threads hand their verified events to
/// `WEBHOOK_WRITERS` writer threads, each with its own Postgres connection, which store
/// everything pending in one statement and one commit; each request is answered once the
/// commit holding its event is done. A batch that fails on a usable connection is written
/// again event by event, so one bad event never fails the others.
///
/// Thread-safety: `Sendable`; ``handle(_:)`` runs on libmicrohttpd's threads; with a thread
/// per connection it blocks until its event is committed, in a thread pool it defers the
/// answer (``HTTPResponder``) and returns at once.
public final class WebhookIngress: ServicePart {
    let settings: WebhookSettings
    private let storeSchema: String
    private let commits: GroupCommit<IncomingStripeEvent, Bool>
    private let metrics: WebhookMetrics
    let log: Logger
    let now: @Sendable () -> Date
    /// Recent deliveries per route, for `/readyz`.
    let deliveries: WebhookDeliveryWindow
    /// Rate limit of the rejection and secret log lines.
    let logLimiter: LogLimiter

    /// Creates the ingress and starts its writer threads (stop them with ``stop()``).
    /// - Parameters:
    ///   - settings: secrets, body cap, tolerance, writers and batch size.
    ///   - store: where events and outbox rows go.
    ///   - databaseURL: the service's database; each writer opens its own connection, with
    ///     `connect_timeout=5` unless the URL sets one (an unreachable server fails requests
    ///     with 503 in seconds).
    ///   - applicationName: `application_name` of the writers' sessions.
    ///   - metrics: registry for the ingress counters (the host's, to appear on `/metrics`).
    ///   - log: logger.
    ///   - afterCommit: called after each commit that stored new events (the service wakes
    ///     its outbox relay, so events are re-published at once and in small steps).
    ///   - now: clock for the signature's timestamp tolerance, the window of recent
    ///     deliveries and the log rate limit.
    ///   - deliveryWindowSeconds: how far back `/readyz` counts deliveries (default 300 s).
    public init(
        settings: WebhookSettings, store: StripeEventStore, databaseURL: String, applicationName: String,
        metrics: MetricsRegistry, log: Logger, afterCommit: (@Sendable () -> Void)? = nil,
        now: @escaping @Sendable () -> Date = Date.init, deliveryWindowSeconds: Int = 300
    ) {
        self.settings = settings
        self.storeSchema = store.schema.name
        self.commits = GroupCommit(
            name: "webhooks", databaseURL: databaseURL, connectTimeoutSeconds: 5,
            applicationName: applicationName, writers: settings.writers,
            maxBatch: settings.maxBatch, metrics: metrics, log: log,
            afterCommit: afterCommit
        ) { batch, db in
            try store.store(batch, on: db)
        }
        self.metrics = WebhookMetrics(registry: metrics)
        self.log = log
        self.now = now
        self.deliveries = WebhookDeliveryWindow(span: deliveryWindowSeconds)
        self.logLimiter = LogLimiter(interval: settings.logInterval)
    }

    /// The part's name: its group commit's, `webhooks`.
    public var name: String { commits.name }

    /// Starts the writer threads; until then (the host migrating) requests answer 503 and
    /// Stripe retries them.
    /// - Throws: ``ServicePartError`` when the system created none of the threads.
    public func start() throws { try commits.start() }

    /// Its group commit's (`false`): the ingress only writes to Postgres (the outbox relay
    /// publishes its rows), so the host starts it once the schema is migrated, without waiting
    /// for the broker: a replica started while RabbitMQ is down still stores webhooks and
    /// answers `200`.
    public var needsBroker: Bool { commits.needsBroker }

    /// Stops taking events (requests after this answer 503); the writers commit what they
    /// hold. Does not wait (``join(timeout:)``). Idempotent.
    public func stop() { commits.stop() }

    /// Waits up to `timeout` for the writers to have committed what they held and ended.
    @discardableResult
    public func join(timeout: Duration) -> Bool { commits.join(timeout: timeout) }

    /// Answers a request to one of the webhook paths; `nil` for any other path.
    ///
    /// With a ``HTTPRequest/responder`` (the HTTP server's thread pool) a verified event is
    /// handed to the group commit and the answer is ``HTTPResponse/deferred``: the responder
    /// answers from the writer's thread once the commit is done, and the server thread
    /// serves other connections meanwhile. Without one (a thread per connection) the
    /// request's thread waits for the commit.
    public func handle(_ request: HTTPRequest) -> HTTPResponse? {
        guard let endpoint = WebhookEndpoint(path: request.path) else { return nil }
        var pending = PendingRequest(
            endpoint: endpoint, started: ContinuousClock.now, span: WebhookTrace.request(request, endpoint))
        let event: IncomingStripeEvent
        do { event = try check(request, into: &pending) } catch {
            return finish(pending, .failure(error))
        }
        pending.eventId = event.facts.id
        pending.store = WebhookTrace.store(under: pending.span, schema: storeSchema)
        metrics.checkSeconds.observe((ContinuousClock.now - pending.started).seconds)
        guard let responder = request.responder else {
            return finish(pending, Result { try commits.submit(event) })
        }
        commits.submit(event) { [self, pending] stored in
            responder.respond(self.finish(pending, stored))
        }
        return .deferred
    }

    /// A request between its checks and its answer: what ``finish(_:_:)`` needs, on the
    /// request's thread or, when the answer is deferred, the writer's.
    private struct PendingRequest: Sendable {
        let endpoint: WebhookEndpoint
        let started: ContinuousClock.Instant
        var span: OpenSpan?
        var store: OpenSpan?
        var eventId = ""
        /// What the verified signature said about the secrets.
        var signature: WebhookSignatureMatch?
        /// Log fields of a refused signature (e.g. the timestamp's age).
        var rejectionDetail: [String: String] = [:]
    }

    /// The answer to a checked request: `stored` is whether the event was new (or why it
    /// could not be stored); a rejection from the checks arrives as a `WebhookRejection`.
    private func finish(_ request: PendingRequest, _ stored: Result<Bool, any Error>) -> HTTPResponse {
        defer { metrics.requestSeconds.observe((ContinuousClock.now - request.started).seconds) }
        var store = request.store
        let rejection: WebhookRejection
        switch stored {
        case .success(let new):
            store?.set("connectbus.duplicate", .bool(!new))
            store?.end()
            metrics.received.increment(request.endpoint.rawValue)
            WebhookTrace.end(request.span, status: 200, rejection: nil)
            report(accepted: request.endpoint, request.signature)
            if !new {
                metrics.duplicates.increment()
                return .json(200, Array(#"{"received":true,"duplicate":true}"#.utf8))
            }
            return .json(200, Array(#"{"received":true}"#.utf8))
        case .failure(let error as WebhookRejection):
            rejection = error
        case .failure(let error):
            store?.set("error.type", .string("store.unavailable"))
            store?.end(error: String(describing: error))
            log.warning(
                "could not store a webhook event; answering 503",
                ["event_id": request.eventId, "error": String(describing: error)])
            rejection = .unavailable
        }
        metrics.rejected.increment(request.endpoint.rawValue, rejection.reason)
        report(rejection, request.endpoint, detail: request.rejectionDetail)
        let response = rejection.response
        WebhookTrace.end(request.span, status: response.status, rejection: rejection)
        return response
    }

    /// Checks the request (method, size, media type, signature, JSON) and returns the event
    /// to store.
    private func check(
        _ request: HTTPRequest, into pending: inout PendingRequest
    ) throws(WebhookRejection) -> IncomingStripeEvent {
        let endpoint = pending.endpoint
        guard request.method == "POST" else { throw .wrongMethod }
        guard !request.bodyTooLarge, request.body.count <= settings.maxBodyBytes else { throw .bodyTooLarge }
        guard WebhookIngress.isJSON(request.headers["content-type"]) else { throw .unsupportedMediaType }
        var verify = WebhookTrace.verify(under: pending.span)
        do {
            pending.signature = try WebhookSignature.verify(
                payload: request.body, header: request.headers["stripe-signature"],
                secrets: settings.secrets(for: endpoint), tolerance: settings.tolerance,
                now: now())
            verify?.end()
        } catch {
            let rejection = WebhookRejection(error)
            pending.rejectionDetail = Self.logFields(error)
            verify?.set("error.type", .string(rejection.reason))
            verify?.end(error: rejection.reason)
            throw rejection
        }
        // After the signature check (on the raw bytes) and before anything is stored.
        // One pass checks the JSON, finds the secrets to cut and reads the event's facts.
        let body: [UInt8], facts: StripeEventFacts?
        do { (body, facts) = try EventBodyScrubber.scrubAndRead(request.body) } catch {
            switch error {
            case .invalidUTF8: throw .invalidUTF8
            case .invalidJSON: throw .malformedEvent
            }
        }
        guard let event = facts else { throw .malformedEvent }
        WebhookTrace.describe(&pending.span, event)
        return IncomingStripeEvent(
            facts: event, body: body, endpoint: endpoint, traceparent: pending.span?.context.traceparent)
    }

    /// Whether a `Content-Type` value is `application/json` (parameters such as `charset`
    /// allowed, case-insensitive).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return media.trimmingSpaces().lowercased() == "application/json"
    }
}
