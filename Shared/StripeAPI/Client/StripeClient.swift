#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RuntimeCore

/// A Stripe API client for one worker thread.
///
/// Owns one libcurl handle (through ``CurlTransport``), so it is **not** `Sendable`:
/// create one per thread and use it only there. Each request carries
/// `Authorization: Bearer <key>`, the pinned `Stripe-Version` (or the request's
/// override), `Stripe-Account` when given, `Idempotency-Key` (required on POST),
/// `User-Agent: ConnectBus/<version>`. Failed attempts are repeated as
/// ``RetryPolicy`` decides, always with the same idempotency key. The secret key never
/// appears in errors or descriptions. See https://docs.stripe.com/api.
public final class StripeClient {
    /// The settings this client was made with.
    public let config: StripeConfig
    /// Called about twice a second at most, on this client's thread, while a request
    /// waits on the network or between retries (the runtime sends AMQP heartbeats here).
    public var whileWaiting: (() -> Void)?
    /// Status, `Request-Id`, replay flag and attempt count of the last call that got an
    /// HTTP answer.
    public private(set) var lastResponse: StripeResponseInfo?
    /// Called after every HTTP attempt (on this thread) with its outcome, for logging and
    /// metrics; carries no secrets.
    public var onAttempt: ((StripeAttempt) -> Void)?
    /// W3C `traceparent` sent with every request while set (the caller's trace context).
    public var traceparent: String?
    /// Called on this thread before every HTTP attempt (retries included) with its method and
    /// path (query string included); a fleet rate limiter blocks here until the attempt may go.
    public var beforeAttempt: ((HTTPMethod, String) -> Void)?

    private let transport: any StripeTransport
    private let customSleeper: ((Duration) -> Void)?
    private let random: () -> Double

    /// A client talking to `config.apiBase` through libcurl.
    /// - Throws: ``StripeError`` of kind `invalidConfiguration` listing every problem with
    ///   `config`, or when libcurl cannot be initialised.
    public convenience init(config: StripeConfig) throws(StripeError) {
        let transport: CurlTransport
        do {
            transport = try CurlTransport(connectTimeout: config.connectTimeout, timeout: config.timeout)
        } catch {
            throw StripeError(kind: .invalidConfiguration, code: error.code, message: error.message)
        }
        try self.init(config: config, transport: transport)
    }

    /// A client with its own transport, sleeper and random source (tests use these to
    /// script answers and to avoid real waits). `sleeper` defaults to sleeping in slices
    /// that call ``whileWaiting``; `random` returns a number in `0…1` for the jitter.
    /// - Throws: ``StripeError`` of kind `invalidConfiguration` when `config` is invalid.
    public init(
        config: StripeConfig, transport: any StripeTransport,
        sleeper: ((Duration) -> Void)? = nil, random: @escaping () -> Double = { Double.random(in: 0...1) }
    ) throws(StripeError) {
        let problems = config.problems()
        guard problems.isEmpty else {
            throw StripeError(kind: .invalidConfiguration, message: "invalid StripeConfig: " + problems.joined(separator: "; "))
        }
        self.config = config
        self.transport = transport
        self.random = random
        self.customSleeper = sleeper
    }

