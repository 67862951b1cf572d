import CCurl
import CShims
import Foundation

/// A minimal blocking HTTP client over libcurl for tests. Each call runs on a fresh
/// thread of its own (libcurl never runs on the cooperative pool); redirects are not
/// followed, a request times out after 30 seconds. Thread-safe: every call has its own handle.
public enum TestHTTPClient {
    /// Sends `method url` with `headers` and `body` (none when `nil`) on a dedicated thread.
    ///
    /// - Returns: the response, whatever its status.
    /// - Throws: ``TestHTTPError`` when libcurl fails (connection refused, dropped, timed out).
    public static func send(
        _ method: String, _ url: String, headers: [String: String] = [:],
        body: [UInt8]? = nil
    ) async throws -> TestResponse {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try sendBlocking(method, url, headers: headers, body: body) })
            }
            thread.start()
        }
    }

    /// Sends `method url` on the calling thread, which must be a dedicated one (it blocks).
    ///
    /// - Returns: the response, whatever its status.
    /// - Throws: ``TestHTTPError`` when libcurl fails.
    public static func sendBlocking(
        _ method: String, _ url: String, headers: [String: String],
        body: [UInt8]?
    ) throws -> TestResponse {
        guard let curl = curl_easy_init() else { throw TestHTTPError(curlCode: -1, message: "curl_easy_init") }
        defer { curl_easy_cleanup(curl) }
        let sink = Sink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        _ = cbshim_curl_setopt_string(curl, CURLOPT_URL, url)
        _ = cbshim_curl_setopt_long(curl, CURLOPT_NOSIGNAL, 1)
        _ = cbshim_curl_setopt_long(curl, CURLOPT_TIMEOUT, 30)
        _ = cbshim_curl_setopt_string(curl, CURLOPT_CUSTOMREQUEST, method)
        if method == "HEAD" { _ = cbshim_curl_setopt_long(curl, CURLOPT_NOBODY, 1) }
        if let body {
            _ = cbshim_curl_setopt_off(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    _ = cbshim_curl_setopt_pointer(curl, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress))
                }
            }
            _ = cbshim_curl_setopt_string(curl, CURLOPT_CUSTOMREQUEST, method)
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers { list = curl_slist_append(list, "\(name): \(value)") }
        list = curl_slist_append(list, "Expect:")
        defer { curl_slist_free_all(list) }
        _ = cbshim_curl_setopt_slist(curl, CURLOPT_HTTPHEADER, list)
        _ = cbshim_curl_setopt_pointer(curl, CURLOPT_WRITEDATA, unmanaged.toOpaque())
        _ = cbshim_curl_setopt_pointer(curl, CURLOPT_HEADERDATA, unmanaged.toOpaque())
        _ = cbshim_curl_setopt_write_function(curl) { ptr, size, count, user in
            guard let ptr, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            ptr.withMemoryRebound(to: UInt8.self, capacity: size * count) {
                sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size * count))
            }
            return size * count
        }
        _ = cbshim_curl_setopt_header_function(curl) { ptr, size, count, user in
            guard let ptr, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let line = ptr.withMemoryRebound(to: UInt8.self, capacity: size * count) {
                String(decoding: UnsafeBufferPointer(start: $0, count: size * count), as: UTF8.self)
            }
            if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                sink.headers[name] = value
            }
            return size * count
        }
        let code = curl_easy_perform(curl)
        guard code == CURLE_OK else {
            throw TestHTTPError(curlCode: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
        }
        var status = 0
        _ = cbshim_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        return TestResponse(status: status, headers: sink.headers, body: sink.body)
    }

    private final class Sink {
        var body: [UInt8] = []
        var headers: [String: String] = [:]
    }
}
