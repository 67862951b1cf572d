#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import HTTPServer

/// A listener of a service's own, apart from the operator endpoints (`/healthz`,
/// `/readyz`, `/metrics` on `HTTP_PORT`), for the routes that face the internet: Stripe's
/// webhooks in `notifications` (`WEBHOOK_PORT`, `WEBHOOK_BIND`, `WEBHOOK_ALLOWED_SOURCES`).
///
/// It serves only its handler's routes (anything else gets `404 {"error":"not_found"}`),
/// so exposing it exposes neither metrics nor readiness details. With ``allowedSources``,
/// a connection from any other network is closed before its request is read, counted in
/// `connectbus_http_source_refused_total{listener}` and logged at most once a minute with
/// the last refused address and how many were held back (DESIGN §9).
/// Thread-safe value type.
public struct PublicListener: Sendable {
    /// The listener's name in logs and metrics (`webhooks`).
    public var name: String
    /// The TCP port; `0` picks a free one (``ServiceHost/publicPort``).
    public var port: UInt16
    /// The address it listens on.
    public var bind: HTTPBindAddress
    /// The networks it serves; `nil` for all.
    public var allowedSources: HTTPSourceAllowlist?
    /// libmicrohttpd's threads (default: a pool of two, whose handlers defer answers that
    /// wait on other work).
    public var threading: HTTPThreading
    /// Answers a request, or `nil` for `404`. Also gets requests over the body cap, flagged
    /// ``HTTPRequest/bodyTooLarge`` (`nil`: `413 {"error":"too_large"}`).
    public var handler: @Sendable (HTTPRequest) -> HTTPResponse?

    /// Creates a listener description (nothing listens until ``ServiceHost/start()``).
    public init(
        name: String, port: UInt16, bind: HTTPBindAddress = .loopback, allowedSources: HTTPSourceAllowlist? = nil,
        threading: HTTPThreading = .pool(2), handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse?
    ) {
        self.name = name
        self.port = port
        self.bind = bind
        self.allowedSources = allowedSources
        self.threading = threading
        self.handler = handler
    }

    /// Starts the HTTP server for this listener, counting and logging refused sources.
    /// - Throws: ``HTTPServerError`` (`http.start_failed`) when it cannot listen.
    func start(metrics: MetricsRegistry, log: Logger) throws -> HTTPServer {
        let refused = metrics.counter(
            "connectbus_http_source_refused_total",
            help: "Connections closed unread because their source address is outside the listener's allowlist.",
            labels: ["listener"])
        let limiter = LogLimiter(interval: .seconds(60))
        let name = self.name
        let handler = self.handler
        let notFound = HTTPResponse.json(404, Array(#"{"error":"not_found"}"#.utf8))
        let tooLarge = HTTPResponse.json(413, Array(#"{"error":"too_large"}"#.utf8))
        return try HTTPServer(
            bind: bind, port: port, threading: threading,
            connectionLimit: ServiceHost.connectionLimit(threading),
            allowedSources: allowedSources,
            onSourceRefused: { address in
                refused.increment(name)
                if let suppressed = limiter.admit(name, at: Date()) {
                    log.warning(
                        "connection refused: source address outside the listener's allowlist",
                        ["listener": name, "source": address.description, "suppressed": String(suppressed)])
                }
            },
            onBodyTooLarge: { handler($0) ?? tooLarge },
            handler: { handler($0) ?? notFound })
    }
}