    /// Sends one request and decodes a 2xx body as `T`.
    ///
    /// GET and DELETE send `params` in the query string, POST as a form body.
    /// - Parameters:
    ///   - path: the path below the API base, e.g. `/v1/payment_intents`.
    /// - Throws: ``StripeError``: Stripe's error for non-2xx answers (after retries),
    ///   `network` when no answer arrived, `decoding` when a 2xx body is not a `T`,
    ///   `invalidConfiguration` for a POST without `options.idempotencyKey`.
    public func request<T: Decodable>(
        _ method: HTTPMethod, _ path: String, params: FormParams = FormParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> T {
        let response = try send(method, path, params: params, options: options)
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch {
            throw StripeError(
                kind: .decoding, httpStatus: response.status, code: "decoding_failed",
                message: redact("response of \(method.rawValue) \(path) is not a \(T.self): \(error)"),
                requestId: response.headers["request-id"])
        }
    }

    /// Sends one request (with retries) and returns the raw 2xx response.
    /// - Throws: as ``request(_:_:params:options:)`` except for decoding.
    public func send(
        _ method: HTTPMethod, _ path: String, params: FormParams = FormParams(),
        options: RequestOptions = RequestOptions()
    ) throws(StripeError) -> StripeHTTPResponse {
        let httpRequest = try buildRequest(method, path, params: params, options: options)
        var attempt = 0
        while true {
            beforeAttempt?(method, path)
            let started = ContinuousClock.now
            let outcome: Result<StripeHTTPResponse, StripeTransportError>
            do { outcome = .success(try transport.perform(httpRequest, whileWaiting: whileWaiting)) } catch { outcome = .failure(error) }
            let elapsed = ContinuousClock.now - started
            let error: StripeError
            switch outcome {
            case .success(let response):
                lastResponse = info(response, attempts: attempt + 1)
                if (200..<300).contains(response.status) {
                    report(
                        method, path, options, attempt: attempt, status: response.status,
                        requestId: response.headers["request-id"], error: nil, elapsed: elapsed, willRetry: false)
                    return response
                }
                error = StripeError.fromResponse(
                    status: response.status, body: response.body,
                    requestId: response.headers["request-id"],
                    stripeShouldRetry: Self.parseBool(response.headers["stripe-should-retry"]),
                    redact: redact)
            case .failure(let failure):
                error = StripeError(kind: .network, code: failure.code, message: redact(failure.message))
            }
            let retry = config.retry.shouldRetry(status: error.httpStatus, stripeShouldRetry: error.stripeShouldRetry, attempt: attempt)
            let retryAfter = Self.retryAfter(outcome)
            report(
                method, path, options, attempt: attempt, status: error.httpStatus, requestId: error.requestId,
                error: error, elapsed: elapsed, willRetry: retry, retryAfter: retryAfter)
            guard retry else { throw error }
            wait(max(config.retry.delay(attempt: attempt, unit: random()), retryAfter ?? .zero))
            attempt += 1
        }
    }

    private func report(
        _ method: HTTPMethod, _ path: String, _ options: RequestOptions, attempt: Int, status: Int?,
        requestId: String?, error: StripeError?, elapsed: Duration, willRetry: Bool,
        retryAfter: Duration? = nil
    ) {
        guard let onAttempt else { return }
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        onAttempt(
            StripeAttempt(
                method: method, path: bare, attempt: attempt + 1, httpStatus: status, requestId: requestId,
                errorCode: error?.stableCode, stripeAccount: options.stripeAccount,
                idempotencyKey: options.idempotencyKey, duration: elapsed, willRetry: willRetry,
                retryAfter: retryAfter))
    }

    /// `text` without the configured key or anything shaped like a Stripe secret.
    func redact(_ text: String) -> String { SecretRedactor.redact(text, secret: config.apiKey) }

    private func wait(_ delay: Duration) {
        if let customSleeper { customSleeper(delay); return }
        let deadline = ContinuousClock.now + delay
        while ContinuousClock.now < deadline {
            let slice = min(CurlResponseSink.tickInterval, deadline - ContinuousClock.now)
            let parts = max(slice, .zero).components
            var request = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
            var remaining = timespec()
            while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
            whileWaiting?()
        }
    }

    private func info(_ response: StripeHTTPResponse, attempts: Int) -> StripeResponseInfo {
        StripeResponseInfo(
            httpStatus: response.status, requestId: response.headers["request-id"],
            idempotentReplayed: Self.parseBool(response.headers["idempotent-replayed"]) ?? false,
            stripeVersion: response.headers["stripe-version"], attempts: attempts)
    }

    /// The `Retry-After` of an answer in seconds (RFC 9110 delay-seconds; an HTTP date is
    /// ignored), capped at 60 s; nil when absent or unreadable.
    static func retryAfter(_ outcome: Result<StripeHTTPResponse, StripeTransportError>) -> Duration? {
        guard case .success(let response) = outcome,
            let text = response.headers["retry-after"]?.trimmingSpaces(),
            let seconds = Double(text), seconds.isFinite, seconds >= 0
        else { return nil }
        return .milliseconds(Int(min(seconds, 60) * 1000))
    }

    static func parseBool(_ value: String?) -> Bool? {
        switch value?.lowercased() {
        case "true": true
        case "false": false
        default: nil
        }
    }
}
