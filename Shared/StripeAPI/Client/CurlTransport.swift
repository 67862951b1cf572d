import CCurl
import CShims

/// The libcurl transport: one `CURL*` easy handle reused for every request so the
/// connection to Stripe stays open (keep-alive) between calls.
///
/// Not thread-safe and not `Sendable`: create it, use it and drop it on one thread (a
/// worker's). Sets `CURLOPT_NOSIGNAL` (threads), connect and total timeouts, and a
/// progress callback that drives the `whileWaiting` hook. See https://curl.se/libcurl/c/.
public final class CurlTransport: StripeTransport {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let connectTimeoutMs: Int
    private let timeoutMs: Int
    /// How many TCP connections this handle has opened so far (1 while keep-alive holds).
    public private(set) var connectionsOpened = 0

    /// A transport with the given timeouts.
    /// - Throws: ``StripeTransportError`` when libcurl cannot be initialised.
    public init(connectTimeout: Duration, timeout: Duration) throws(StripeTransportError) {
        guard CurlGlobal.ensure() else { throw StripeTransportError(code: "curl_init", message: "curl_global_init failed") }
        guard let handle = curl_easy_init() else {
            throw StripeTransportError(code: "curl_init", message: "curl_easy_init failed")
        }
        self.handle = handle
        self.errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        self.connectTimeoutMs = Self.milliseconds(connectTimeout)
        self.timeoutMs = Self.milliseconds(timeout)
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Performs `request` on this thread; see ``StripeTransport/perform(_:whileWaiting:)``.
    public func perform(_ request: StripeHTTPRequest, whileWaiting: (() -> Void)?) throws(StripeTransportError) -> StripeHTTPResponse {
        curl_easy_reset(handle)  // keeps open connections and caches
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let sink = CurlResponseSink(whileWaiting: whileWaiting)
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for header in request.headers { list = curl_slist_append(list, "\(header.name): \(header.value)") }
        list = curl_slist_append(list, "Expect:")
        defer { curl_slist_free_all(list) }

        let code: CURLcode = withExtendedLifetime(sink) {
            let context = Unmanaged.passUnretained(sink).toOpaque()
            configure(request, headers: list, context: context)
            return curl_easy_perform(handle)
        }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            let summary = String(cString: curl_easy_strerror(code))
            throw StripeTransportError(
                code: "curl_\(code.rawValue)",
                message: detail.isEmpty ? summary : "\(summary): \(detail)")
        }
        var status = 0
        _ = cbshim_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var connects = 0
        _ = cbshim_curl_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
        connectionsOpened += connects
        return StripeHTTPResponse(status: status, headers: sink.headers, body: sink.body)
    }

    private func configure(
        _ request: StripeHTTPRequest, headers: UnsafeMutablePointer<curl_slist>?,
        context: UnsafeMutableRawPointer
    ) {
        _ = cbshim_curl_setopt_string(handle, CURLOPT_URL, request.url)
        _ = cbshim_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = cbshim_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, connectTimeoutMs)
        _ = cbshim_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeoutMs)
        _ = cbshim_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = cbshim_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headers)
        _ = cbshim_curl_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
        _ = cbshim_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // any encoding curl can decode
        _ = cbshim_curl_setopt_write_function(handle, CurlResponseSink.writeCallback)
        _ = cbshim_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = cbshim_curl_setopt_header_function(handle, CurlResponseSink.headerCallback)
        _ = cbshim_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = cbshim_curl_setopt_xferinfo_function(handle, CurlResponseSink.progressCallback)
        _ = cbshim_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
        _ = cbshim_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
        switch request.method {
        case .get:
            _ = cbshim_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        case .post:
            _ = cbshim_curl_setopt_long(handle, CURLOPT_POST, 1)
            _ = cbshim_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, request.body.count)
            if request.body.isEmpty {
                _ = cbshim_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            } else {
                // COPYPOSTFIELDS copies POSTFIELDSIZE bytes, so the buffer may go away afterwards.
                request.body.withUnsafeBytes { buffer in
                    _ = cbshim_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
                }
            }
        case .delete:
            _ = cbshim_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, "DELETE")
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let parts = duration.components
        return max(1, Int(parts.seconds) * 1000 + Int(parts.attoseconds / 1_000_000_000_000_000))
    }
}
