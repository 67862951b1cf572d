import HTTPServer

/// An HTTP server of its own for the webhook ingress (`WEBHOOK_HTTP_PORT`), with more
/// libmicrohttpd threads (`WEBHOOK_HTTP_THREADS`, default 16) than the runtime's operator
/// server (2).
///
/// Each webhook holds its thread while its event commits, so the number of threads is the
/// number of commits in flight; Postgres flushes concurrent commits together, which is
/// where the ingress rate comes from. Serves only the two webhook paths (404 otherwise).
/// Thread-safety: `Sendable`; ``stop()`` is idempotent.
public final class WebhookServer: Sendable {
    private let server: HTTPServer

    /// The port it listens on.
    public var port: UInt16 { server.port }

    /// Starts listening at once.
    /// - Throws: `HTTPServerError` when the port cannot be bound.
    public init(ingress: WebhookIngress, port: UInt16, threads: Int, loopbackOnly: Bool, maxBodyBytes: Int) throws {
        server = try HTTPServer(host: loopbackOnly, port: port, threads: max(1, threads), maxBodyBytes: maxBodyBytes) {
            ingress.handle($0) ?? .json(404, Array(#"{"error":"not_found"}"#.utf8))
        }
    }

    /// Stops listening and joins the server's threads.
    public func stop() { server.stop() }
}
