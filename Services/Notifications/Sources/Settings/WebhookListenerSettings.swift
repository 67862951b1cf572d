public import HTTPServer
public import Runtime

/// Where Stripe's webhooks are served when they have a listener of their own
/// (`WEBHOOK_PORT`), apart from the operator endpoints on `HTTP_PORT`.
///
/// Variables:
/// - `WEBHOOK_PORT` (0…65535; 0 picks a free port): the webhook routes' own listener. Unset,
///   the webhooks are served on the operator listener, which must then stay on loopback
///   (`HTTP_BIND=loopback`), so `/metrics` and `/readyz` are never exposed with them.
/// - `WEBHOOK_BIND` (default `loopback`; `all` or one interface's IPv4 address): where that
///   listener listens.
/// - `WEBHOOK_ALLOWED_SOURCES`: comma-separated IPv4 CIDR blocks (Stripe publishes the
///   addresses its webhooks come from); a connection from elsewhere is closed unread and
///   counted (``PublicListener``). Unset: every source.
/// Thread-safe value type.
public struct WebhookListenerSettings: Sendable, Equatable {
    /// The listener's port (0: a free one).
    public var port: UInt16
    /// The address it listens on.
    public var bind: HTTPBindAddress
    /// The networks it serves (`nil`: all).
    public var allowedSources: HTTPSourceAllowlist?

    /// Creates settings in code (tests).
    public init(port: UInt16, bind: HTTPBindAddress = .loopback, allowedSources: HTTPSourceAllowlist? = nil) {
        self.port = port
        self.bind = bind
        self.allowedSources = allowedSources
    }

    /// Reads `WEBHOOK_PORT`, `WEBHOOK_BIND` and `WEBHOOK_ALLOWED_SOURCES` from `reader`;
    /// `nil` when `WEBHOOK_PORT` is unset. Reports on `reader`: a bad value of any of them,
    /// `WEBHOOK_BIND` or `WEBHOOK_ALLOWED_SOURCES` without `WEBHOOK_PORT`, and `HTTP_BIND`
    /// other than `loopback` without `WEBHOOK_PORT` (the operator endpoints would face the
    /// same networks as the webhooks).
    public static func read(_ reader: inout EnvironmentReader) -> WebhookListenerSettings? {
        let bindText = reader.string("WEBHOOK_BIND")
        let sourcesText = reader.string("WEBHOOK_ALLOWED_SOURCES")
        guard reader.string("WEBHOOK_PORT") != nil else {
            if bindText != nil { reader.report("WEBHOOK_BIND", "needs WEBHOOK_PORT (the webhooks' own listener)") }
            if sourcesText != nil {
                reader.report("WEBHOOK_ALLOWED_SOURCES", "needs WEBHOOK_PORT (the webhooks' own listener)")
            }
            if let operatorBind = reader.string("HTTP_BIND"), operatorBind != "loopback" {
                reader.report(
                    "HTTP_BIND",
                    "is \(operatorBind), which would expose /metrics and /readyz with the webhook routes: "
                        + "set WEBHOOK_PORT (and WEBHOOK_BIND) to give the webhooks a listener of their own")
            }
            return nil
        }
        let port = reader.int("WEBHOOK_PORT", default: 0, in: 0...65535)
        var bind = HTTPBindAddress.loopback
        if let bindText {
            if let parsed = HTTPBindAddress(bindText) {
                bind = parsed
            } else {
                reader.report("WEBHOOK_BIND", "must be loopback, all or an IPv4 address")
            }
        }
        var sources: HTTPSourceAllowlist?
        if let sourcesText {
            do { sources = try HTTPSourceAllowlist(parsing: sourcesText) } catch {
                reader.report("WEBHOOK_ALLOWED_SOURCES", error.message)
            }
        }
        return WebhookListenerSettings(port: UInt16(port), bind: bind, allowedSources: sources)
    }
}
