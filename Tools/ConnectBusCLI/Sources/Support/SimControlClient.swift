public import StripeAPI

/// HTTP calls to stripe-sim's control plane (`/sim/…`, JSON bodies) and its Stripe API
/// (`/v1/…` reads, with the headers given), through the libcurl transport of StripeAPI. Not `Sendable`: owns a curl handle; use it on one thread.
public final class SimControlClient {
    private let transport: CurlTransport
    private let base: String

    /// A client of the simulator at `base` (e.g. `http://127.0.0.1:12111`), 2 s connect and 30 s timeout.
    /// - Throws: ``CLIError`` when libcurl cannot be initialised.
    public init(base: String) throws(CLIError) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        do {
            transport = try CurlTransport(connectTimeout: .seconds(2), timeout: .seconds(30))
        } catch {
            throw CLIError("cannot initialise libcurl: \(error.message)")
        }
    }

    /// The simulator's base URL, without a trailing slash.
    public var baseURL: String { base }

    /// Sends `method` `path` with an optional `body` (JSON unless `contentType` says
    /// otherwise, e.g. `application/x-www-form-urlencoded` for `/v1` calls) and extra
    /// `headers` (`Authorization`, `Stripe-Account` for `/v1` calls) and returns the status
    /// and body. Redirects are not followed.
    /// - Throws: ``CLIError`` when the simulator cannot be reached.
    public func send(
        _ method: HTTPMethod, _ path: String, body: [UInt8]? = nil, headers extra: [(name: String, value: String)] = [],
        contentType: String = "application/json"
    ) throws(CLIError) -> (status: Int, body: [UInt8]) {
        let response = try exchange(method, path, body: body, headers: extra, contentType: contentType)
        return (response.status, response.body)
    }

    /// Like ``send(_:_:body:headers:contentType:)``, but answers the whole response (its
    /// headers too: a page that answers 303 names the next one in `location`). `path` may
    /// also be an absolute URL the simulator handed out (an account link, a bank's test page).
    /// - Throws: ``CLIError`` when the simulator cannot be reached.
    public func exchange(
        _ method: HTTPMethod, _ path: String, body: [UInt8]? = nil, headers extra: [(name: String, value: String)] = [],
        contentType: String = "application/json"
    ) throws(CLIError) -> StripeHTTPResponse {
        let headers: [(name: String, value: String)] = (body == nil ? [] : [("Content-Type", contentType)]) + extra
        let url = path.hasPrefix("http://") || path.hasPrefix("https://") ? path : base + path
        do {
            return try transport.perform(
                StripeHTTPRequest(method: method, url: url, headers: headers, body: body ?? []),
                whileWaiting: nil)
        } catch {
            throw CLIError(
                "stripe-sim at \(base): \(error.message)",
                hint: "start it (scripts/demo.sh --browser or stripe-sim --port N) or set STRIPE_API_BASE")
        }
    }
}
