#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPServer
import Runtime
import Store
import StripeAPI

/// Stripe webhook ingress (DESIGN §7): `POST /webhooks/stripe` and
/// `POST /webhooks/stripe/connect`.
///
/// For each request, in order: 405 unless `POST`; 413 over the body cap; 415 unless the
/// content type is `application/json`; the `Stripe-Signature` header is verified on the raw
/// body bytes against the endpoint's secrets (400 with a short reason, nothing stored);
/// the event's `id` and `type` are read (400 `malformed_event`); the event and its outbox
/// row are stored in one statement (``StripeEventStore``); then 200. A duplicate event id
/// answers 200 and stores nothing. When the database cannot be reached the answer is 503
/// so Stripe retries. The broker is never touched here: the runtime's outbox relay
/// publishes the rows, so a broker outage does not fail webhooks.
///
/// Thread-safety: `Sendable`; ``handle(_:)`` runs on libmicrohttpd's threads and borrows a
/// connection from its ``ConnectionPool`` for the duration of the request.
public final class WebhookIngress: Sendable {
    private let settings: WebhookSettings
    private let store: StripeEventStore
    private let pool: ConnectionPool
    private let metrics: WebhookMetrics
    private let log: Logger
    private let now: @Sendable () -> Date

    /// Creates the ingress.
    /// - Parameters:
    ///   - settings: secrets, body cap, tolerance.
    ///   - store: where events and outbox rows go.
    ///   - pool: connections to the service's database.
    ///   - metrics: registry for the ingress counters (the host's, to appear on `/metrics`).
    ///   - log: logger.
    ///   - now: clock for the signature's timestamp tolerance.
    public init(settings: WebhookSettings, store: StripeEventStore, pool: ConnectionPool, metrics: MetricsRegistry,
                log: Logger, now: @escaping @Sendable () -> Date = Date.init) {
        self.settings = settings
        self.store = store
        self.pool = pool
        self.metrics = WebhookMetrics(registry: metrics)
        self.log = log
        self.now = now
    }

    /// Answers a request to one of the webhook paths; `nil` for any other path.
    public func handle(_ request: HTTPRequest) -> HTTPResponse? {
        guard let endpoint = WebhookEndpoint(path: request.path) else { return nil }
        do {
            let duplicate = try accept(request, endpoint)
            metrics.received.increment(endpoint.rawValue)
            if duplicate {
                metrics.duplicates.increment()
                return .json(200, Array(#"{"received":true,"duplicate":true}"#.utf8))
            }
            return .json(200, Array(#"{"received":true}"#.utf8))
        } catch {
            metrics.rejected.increment(error.reason)
            return error.response
        }
    }

    /// Checks and stores the request; returns whether the event was a duplicate.
    private func accept(_ request: HTTPRequest, _ endpoint: WebhookEndpoint) throws(WebhookRejection) -> Bool {
        guard request.method == "POST" else { throw .wrongMethod }
        guard request.body.count <= settings.maxBodyBytes else { throw .bodyTooLarge }
        guard WebhookIngress.isJSON(request.headers["content-type"]) else { throw .unsupportedMediaType }
        do {
            try WebhookSignature.verify(payload: request.body, header: request.headers["stripe-signature"],
                                        secrets: settings.secrets(for: endpoint), tolerance: settings.tolerance,
                                        now: now())
        } catch {
            throw WebhookRejection(error)
        }
        guard let event = StripeEventFacts.parse(request.body) else { throw .malformedEvent }
        do {
            let stored = try pool.withConnection { conn in
                try store.store(event, body: request.body, endpoint: endpoint, on: conn)
            }
            return !stored
        } catch {
            log.warning("could not store a webhook event; answering 503",
                        ["event_id": event.id, "error": String(describing: error)])
            throw .unavailable
        }
    }

    /// Whether a `Content-Type` value is `application/json` (parameters such as `charset`
    /// allowed, case-insensitive).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return media.trimmingSpaces().lowercased() == "application/json"
    }
}
